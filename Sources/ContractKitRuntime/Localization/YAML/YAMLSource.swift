/// A position in a YAML file, counted the way libyaml counts it for Yams's error messages.
struct YAMLMark: Sendable, Hashable {
  /// The 0-based byte offset in the file (a leading byte order mark included).
  var offset: Int
  /// The 0-based line. CR LF, CR, LF, U+0085, U+2028 and U+2029 each end a line, as in libyaml.
  var line: Int
  /// The 0-based column, in Unicode scalars.
  var column: Int
  /// The 0-based count of characters read (CR LF counts two): libyaml's simple key limit of
  /// 1024 characters is measured in these.
  var index: Int

  /// The 1-based `line:column` people read.
  var description: String { "\(line + 1):\(column + 1)" }
}

/// A YAML file's bytes, checked the way FOSMVVM and libyaml check them before reading.
///
/// FOSMVVM turns the file into a `String` with `String(data:encoding: .utf8)`, which fails on
/// bytes that are not UTF-8 and drops one leading byte order mark; libyaml then refuses
/// control characters and noncharacters anywhere in the text.
struct YAMLSource: Sendable {
  package let bytes: [UInt8]
  let file: String
  /// Where the text starts: after the byte order mark Foundation drops, if there is one.
  let start: Int

  /// Checks `bytes`.
  /// - Throws: `InputError` at the first byte that is not UTF-8 or not allowed in YAML.
  init(bytes: [UInt8], file: String) throws(InputError) {
    self.bytes = bytes
    self.file = file
    start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    try validate()
  }

  /// The mark of the text's first character.
  var startMark: YAMLMark { YAMLMark(offset: start, line: 0, column: 0, index: 0) }

  /// An error at `mark`.
  func error(_ reason: String, at mark: YAMLMark) -> InputError {
    InputError(file: file, line: mark.line + 1, column: mark.column + 1, byteOffset: mark.offset,
               reason: reason)
  }

  /// The mark of the character at `offset`, by reading the text from its start.
  func mark(at offset: Int) -> YAMLMark {
    var mark = startMark
    while mark.offset < offset, mark.offset < bytes.count {
      let byte = bytes[mark.offset]
      let isCRLF = byte == 0x0D && mark.offset + 1 < bytes.count && bytes[mark.offset + 1] == 0x0A
      let width = isCRLF ? 2 : Self.width(of: byte)
      if isCRLF || Self.breakWidth(bytes, at: mark.offset) > 0 {
        mark.line += 1
        mark.column = 0
      } else {
        mark.column += 1
      }
      mark.index += isCRLF ? 2 : 1
      mark.offset += width
    }
    return mark
  }

  /// The length of the UTF-8 sequence a lead byte starts.
  static func width(of lead: UInt8) -> Int {
    switch lead {
    case 0..<0x80: 1
    case 0xC0..<0xE0: 2
    case 0xE0..<0xF0: 3
    default: 4
    }
  }

  /// The byte length of the line break at `offset` (CR LF counts as 2), or 0.
  static func breakWidth(_ bytes: [UInt8], at offset: Int) -> Int {
    guard offset < bytes.count else { return 0 }
    func at(_ step: Int) -> UInt8 { offset + step < bytes.count ? bytes[offset + step] : 0 }
    switch bytes[offset] {
    case 0x0D: return at(1) == 0x0A ? 2 : 1
    case 0x0A: return 1
    case 0xC2: return at(1) == 0x85 ? 2 : 0
    case 0xE2: return at(1) == 0x80 && (at(2) == 0xA8 || at(2) == 0xA9) ? 3 : 0
    default: return 0
    }
  }

  // MARK: Validation

  /// Walks the bytes once, decoding UTF-8 and checking each character against the set libyaml
  /// allows: tab, LF, CR, U+0020–U+007E, U+0085, U+00A0–U+D7FF, U+E000–U+FFFD and above.
  private func validate() throws(InputError) {
    var offset = start
    while offset < bytes.count {
      let lead = bytes[offset]
      if lead < 0x80 {
        if (lead < 0x20 && lead != 0x09 && lead != 0x0A && lead != 0x0D) || lead == 0x7F {
          throw disallowed(UInt32(lead), at: offset)
        }
        offset += 1
        continue
      }
      let (value, length) = try decode(at: offset)
      let allowed = value == 0x85 || (0xA0...0xD7FF).contains(value)
        || (0xE000...0xFFFD).contains(value) || value >= 0x10000
      if !allowed { throw disallowed(value, at: offset) }
      offset += length
    }
  }

  /// The scalar value and length of the multi-byte UTF-8 sequence at `offset`.
  private func decode(at offset: Int) throws(InputError) -> (UInt32, Int) {
    let lead = bytes[offset]
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
    default: throw notUTF8("invalid UTF-8 byte \(Self.hexByte(lead))", at: offset)
    }
    for step in 1..<length {
      let position = offset + step
      let range: ClosedRange<UInt8> = step == 1 ? secondRange : 0x80...0xBF
      guard position < bytes.count, range.contains(bytes[position]) else {
        throw notUTF8("invalid UTF-8 sequence starting with byte \(Self.hexByte(lead))",
                      at: offset)
      }
      value = value << 6 | UInt32(bytes[position] & 0x3F)
    }
    return (value, length)
  }

  private func notUTF8(_ reason: String, at offset: Int) -> InputError {
    error("\(reason); FOSMVVM reads translation files as UTF-8 only", at: mark(at: offset))
  }

  private func disallowed(_ value: UInt32, at offset: Int) -> InputError {
    let kind = value == 0xFFFE || value == 0xFFFF ? "noncharacter" : "control character"
    return error("\(kind) \(Self.hex(value)) is not allowed in YAML; write it as an escape "
                   + "in double quotes", at: mark(at: offset))
  }

  static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  static func hexByte(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count < 2 ? "0" : "") + digits
  }
}
