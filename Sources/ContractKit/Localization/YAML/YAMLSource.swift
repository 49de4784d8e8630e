/// One physical line of a YAML file that carries content (not blank, not only a comment).
struct YAMLLine: Sendable {
  /// The 1-based line number.
  let number: Int
  /// The byte offset of the line's first byte (after the BOM on line 1).
  let start: Int
  /// The byte offset just past the line's last byte, line break excluded.
  let end: Int
  /// The number of leading spaces.
  let indent: Int
  /// The byte offset of a tab inside the leading whitespace, if there is one.
  let tabOffset: Int?

  /// The byte offset of the first character after the indentation.
  var contentStart: Int { start + indent }
}

/// A YAML file checked for valid UTF-8 and allowed characters, and split into content lines.
struct YAMLSource: Sendable {
  let bytes: [UInt8]
  let file: String
  /// The content lines, in order; blank and comment-only lines are left out.
  let lines: [YAMLLine]

  /// Validates `bytes` and splits them into lines.
  /// - Throws: `InputError` at the first invalid UTF-8 sequence or disallowed character.
  init(bytes: [UInt8], file: String) throws(InputError) {
    self.bytes = bytes
    self.file = file
    var splitter = LineSplitter(bytes: bytes, file: file)
    lines = try splitter.split()
  }

  /// The 1-based column of `offset` on `line`, counted in Unicode scalars.
  func column(of offset: Int, on line: YAMLLine) -> Int {
    YAMLSource.column(of: offset, lineStart: line.start, in: bytes)
  }

  /// An error at `offset` on `line`.
  func error(_ reason: String, at offset: Int, on line: YAMLLine) -> InputError {
    InputError(file: file, line: line.number, column: column(of: offset, on: line),
               byteOffset: offset, reason: reason)
  }

  static func column(of offset: Int, lineStart: Int, in bytes: [UInt8]) -> Int {
    var column = 1
    var index = lineStart
    while index < offset, index < bytes.count {
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return column
  }

  static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
}

/// Walks the bytes once: validates UTF-8, rejects control characters, and records lines.
private struct LineSplitter {
  let bytes: [UInt8]
  let file: String
  var lineNumber = 1
  var lineStart = 0
  var lines: [YAMLLine] = []

  init(bytes: [UInt8], file: String) {
    self.bytes = bytes
    self.file = file
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { lineStart = 3 }
  }

  mutating func split() throws(InputError) -> [YAMLLine] {
    var index = lineStart
    while index < bytes.count {
      let byte = bytes[index]
      if byte >= 0x80 {
        index += try multiByteLength(at: index)
        continue
      }
      switch byte {
      case 0x0A:
        let hasReturn = index > lineStart && bytes[index - 1] == 0x0D
        finishLine(end: hasReturn ? index - 1 : index)
        lineNumber += 1
        lineStart = index + 1
      case 0x0D:
        guard index + 1 < bytes.count, bytes[index + 1] == 0x0A else {
          throw error("a carriage return must be followed by a line feed", at: index)
        }
      case 0x09:
        break
      case 0x00..<0x20, 0x7F:
        throw error("control character \(hex(UInt32(byte))) is not allowed", at: index)
      default:
        break
      }
      index += 1
    }
    finishLine(end: bytes.count)
    return lines
  }

  /// Records the line from `lineStart` to `end` when it carries content.
  mutating func finishLine(end: Int) {
    var indent = 0
    while lineStart + indent < end, bytes[lineStart + indent] == 0x20 { indent += 1 }
    var first = lineStart + indent
    let tabOffset = first < end && bytes[first] == 0x09 ? first : nil
    while first < end, YAMLSource.isBlank(bytes[first]) { first += 1 }
    guard first < end, bytes[first] != UInt8(ascii: "#") else { return }
    lines.append(YAMLLine(number: lineNumber, start: lineStart, end: end, indent: indent,
                          tabOffset: tabOffset))
  }

  /// The length of the valid multi-byte UTF-8 sequence at `index`.
  /// - Throws: `InputError` for invalid UTF-8 or a disallowed scalar.
  func multiByteLength(at index: Int) throws(InputError) -> Int {
    let lead = bytes[index]
    let length: Int
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    var value: UInt32
    switch lead {
    case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
    case 0xE0: length = 3; value = UInt32(lead & 0x0F); secondRange = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3; value = UInt32(lead & 0x0F)
    case 0xED: length = 3; value = UInt32(lead & 0x0F); secondRange = 0x80...0x9F
    case 0xF0: length = 4; value = UInt32(lead & 0x07); secondRange = 0x90...0xBF
    case 0xF1...0xF3: length = 4; value = UInt32(lead & 0x07)
    case 0xF4: length = 4; value = UInt32(lead & 0x07); secondRange = 0x80...0x8F
    default: throw error("invalid UTF-8 byte \(hexByte(lead))", at: index)
    }
    for step in 1..<length {
      let position = index + step
      let range: ClosedRange<UInt8> = step == 1 ? secondRange : 0x80...0xBF
      guard position < bytes.count, range.contains(bytes[position]) else {
        throw error("invalid UTF-8 sequence starting with byte \(hexByte(lead))", at: index)
      }
      value = value << 6 | UInt32(bytes[position] & 0x3F)
    }
    if (0x80...0x9F).contains(value) {
      throw error("control character \(hex(value)) is not allowed", at: index)
    }
    if value == 0xFEFF {
      throw error("a byte order mark is only allowed at the start of the file", at: index)
    }
    if value == 0xFFFE || value == 0xFFFF {
      throw error("noncharacter \(hex(value)) is not allowed", at: index)
    }
    return length
  }

  func error(_ reason: String, at offset: Int) -> InputError {
    InputError(file: file, line: lineNumber,
               column: YAMLSource.column(of: offset, lineStart: lineStart, in: bytes),
               byteOffset: offset, reason: reason)
  }

  func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  func hexByte(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count < 2 ? "0" : "") + digits
  }
}
