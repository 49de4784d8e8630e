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
    var writer = Writer()
    writer.write(value)
    writer.bytes.append(JSONByte.newline)
    return writer.bytes
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

extension CanonicalJSON {
  /// An open array or object whose children are still being written.
  private struct Frame {
    let isObject: Bool
    var elements: [JSONValue] = []
    var members: [(key: String, value: JSONValue)] = []
    var count: Int
    var next = 0
  }

  /// The iterative writer: an explicit stack of open containers and one growing byte buffer.
  private struct Writer {
    var bytes: [UInt8] = []
    private var stack: [Frame] = []
    private var spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    init() {
      bytes.reserveCapacity(4096)
    }

    /// Writes `root` and everything inside it.
    mutating func write(_ root: JSONValue) {
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
          CanonicalJSON.appendQuoted(stack[top].members[index].key, to: &bytes)
          bytes.append(UInt8(ascii: " "))
          bytes.append(UInt8(ascii: ":"))
          bytes.append(UInt8(ascii: " "))
          open(stack[top].members[index].value)
        } else {
          open(stack[top].elements[index])
        }
      }
    }

    /// Writes a scalar or an empty container whole, or the opening bracket of a non-empty
    /// container, which it pushes.
    private mutating func open(_ value: JSONValue) {
      switch value {
      case .null: append("null")
      case .bool(let flag): append(flag ? "true" : "false")
      case .number(let number): bytes.append(contentsOf: number.canonical.utf8)
      case .string(let text): CanonicalJSON.appendQuoted(text, to: &bytes)
      case .array(let elements):
        if elements.isEmpty {
          append("[]")
        } else {
          bytes.append(UInt8(ascii: "["))
          stack.append(Frame(isObject: false, elements: elements, count: elements.count))
        }
      case .object(let members):
        if members.isEmpty {
          append("{}")
        } else {
          bytes.append(UInt8(ascii: "{"))
          let sorted = members.sorted { codePointOrder($0.key, $1.key) }
          stack.append(Frame(isObject: true, members: sorted, count: sorted.count))
        }
      }
    }

    /// Appends an ASCII literal's bytes.
    private mutating func append(_ literal: StaticString) {
      bytes.append(
        contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
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
