/// The one byte-exact spelling of a ``JSONValue`` that baselines are written in.
///
/// The spelling is the same on every platform because nothing in it comes from Foundation:
/// - object keys sorted by Unicode code point (their UTF-8 bytes compared lexicographically);
/// - two-space indentation, one member or element per line, members as `"key" : value`;
/// - empty containers as `{}` and `[]`;
/// - strings escape only `"`, `\`, U+0000–U+001F and U+007F (`\b \f \n \r \t` or lowercase
///   `\u00xx`); `/`, non-ASCII and U+2028 are written raw;
/// - numbers as ``JSONNumber/canonical``;
/// - one `"\n"` after the document.
///
/// ```swift
/// print(CanonicalJSON.string(["b": 1, "a": [true, nil]]), terminator: "")
/// ```
/// Prints:
/// ```
/// {
///   "a" : [
///     true,
///     null
///   ],
///   "b" : 1
/// }
/// ```
/// The writer is iterative, so nesting depth is bounded by memory, not by the thread's stack.
package enum CanonicalJSON {
  /// Canonical UTF-8 bytes of `value`, ending in `"\n"`.
  package static func encode(_ value: JSONValue) -> [UInt8] {
    encode(node: value)
  }

  /// Canonical text of `value`, ending in `"\n"`.
  package static func string(_ value: JSONValue) -> String {
    String(decoding: encode(value), as: UTF8.self)
  }

  /// `string` as a JSON string literal with quotes, escaped the canonical way.
  package static func quoted(_ string: String) -> String {
    var output = CanonicalOutput(capacity: string.utf8.count + 8)
    appendQuoted(string, to: &output)
    return String(decoding: output.bytes(), as: UTF8.self)
  }

  /// Appends `string` as a quoted, canonically escaped JSON string literal.
  static func appendQuoted(_ string: String, to bytes: inout [UInt8]) {
    bytes += quoted(string).utf8
  }

  /// Appends `string` as a quoted, canonically escaped JSON string literal.
  static func appendQuoted(_ string: String, to output: inout CanonicalOutput) {
    var string = string
    string.withUTF8 { appendQuoted(utf8: $0, to: &output) }
  }

  /// Appends valid UTF-8 as a quoted, canonically escaped JSON string literal.
  static func appendQuoted(utf8: UnsafeBufferPointer<UInt8>, to output: inout CanonicalOutput) {
    output.append(JSONByte.quote)
    appendEscaped(utf8, to: &output)
    output.append(JSONByte.quote)
  }

  /// Appends the escaped bytes of one string's UTF-8, copying unescaped runs in bulk; the
  /// next byte to escape is looked for eight bytes at a time (``JSONByte/firstEscape(in:from:)``).
  private static func appendEscaped(
    _ utf8: UnsafeBufferPointer<UInt8>, to output: inout CanonicalOutput
  ) {
    var runStart = 0
    var index = JSONByte.firstEscape(in: utf8, from: 0)
    while index < utf8.count {
      defer { index = JSONByte.firstEscape(in: utf8, from: index + 1) }
      let byte = utf8[index]
      if runStart < index {
        output.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
      }
      runStart = index + 1
      output.append(JSONByte.backslash)
      switch byte {
      case JSONByte.quote, JSONByte.backslash: output.append(byte)
      case 0x08: output.append(UInt8(ascii: "b"))
      case 0x0C: output.append(UInt8(ascii: "f"))
      case 0x0A: output.append(UInt8(ascii: "n"))
      case 0x0D: output.append(UInt8(ascii: "r"))
      case 0x09: output.append(UInt8(ascii: "t"))
      default:
        let hex: StaticString = "0123456789abcdef"
        output.append("u00")
        output.append(hex.utf8Start[Int(byte >> 4)])
        output.append(hex.utf8Start[Int(byte & 0x0F)])
      }
    }
    if runStart < utf8.count {
      output.append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
  }
}

/// The bytes the JSON writer and reader spell structure with.
package enum JSONByte {
  package static let newline = UInt8(ascii: "\n")
  package static let quote = UInt8(ascii: "\"")
  package static let backslash = UInt8(ascii: "\\")

  /// Whether canonical JSON escapes `byte` inside a string: `"`, `\`, C0 controls and DEL.
  @inline(__always)
  static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == quote || byte == backslash || byte == 0x7F
  }

  /// The index of the first byte of `utf8` from `index` on that canonical JSON escapes
  /// (``needsEscape(_:)``), or the end.
  @inline(__always)
  static func firstEscape(in utf8: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
    endOfRun(in: utf8, from: index, stopsBeyondASCII: false)
  }

  /// The index of the first byte of `bytes` from `index` on that canonical JSON escapes
  /// (``needsEscape(_:)``) or, with `stopsBeyondASCII`, that is beyond ASCII; or the end.
  /// Eight bytes are looked at a time while eight remain: each kind of byte that stops the
  /// run marks the high bit of its bytes in the word, exactly for the lowest (a borrow only
  /// marks bytes above one).
  @inline(__always)
  static func endOfRun(in bytes: UnsafeBufferPointer<UInt8>, from index: Int,
                       stopsBeyondASCII: Bool) -> Int
  {
    var index = index
    if let base = UnsafeRawPointer(bytes.baseAddress) {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      // Each byte's high bit set where the byte is zero (exact for the lowest such byte).
      func zeros(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }
      let beyondASCII = stopsBeyondASCII ? highs : 0
      while index + 8 <= bytes.count {
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        let stops = ((word &- 0x20 &* ones) & ~word & highs) | (word & beyondASCII)
          | zeros(word ^ (0x7F &* ones)) | zeros(word ^ (0x22 &* ones))
          | zeros(word ^ (0x5C &* ones))
        if stops != 0 { return index + stops.trailingZeroBitCount / 8 }
        index += 8
      }
    }
    while index < bytes.count {
      let byte = bytes[index]
      if needsEscape(byte) || (stopsBeyondASCII && byte >= 0x80) { break }
      index += 1
    }
    return index
  }
}

/// A tree ``CanonicalJSON`` can write: a ``JSONValue``, or a tree that has not become one
/// (the encoder's own, the tokens of a document being canonicalized), so that canonical bytes
/// need no `[String: JSONValue]` built, hashed and sorted on the way.
package protocol CanonicalNode {
  /// How the tree holds an object's key: a `String`, or something it spells faster.
  associatedtype Key

  /// What this node is, with a container's children appended to `children`: an object's
  /// members sorted by code point with no key twice, an array's elements without keys.
  /// One buffer serves the whole walk, so no container costs an array of its own.
  func appendCanonicalChildren(to children: inout [CanonicalChild<Self>]) -> CanonicalShape

  /// Appends this leaf's canonical spelling.
  func appendCanonicalLeaf(to output: inout CanonicalOutput)

  /// Appends `key` quoted and escaped, then `" : "`.
  func appendCanonicalKey(_ key: Key, to output: inout CanonicalOutput)
}

/// What a ``CanonicalNode`` is.
package enum CanonicalShape { case leaf, array, object }

/// One child of a container: an object's member with its key, or an array's element.
package struct CanonicalChild<Node: CanonicalNode> {
  var key: Node.Key?
  package var value: Node
}

extension JSONValue: CanonicalNode {
  package func appendCanonicalChildren(to children: inout [CanonicalChild<JSONValue>]) -> CanonicalShape {
    switch self {
    case .array(let elements):
      for element in elements { children.append(CanonicalChild(key: nil, value: element)) }
      return .array
    case .object(let members):
      let start = children.count
      for (key, value) in members { children.append(CanonicalChild(key: key, value: value)) }
      children[start...].sort { codePointOrder($0.key ?? "", $1.key ?? "") }
      return .object
    case .null, .bool, .number, .string:
      return .leaf
    }
  }

  package func appendCanonicalLeaf(to output: inout CanonicalOutput) {
    CanonicalJSON.appendScalar(self, to: &output)
  }

  package func appendCanonicalKey(_ key: String, to output: inout CanonicalOutput) {
    CanonicalJSON.appendKey(key, to: &output)
  }
}

extension CanonicalJSON {
  /// Canonical UTF-8 bytes of any tree the writer can walk, ending in `"\n"`;
  /// `expectedSize` sizes the buffer.
  package static func encode<Node: CanonicalNode>(node root: Node, expectedSize: Int = 16_384)
    -> [UInt8]
  {
    var writer = Writer<Node>(output: CanonicalOutput(capacity: expectedSize))
    writer.write(root)
    writer.output.append(JSONByte.newline)
    return writer.output.bytes()
  }

  /// Appends a scalar's spelling; containers, which the writer opens itself, as `{}` or `[]`
  /// when empty.
  static func appendScalar(_ value: JSONValue, to output: inout CanonicalOutput) {
    switch value {
    case .null: output.append("null")
    case .bool(let flag): output.append(flag ? "true" : "false")
    case .number(let number): output.append(utf8: number.canonical)
    case .string(let text): appendQuoted(text, to: &output)
    case .array: output.append("[]")
    case .object: output.append("{}")
    }
  }

  /// Appends `key` as an object member's key: quoted, escaped, then `" : "`.
  static func appendKey(_ key: String, to output: inout CanonicalOutput) {
    appendQuoted(key, to: &output)
    output.append(" : ")
  }

  /// `key` as an object member's key, quoted, escaped, then `" : "`.
  static func spelledKey(_ key: String) -> [UInt8] {
    var output = CanonicalOutput(capacity: key.utf8.count + 8)
    appendKey(key, to: &output)
    return output.bytes()
  }

  /// An open array or object whose children are still being written: its children are
  /// `children[start..<(start + count)]` of the writer.
  private struct Frame {
    package let isObject: Bool
    let start: Int
    let count: Int
    var next = 0
  }

  /// The iterative writer: an explicit stack of open containers, the children of each in one
  /// shared buffer, and one growing byte buffer.
  private struct Writer<Node: CanonicalNode>: ~Copyable {
    var output: CanonicalOutput
    private var frames: [Frame] = []
    private var children: [CanonicalChild<Node>] = []

    init(output: consuming CanonicalOutput) {
      self.output = output
    }

    /// Writes `root` and everything inside it.
    package mutating func write(_ root: Node) {
      open(root)
      while let top = frames.indices.last {
        let frame = frames[top]
        if frame.next == frame.count {
          frames.removeLast()
          // One at a time: `removeLast(_:)` replaces a subrange through the generic path,
          // a thousand instructions per container of a payload.
          for _ in 0..<frame.count { children.removeLast() }
          newline(depth: top)
          output.append(UInt8(ascii: frame.isObject ? "}" : "]"))
          continue
        }
        frames[top].next = frame.next + 1
        if frame.next > 0 { output.append(UInt8(ascii: ",")) }
        newline(depth: top + 1)
        let child = children[frame.start + frame.next]
        if let key = child.key { child.value.appendCanonicalKey(key, to: &output) }
        open(child.value)
      }
    }

    /// Writes a leaf or an empty container whole, or the opening bracket of a non-empty
    /// container, which it pushes.
    private mutating func open(_ node: Node) {
      let start = children.count
      let shape = node.appendCanonicalChildren(to: &children)
      let count = children.count - start
      switch shape {
      case .leaf:
        node.appendCanonicalLeaf(to: &output)
      case .array, .object:
        let isObject = shape == .object
        if count == 0 {
          output.append(isObject ? "{}" : "[]")
        } else {
          output.append(UInt8(ascii: isObject ? "{" : "["))
          frames.append(Frame(isObject: isObject, start: start, count: count))
        }
      }
    }

    /// Starts a line indented for `depth` levels of nesting.
    private mutating func newline(depth: Int) {
      output.append(JSONByte.newline)
      output.appendSpaces(depth * 2)
    }
  }
}
