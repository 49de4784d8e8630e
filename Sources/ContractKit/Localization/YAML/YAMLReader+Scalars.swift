/// A mapping key read from the start of a line.
struct ScannedKey {
  /// The key's text.
  let text: String
  /// The byte offset of the key's first byte.
  let offset: Int
  /// The byte offset just past the `:` that ends the key.
  let valueStart: Int
}

/// Where a scalar value stands, which decides the wording of some errors.
enum ScalarContext {
  case mappingValue
  case sequenceItem
}

extension YAMLBlockParser {
  // MARK: Keys

  /// Reads `key:` at the start of `line`'s content.
  func parseKey(on line: YAMLLine) throws(InputError) -> ScannedKey {
    let start = line.contentStart
    let first = bytes[start]
    if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
      let quoted = try scanQuoted(on: line, at: start)
      var offset = quoted.end
      while offset < line.end, YAMLSource.isBlank(bytes[offset]) { offset += 1 }
      guard offset < line.end, bytes[offset] == UInt8(ascii: ":"),
            isBreakOrBlank(offset + 1, line) else {
        throw source.error("expected ':' after the quoted key", at: offset, on: line)
      }
      return ScannedKey(text: quoted.text, offset: start, valueStart: offset + 1)
    }
    try rejectIndicator(on: line, at: start, context: .mappingValue, isKey: true)
    var offset = start
    while offset < line.end {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "#"), YAMLSource.isBlank(bytes[offset - 1]) { break }
      if byte == UInt8(ascii: ":"), isBreakOrBlank(offset + 1, line) {
        var end = offset
        while end > start, YAMLSource.isBlank(bytes[end - 1]) { end -= 1 }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        return ScannedKey(text: text, offset: start, valueStart: offset + 1)
      }
      offset += 1
    }
    throw source.error(
      "expected 'key: value' (a value must be on the same line as its key)", at: start, on: line)
  }

  // MARK: Values

  /// Reads the scalar after `offset` on `line`; `nil` when only blanks or a comment follow.
  func parseValue(
    on line: YAMLLine, from offset: Int, context: ScalarContext
  ) throws(InputError) -> YAMLNode? {
    var start = offset
    while start < line.end, YAMLSource.isBlank(bytes[start]) { start += 1 }
    guard start < line.end, bytes[start] != UInt8(ascii: "#") else { return nil }
    let first = bytes[start]
    if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
      let quoted = try scanQuoted(on: line, at: start)
      try expectLineEnd(on: line, from: quoted.end, context: context)
      return .string(quoted.text)
    }
    try rejectIndicator(on: line, at: start, context: context, isKey: false)
    var end = start
    var cursor = start
    while cursor < line.end {
      let byte = bytes[cursor]
      if byte == UInt8(ascii: "#"), YAMLSource.isBlank(bytes[cursor - 1]) { break }
      if byte == UInt8(ascii: ":"), isBreakOrBlank(cursor + 1, line) {
        throw source.error(colonReason(context), at: cursor, on: line)
      }
      if !YAMLSource.isBlank(byte) { end = cursor + 1 }
      cursor += 1
    }
    return try typedPlainScalar(bytes[start..<end], on: line, at: start)
  }

  func colonReason(_ context: ScalarContext) -> String {
    switch context {
    case .mappingValue: "unexpected ': ' inside a plain value; quote the value"
    case .sequenceItem: "mappings inside sequence items are not supported"
    }
  }

  /// Throws for characters that cannot start a plain scalar or key.
  func rejectIndicator(
    on line: YAMLLine, at offset: Int, context: ScalarContext, isKey: Bool
  ) throws(InputError) {
    let byte = bytes[offset]
    let followedByBlank = isBreakOrBlank(offset + 1, line)
    let reason: String?
    switch UnicodeScalar(byte) {
    case "&": reason = "anchors ('&') are not supported"
    case "*": reason = "aliases ('*') are not supported"
    case "!": reason = "tags ('!') are not supported"
    case "{": reason = "flow mappings ('{') are not supported"
    case "[": reason = "flow sequences ('[') are not supported"
    case "|", ">": reason = "block scalars ('\(UnicodeScalar(byte))') are not supported"
    case "%": reason = "directives ('%') are not supported"
    case "}", "]", ",", "@", "`":
      reason = "unexpected character '\(UnicodeScalar(byte))'; quote the value"
    case "?" where followedByBlank: reason = "complex keys ('? ') are not supported"
    case ":" where followedByBlank:
      reason = isKey ? "a mapping key is missing before ':'" : colonReason(context)
    case "-" where followedByBlank:
      reason = context == .mappingValue
        ? "a sequence cannot start on the same line as its key"
        : "nested sequences inside sequence items are not supported"
    default: reason = nil
    }
    if let reason { throw source.error(reason, at: offset, on: line) }
  }

  /// Checks that only blanks or a comment follow a quoted scalar ending before `offset`.
  func expectLineEnd(
    on line: YAMLLine, from offset: Int, context: ScalarContext
  ) throws(InputError) {
    var cursor = offset
    while cursor < line.end, YAMLSource.isBlank(bytes[cursor]) { cursor += 1 }
    if cursor >= line.end { return }
    if bytes[cursor] == UInt8(ascii: "#"), cursor > offset { return }
    if bytes[cursor] == UInt8(ascii: ":"), context == .sequenceItem {
      throw source.error(colonReason(context), at: cursor, on: line)
    }
    throw source.error("unexpected text after the closing quote", at: cursor, on: line)
  }

  /// Types a plain scalar: booleans, integers, decimals, else text; nulls are rejected.
  func typedPlainScalar(
    _ slice: ArraySlice<UInt8>, on line: YAMLLine, at offset: Int
  ) throws(InputError) -> YAMLNode {
    let text = String(decoding: slice, as: UTF8.self)
    switch text {
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "null", "Null", "NULL", "~":
      throw source.error(
        "null values ('\(text)') are not supported; quote the text to keep it",
        at: offset, on: line)
    default: break
    }
    switch PlainNumber.classify(slice) {
    case .integer:
      guard let value = Int(text) else {
        throw source.error("integer '\(text)' is out of range", at: offset, on: line)
      }
      return .int(value)
    case .decimal:
      guard let value = Double(text), value.isFinite else {
        throw source.error("number '\(text)' is out of range", at: offset, on: line)
      }
      return .double(value)
    case nil:
      return .string(text)
    }
  }
}

/// Recognizes the numeric forms of plain scalars.
enum PlainNumber {
  case integer
  case decimal

  /// `.integer` for `-?[0-9]+`; `.decimal` for
  /// `-?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?` with a point or an exponent.
  static func classify(_ slice: ArraySlice<UInt8>) -> PlainNumber? {
    var index = slice.startIndex
    func digits() -> Int {
      let begin = index
      while index < slice.endIndex, (0x30...0x39).contains(slice[index]) { index += 1 }
      return index - begin
    }
    if index < slice.endIndex, slice[index] == UInt8(ascii: "-") { index += 1 }
    let whole = digits()
    var isDecimal = false
    if index < slice.endIndex, slice[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 || whole > 0 else { return nil }
      isDecimal = true
    } else if whole == 0 {
      return nil
    }
    if index < slice.endIndex, slice[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < slice.endIndex, slice[index] == UInt8(ascii: "+")
        || slice[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard digits() > 0 else { return nil }
      isDecimal = true
    }
    guard index == slice.endIndex else { return nil }
    return isDecimal ? .decimal : .integer
  }
}
