extension JSONParser.Reader {
  /// An ``InputError`` at byte `offset`, with its line and column.
  func error(_ reason: String, at offset: Int) -> InputError {
    let (line, column) = location(of: offset)
    return InputError(file: file, line: line, column: column, byteOffset: offset, reason: reason)
  }

  /// The 1-based line and column (in Unicode scalars) of byte `offset`.
  ///
  /// Lines end at `\n`, `\r\n` or a lone `\r`. Only called for errors, and only after the bytes
  /// before `offset` have been read, so they are valid UTF-8 and a scalar starts at every byte
  /// that is not a continuation byte.
  func location(of offset: Int) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for index in 0..<min(offset, bytes.count) {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n")
        || byte == UInt8(ascii: "\r")
          && (index + 1 == bytes.count || bytes[index + 1] != UInt8(ascii: "\n"))
      {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80, byte != UInt8(ascii: "\r") {
        column += 1
      }
    }
    return (line, column)
  }

  /// The error for a document that ends inside `construct`, or inside the innermost open
  /// container when `construct` is `nil`.
  func endOfFile(inside construct: String? = nil) -> InputError {
    let place = construct ?? (frames.last.map { $0.isObject ? "an object" : "an array" })
    let reason = place.map { "unexpected end of file inside \($0)" } ?? "unexpected end of file"
    return error(reason, at: bytes.count)
  }

  /// The error for a byte at `index` (default: the cursor) where `expected` should be.
  func unexpected(expected: String, at index: Int? = nil) -> InputError {
    let index = index ?? offset
    guard index < bytes.count else { return endOfFile() }
    return error(specialReason(at: index) ?? "expected \(expected), found \(describe(at: index))",
                 at: index)
  }

  /// A better reason than "unexpected" for the byte at `index` when one applies: a merge-
  /// conflict marker, a comment, single quotes or invalid UTF-8.
  func specialReason(at index: Int) -> String? {
    if let marker = mergeConflictMarker(at: index) {
      return "merge-conflict marker '\(marker)'; resolve the conflict in this file first"
    }
    let byte = bytes[index]
    switch byte {
    case UInt8(ascii: "/")
    where index + 1 < bytes.count
      && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")):
      return "comments are not allowed in JSON"
    case UInt8(ascii: "'"):
      return "single quotes are not allowed in JSON; strings and keys need double quotes"
    case 0x80... where utf8SequenceLength(at: index) == nil:
      return "invalid UTF-8"
    default:
      return nil
    }
  }

  /// The git conflict marker (`<<<<<<<`, `|||||||`, `=======` or `>>>>>>>`) that starts a line
  /// at `index`, if one does.
  private func mergeConflictMarker(at index: Int) -> String? {
    guard index == 0 || bytes[index - 1] == UInt8(ascii: "\n")
      || bytes[index - 1] == UInt8(ascii: "\r")
    else { return nil }
    let first = bytes[index]
    guard "<|=>".utf8.contains(first), index + 7 <= bytes.count,
      bytes[index..<index + 7].allSatisfy({ $0 == first })
    else { return nil }
    if index + 7 < bytes.count, !" \t\r\n".utf8.contains(bytes[index + 7]) { return nil }
    return text(index..<index + 7)
  }

  /// The character at `index` as an error message names it: `'x'`, `'é' (U+00E9)` or
  /// `control character U+0009`.
  func describe(at index: Int) -> String {
    let byte = bytes[index]
    if byte < 0x20 || byte == 0x7F { return Self.describe(controlCharacter: byte) }
    if byte < 0x80 { return "'\(Character(Unicode.Scalar(byte)))'" }
    guard let length = utf8SequenceLength(at: index) else { return "invalid UTF-8" }
    let character = text(index..<index + length)
    let scalar = character.unicodeScalars.first?.value ?? 0
    return "'\(character)' (U+\(Self.hex(scalar)))"
  }

  /// `control character U+000A`.
  static func describe(controlCharacter byte: UInt8) -> String {
    "control character U+\(hex(UInt32(byte)))"
  }

  /// Uppercase hex with at least four digits, as Unicode spells code points.
  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
