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
public enum CanonicalJSON {
  /// Canonical UTF-8 bytes of `value`, ending in `"\n"`.
  public static func encode(_ value: JSONValue) -> [UInt8] {
    encode(node: value)
  }

  /// Canonical text of `value`, ending in `"\n"`.
  public static func string(_ value: JSONValue) -> String {
    String(decoding: encode(value), as: UTF8.self)
  }

  /// `string` as a JSON string literal with quotes, escaped the canonical way.
  static func quoted(_ string: String) -> String {
    var bytes: [UInt8] = []
    appendQuoted(string, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `string` as a quoted, canonically escaped JSON string literal.
  static func appendQuoted(_ string: String, to bytes: inout [UInt8]) {
    bytes.append(JSONByte.quote)
    let done: Void? = string.utf8.withContiguousStorageIfAvailable { utf8 in
      appendEscaped(utf8, to: &bytes)
    }
    if done == nil {
      Array(string.utf8).withUnsafeBufferPointer { appendEscaped($0, to: &bytes) }
    }
    bytes.append(JSONByte.quote)
  }

  /// Appends valid UTF-8 as a quoted, canonically escaped JSON string literal.
  static func appendQuoted(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
    bytes.append(JSONByte.quote)
    appendEscaped(utf8, to: &bytes)
    bytes.append(JSONByte.quote)
  }

  /// Appends the escaped bytes of one string's UTF-8, copying unescaped runs in bulk.
  private static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
    var runStart = 0
    for index in 0..<utf8.count {
      let byte = utf8[index]
      guard JSONByte.needsEscape(byte) else { continue }
      if runStart < index {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
      }
      runStart = index + 1
      bytes.append(JSONByte.backslash)
      switch byte {
      case JSONByte.quote, JSONByte.backslash: bytes.append(byte)
      case 0x08: bytes.append(UInt8(ascii: "b"))
      case 0x0C: bytes.append(UInt8(ascii: "f"))
      case 0x0A: bytes.append(UInt8(ascii: "n"))
      case 0x0D: bytes.append(UInt8(ascii: "r"))
      case 0x09: bytes.append(UInt8(ascii: "t"))
      default:
        let hex: StaticString = "0123456789abcdef"
        bytes.append(UInt8(ascii: "u"))
        bytes.append(UInt8(ascii: "0"))
        bytes.append(UInt8(ascii: "0"))
        bytes.append(hex.utf8Start[Int(byte >> 4)])
        bytes.append(hex.utf8Start[Int(byte & 0x0F)])
      }
    }
    if runStart < utf8.count {
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
  }
}

/// The bytes the JSON writer and reader spell structure with.
enum JSONByte {
  static let newline = UInt8(ascii: "\n")
  static let quote = UInt8(ascii: "\"")
  static let backslash = UInt8(ascii: "\\")

  /// Whether canonical JSON escapes `byte` inside a string: `"`, `\`, C0 controls and DEL.
  @inline(__always)
  static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == quote || byte == backslash || byte == 0x7F
  }
}

/// A tree ``CanonicalJSON`` can write: a ``JSONValue``, or a tree that has not become one
/// (the encoder's own, the tokens of a document being canonicalized), so that canonical bytes
/// need no `[String: JSONValue]` built, hashed and sorted on the way.
protocol CanonicalNode {
  /// How the tree holds an object's key: a `String`, or something it spells faster.
  associatedtype Key

  /// What the writer finds here: a leaf it asks to spell itself, or a container's children,
  /// an object's members sorted by code point with no key twice.
  var canonicalContent: CanonicalContent<Self> { get }

  /// Appends this leaf's canonical spelling (``canonicalContent`` is ``CanonicalContent/leaf``).
  func appendCanonicalLeaf(to bytes: inout [UInt8])

  /// Appends `key` quoted and escaped, then `" : "`.
  func appendCanonicalKey(_ key: Key, to bytes: inout [UInt8])
}

/// One node of a ``CanonicalNode`` tree as the writer sees it.
enum CanonicalContent<Node: CanonicalNode> {
  case leaf
  case array([Node])
  /// Members sorted by code point, each key once.
  case object([(key: Node.Key, value: Node)])
}

extension JSONValue: CanonicalNode {
  var canonicalContent: CanonicalContent<JSONValue> {
    switch self {
    case .array(let elements): .array(elements)
    case .object(let members): .object(members.sorted { codePointOrder($0.key, $1.key) })
    case .null, .bool, .number, .string: .leaf
    }
  }

  func appendCanonicalLeaf(to bytes: inout [UInt8]) {
    CanonicalJSON.appendScalar(self, to: &bytes)
  }

  func appendCanonicalKey(_ key: String, to bytes: inout [UInt8]) {
    CanonicalJSON.appendKey(key, to: &bytes)
  }
}

extension CanonicalJSON {
  /// Canonical UTF-8 bytes of any tree the writer can walk, ending in `"\n"`.
  static func encode<Node: CanonicalNode>(node root: Node) -> [UInt8] {
    var writer = Writer<Node>()
    writer.write(root)
    writer.bytes.append(JSONByte.newline)
    return writer.bytes
  }

  /// Appends a scalar's spelling; containers, which the writer opens itself, as `{}` or `[]`
  /// when empty.
  static func appendScalar(_ value: JSONValue, to bytes: inout [UInt8]) {
    switch value {
    case .null: appendLiteral("null", to: &bytes)
    case .bool(let flag): appendLiteral(flag ? "true" : "false", to: &bytes)
    case .number(let number): bytes.append(contentsOf: number.canonical.utf8)
    case .string(let text): appendQuoted(text, to: &bytes)
    case .array: appendLiteral("[]", to: &bytes)
    case .object: appendLiteral("{}", to: &bytes)
    }
  }

  /// Appends `key` as an object member's key: quoted, escaped, then `" : "`.
  static func appendKey(_ key: String, to bytes: inout [UInt8]) {
    appendQuoted(key, to: &bytes)
    appendLiteral(" : ", to: &bytes)
  }

  /// Appends an ASCII literal's bytes.
  static func appendLiteral(_ literal: StaticString, to bytes: inout [UInt8]) {
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  /// An open array or object whose children are still being written.
  private struct Frame<Node: CanonicalNode> {
    let isObject: Bool
    var elements: [Node] = []
    var members: [(key: Node.Key, value: Node)] = []
    var count: Int
    var next = 0
  }

  /// The iterative writer: an explicit stack of open containers and one growing byte buffer.
  private struct Writer<Node: CanonicalNode> {
    var bytes: [UInt8] = []
    private var stack: [Frame<Node>] = []
    private var spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    init() {
      bytes.reserveCapacity(4096)
    }

    /// Writes `root` and everything inside it.
    mutating func write(_ root: Node) {
      open(root)
      while !stack.isEmpty {
        let top = stack.count - 1
        let index = stack[top].next
        if index == stack[top].count {
          let isObject = stack[top].isObject
          stack.removeLast()
          newline(depth: top)
          bytes.append(UInt8(ascii: isObject ? "}" : "]"))
          continue
        }
        stack[top].next = index + 1
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        newline(depth: top + 1)
        if stack[top].isObject {
          let member = stack[top].members[index]
          member.value.appendCanonicalKey(member.key, to: &bytes)
          open(member.value)
        } else {
          open(stack[top].elements[index])
        }
      }
    }

    /// Writes a leaf or an empty container whole, or the opening bracket of a non-empty
    /// container, which it pushes.
    private mutating func open(_ node: Node) {
      switch node.canonicalContent {
      case .leaf:
        node.appendCanonicalLeaf(to: &bytes)
      case .array(let elements):
        if elements.isEmpty {
          CanonicalJSON.appendLiteral("[]", to: &bytes)
        } else {
          bytes.append(UInt8(ascii: "["))
          stack.append(Frame(isObject: false, elements: elements, count: elements.count))
        }
      case .object(let members):
        if members.isEmpty {
          CanonicalJSON.appendLiteral("{}", to: &bytes)
        } else {
          bytes.append(UInt8(ascii: "{"))
          stack.append(Frame(isObject: true, members: members, count: members.count))
        }
      }
    }

    /// Starts a line indented for `depth` levels of nesting.
    private mutating func newline(depth: Int) {
      bytes.append(JSONByte.newline)
      let width = depth * 2
      if spaces.count < width {
        spaces = [UInt8](repeating: UInt8(ascii: " "), count: width * 2)
      }
      bytes.append(contentsOf: spaces[0..<width])
    }
  }
}
