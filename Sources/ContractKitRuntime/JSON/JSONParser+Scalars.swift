extension JSONParser.Reader {
  /// Reads the string whose opening quote is at `offset`, validating its UTF-8; with
  /// `building` false, only validates it and returns `""`.
  mutating func readString(building: Bool = true) throws(InputError) -> String {
    let scanned = try scanString()
    guard building else { return "" }
    if let range = scanned.range { return text(range) }
    return String(decoding: scratch, as: UTF8.self)
  }

  /// A string ``scanString()`` moved past.
  struct ScannedString {
    /// The string's bytes when it has no escapes; `nil` when its text is in `scratch`.
    let range: Range<Int>?
    /// Whether its bytes hold a DEL (U+007F), which canonical JSON escapes.
    let hasDelete: Bool
    /// Whether its bytes are printable ASCII alone, neither DEL nor escapes: its text as
    /// canonical JSON writes it.
    let isPlain: Bool
  }

  /// Moves past the string whose opening quote is at `offset` when it is plain (printable
  /// ASCII without a quote, backslash or DEL), as nearly every key and most texts are, and
  /// gives its bytes; `nil`, having moved nowhere, for any other string, which
  /// ``scanString()`` then reads. Inlined where tokens are read: the call and the result of
  /// the full scan cost a fifth of reading a key.
  @inline(__always)
  mutating func scanPlainString() -> Range<Int>? {
    let start = offset + 1
    let end = Self.endOfPlainRun(bytes, from: start)
    guard end < bytes.count, bytes[end] == JSONByte.quote else { return nil }
    offset = end + 1
    return start..<end
  }

  /// Moves past the string whose opening quote is at `offset`, validating it.
  mutating func scanString() throws(InputError) -> ScannedString {
    let start = offset + 1
    var index = start
    var hasDelete = false
    var isPlain = true
    // Held locally, so the loop over the string's plain bytes keeps them in registers.
    let bytes = self.bytes
    let count = bytes.count
    while true {
      index = Self.endOfPlainRun(bytes, from: index)
      guard index < count else { throw endOfFile(inside: "a string") }
      let byte = bytes[index]
      if byte == JSONByte.quote {
        offset = index + 1
        return ScannedString(range: start..<index, hasDelete: hasDelete, isPlain: isPlain)
      }
      if byte == JSONByte.backslash {
        try readEscapedString(start: start, firstEscape: index)
        return ScannedString(range: nil, hasDelete: hasDelete, isPlain: false)
      }
      if byte == 0x7F { hasDelete = true }
      isPlain = false
      index = try advance(inStringAt: index)
    }
  }

  /// The index of the first byte from `index` on that a string does not hold as itself in
  /// the parser's plain run (printable ASCII, neither a quote nor a backslash), or the end;
  /// eight bytes at a time (``JSONByte/endOfRun(in:from:stopsBeyondASCII:)``).
  @inline(__always)
  static func endOfPlainRun(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
    JSONByte.endOfRun(in: bytes, from: index, stopsBeyondASCII: true)
  }

  /// Reads the rest of a string that has escapes, from its first backslash, into `scratch`.
  private mutating func readEscapedString(
    start: Int, firstEscape: Int
  ) throws(InputError) {
    scratch.removeAll(keepingCapacity: true)
    var runStart = start
    var index = firstEscape
    while true {
      guard index < bytes.count else { throw endOfFile(inside: "a string") }
      let byte = bytes[index]
      if byte == JSONByte.quote || byte == JSONByte.backslash {
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        if byte == JSONByte.quote {
          offset = index + 1
          return
        }
        index = try appendEscape(at: index)
        runStart = index
      } else {
        index = try advance(inStringAt: index)
      }
    }
  }

  /// The index after the unescaped character at `index` inside a string, refusing control
  /// characters and invalid UTF-8.
  @inline(__always)
  private func advance(inStringAt index: Int) throws(InputError) -> Int {
    let byte = bytes[index]
    if byte >= 0x20, byte < 0x80 { return index + 1 }
    if byte < 0x20 {
      throw error("unescaped \(Self.describe(controlCharacter: byte)) in a string", at: index)
    }
    guard let length = utf8SequenceLength(at: index) else {
      throw error("invalid UTF-8", at: index)
    }
    return index + length
  }

  /// Appends the character the escape at `index` (a backslash) stands for to `scratch` and
  /// returns the index after the escape.
  private mutating func appendEscape(at index: Int) throws(InputError) -> Int {
    guard index + 1 < bytes.count else { throw endOfFile(inside: "a string") }
    let letter = bytes[index + 1]
    let simple: UInt8? =
      switch letter {
      case JSONByte.quote, JSONByte.backslash, UInt8(ascii: "/"): letter
      case UInt8(ascii: "b"): 0x08
      case UInt8(ascii: "f"): 0x0C
      case UInt8(ascii: "n"): 0x0A
      case UInt8(ascii: "r"): 0x0D
      case UInt8(ascii: "t"): 0x09
      default: nil
      }
    if let simple {
      scratch.append(simple)
      return index + 2
    }
    guard letter == UInt8(ascii: "u") else {
      if letter >= 0x21, letter < 0x7F {
        throw error("invalid escape '\\\(Character(Unicode.Scalar(letter)))'", at: index)
      }
      if letter >= 0x80, utf8SequenceLength(at: index + 1) == nil {
        throw error("invalid UTF-8", at: index + 1)
      }
      throw error("invalid escape: '\\' followed by \(describe(at: index + 1))", at: index)
    }
    let unit = try hexUnit(at: index)
    var scalar = Unicode.Scalar(unit)
    var end = index + 6
    if (0xD800...0xDBFF).contains(unit) {
      let isEscape =
        end + 1 < bytes.count && bytes[end] == JSONByte.backslash
        && bytes[end + 1] == UInt8(ascii: "u")
      let low: UInt16 = if isEscape { try hexUnit(at: end) } else { 0 }
      guard (0xDC00...0xDFFF).contains(low) else {
        throw error("lone high surrogate \(text(index..<index + 6)) is not followed by a low "
                    + "surrogate \\uDC00-\\uDFFF", at: index)
      }
      scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + UInt32(low) - 0xDC00)
      end += 6
    } else if (0xDC00...0xDFFF).contains(unit) {
      throw error("lone low surrogate \(text(index..<index + 6)) without a high surrogate "
                  + "before it", at: index)
    }
    guard let scalar else { throw error("invalid \\u escape", at: index) }
    UTF8.encode(scalar) { scratch.append($0) }
    return end
  }

  /// The UTF-16 code unit of the `\uXXXX` escape whose backslash is at `index`.
  private func hexUnit(at index: Int) throws(InputError) -> UInt16 {
    var unit: UInt16 = 0
    for digitIndex in index + 2..<index + 6 {
      guard digitIndex < bytes.count else { throw endOfFile(inside: "a string") }
      let byte = bytes[digitIndex]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("invalid \\u escape: expected four hex digits after '\\u'", at: index)
      }
      unit = unit << 4 | UInt16(digit)
    }
    return unit
  }

  /// The bytes in `range` as a string (validated UTF-8 or ASCII by the time this is called).
  func text(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  /// Reads the number at `offset` by RFC 8259's grammar.
  mutating func readNumber() throws(InputError) -> JSONNumber {
    let number = try scanNumber()
    if let digits = number.plainDigits {
      var magnitude: Int64 = 0
      for digitIndex in digits {
        magnitude = magnitude * 10 + Int64(bytes[digitIndex] - UInt8(ascii: "0"))
      }
      return JSONNumber(number.isNegative ? -magnitude : magnitude)
    }
    return try spell(number.range)
  }

  /// Where a number's bytes lie, as ``scanNumber()`` found them.
  struct ScannedNumber {
    let range: Range<Int>
    let isNegative: Bool
    /// The digits of an integer of up to 18 of them, which fits `Int64` and which
    /// ``JSONNumber`` spells as plain digits; `nil` for any other number.
    let plainDigits: Range<Int>?
  }

  /// Moves past the number at `offset`, validating it by RFC 8259's grammar.
  mutating func scanNumber() throws(InputError) -> ScannedNumber {
    let start = offset
    var index = offset
    let isNegative = bytes[index] == UInt8(ascii: "-")
    if isNegative {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "I") {
        throw error("NaN and Infinity are not JSON numbers", at: start)
      }
      try requireDigit(at: index, "after '-'")
    }
    let integerStart = index
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, Self.isDigit(bytes[index]) {
        throw error("leading zeros are not allowed in numbers", at: integerStart)
      }
    } else {
      index = skipDigits(from: index)
    }
    let integerEnd = index
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      try requireDigit(at: index, "after the decimal point")
      index = skipDigits(from: index)
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      try requireDigit(at: index, "in the exponent")
      index = skipDigits(from: index)
    }
    offset = index
    // Integers of up to 18 digits fit Int64; JSONNumber spells them as plain digits either way.
    let isPlain = index == integerEnd && integerEnd - integerStart <= 18
    return ScannedNumber(range: start..<index, isNegative: isNegative,
                         plainDigits: isPlain ? integerStart..<integerEnd : nil)
  }

  /// The number whose literal is at `range`, by ``JSONNumber/init(literal:)``.
  func spell(_ range: Range<Int>) throws(InputError) -> JSONNumber {
    let literal = text(range)
    guard let number = JSONNumber(literal: literal[...]) else {
      throw error("number \(literal) is out of range", at: range.lowerBound)
    }
    return number
  }

  /// Throws unless a digit is at `index`; `place` says where in the number, for the message.
  private func requireDigit(at index: Int, _ place: String) throws(InputError) {
    guard index < bytes.count else { throw endOfFile(inside: "a number") }
    guard Self.isDigit(bytes[index]) else {
      throw unexpected(expected: "a digit \(place)", at: index)
    }
  }

  /// The index of the first non-digit at or after `start`.
  private func skipDigits(from start: Int) -> Int {
    var index = start
    while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
    return index
  }

  /// Whether `byte` is an ASCII digit.
  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// Reads `true`, `false` or `null` at `offset`, or explains what stands there instead.
  mutating func readLiteral() throws(InputError) -> JSONValue {
    var end = offset
    while end < bytes.count, Self.isWordByte(bytes[end]) { end += 1 }
    let word = UnsafeBufferPointer(rebasing: bytes[offset..<end])
    let value: JSONValue? =
      if Self.word(word, is: "true") {
        .bool(true)
      } else if Self.word(word, is: "false") {
        .bool(false)
      } else if Self.word(word, is: "null") {
        .null
      } else {
        nil
      }
    if let value {
      offset = end
      return value
    }
    guard !word.isEmpty else {
      switch bytes[offset] {
      case UInt8(ascii: "+"): throw error("a number cannot start with '+'", at: offset)
      case UInt8(ascii: "."):
        throw error("a number needs a digit before the decimal point", at: offset)
      default: throw unexpected(expected: "a value")
      }
    }
    let text = String(decoding: word.prefix(40), as: UTF8.self)
    if text == "NaN" || text == "Infinity" {
      throw error("NaN and Infinity are not JSON numbers", at: offset)
    }
    throw error("invalid literal '\(text)'; JSON has true, false and null, and strings need "
                + "double quotes", at: offset)
  }

  /// Whether `word` is `literal`, compared as bytes (a `String`'s view would be walked as a
  /// sequence).
  @inline(__always)
  private static func word(_ word: UnsafeBufferPointer<UInt8>, is literal: StaticString) -> Bool {
    guard word.count == literal.utf8CodeUnitCount else { return false }
    for index in word.indices where word[index] != literal.utf8Start[index] { return false }
    return true
  }

  /// Whether `byte` can be part of an unquoted word such as `true`, `NaN` or a bare key.
  static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
      true
    default:
      false
    }
  }

  /// The length of the well-formed UTF-8 sequence starting at `index`, or `nil`.
  func utf8SequenceLength(at index: Int) -> Int? {
    let lead = bytes[index]
    // The table of well-formed sequences in the Unicode Standard, section 3.9.
    let (length, second): (Int, ClosedRange<UInt8>)
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
    case 0xE0: (length, second) = (3, 0xA0...0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
    case 0xED: (length, second) = (3, 0x80...0x9F)
    case 0xF0: (length, second) = (4, 0x90...0xBF)
    case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
    case 0xF4: (length, second) = (4, 0x80...0x8F)
    default: return nil
    }
    guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return nil }
    for continuation in index + 2..<index + length where bytes[continuation] & 0xC0 != 0x80 {
      return nil
    }
    return length
  }
}
