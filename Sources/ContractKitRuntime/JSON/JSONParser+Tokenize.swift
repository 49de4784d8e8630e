extension JSONParser.Reader {
  /// Reads the whole document into `storage`'s tokens, with the checks of
  /// ``parseDocument()``, iteratively.
  /// - Throws: ``InputError`` for an invalid document, or for a key only the parser reads.
  mutating func tokenize(into storage: inout JSONTokens.Storage) throws(InputError) {
    if bytes.isEmpty || startsWithByteOrderMark {
      throw error("not a document the token reader takes", at: 0)
    }
    var open: [Int] = []
    parsing: while true {
      skipWhitespace()
      guard offset < bytes.count else { throw endOfFile() }
      let byte = bytes[offset]
      let valueStart = offset
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let isObject = byte == UInt8(ascii: "{")
        offset += 1
        skipWhitespace()
        let index = storage.tokens.count
        storage.tokens.append(JSONTokens.Token(
          kind: isObject ? .object : .array, start: valueStart, count: 0, end: index + 1,
          isRewritten: false, sourceStart: valueStart, sourceEnd: 0))
        if offset < bytes.count, bytes[offset] == UInt8(ascii: isObject ? "}" : "]") {
          offset += 1
          storage.tokens[index].sourceEnd = offset
        } else {
          guard open.count < JSONParser.maximumDepth else {
            throw error("nesting is deeper than \(JSONParser.maximumDepth) levels", at: valueStart)
          }
          open.append(index)
          if isObject { try tokenizeKey(into: &storage) }
          continue parsing
        }
      case JSONByte.quote:
        try tokenizeString(into: &storage)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let number = try scanNumber()
        if let digits = number.plainDigits,
          !(number.isNegative && digits.count == 1 && bytes[digits.lowerBound] == UInt8(ascii: "0"))
        {
          storage.tokens.append(JSONTokens.Token(
            kind: .number, start: number.range.lowerBound, count: number.range.count, end: 0,
            isRewritten: false, sourceStart: valueStart, sourceEnd: offset))
        } else {
          let canonical = number.plainDigits == nil ? try spell(number.range).canonical : "0"
          storage.tokens.append(JSONTokens.Token(
            kind: .number, start: storage.spelled.count, count: 0, end: 0, isRewritten: true,
            sourceStart: valueStart, sourceEnd: offset))
          storage.spelled.append(canonical)
        }
      default:
        let kind: JSONTokens.Kind
        switch try readLiteral() {
        case .bool(true): kind = .trueValue
        case .bool(false): kind = .falseValue
        default: kind = .null
        }
        storage.tokens.append(JSONTokens.Token(
          kind: kind, start: 0, count: 0, end: 0, isRewritten: false, sourceStart: valueStart,
          sourceEnd: offset))
      }
      // A value is complete: count it in its container, closing every container that ends.
      while let top = open.last {
        storage.tokens[top].count += 1
        skipWhitespace()
        guard offset < bytes.count else { throw endOfFile() }
        let isObject = storage.tokens[top].kind == .object
        let separator = bytes[offset]
        if separator == UInt8(ascii: ",") {
          offset += 1
          if isObject { try tokenizeKey(into: &storage) }
          continue parsing
        }
        guard separator == UInt8(ascii: isObject ? "}" : "]") else {
          throw unexpected(expected: "',' or a closing bracket")
        }
        offset += 1
        storage.tokens[top].end = storage.tokens.count
        storage.tokens[top].sourceEnd = offset
        open.removeLast()
      }
      break
    }
    skipWhitespace()
    if offset < bytes.count {
      throw error("unexpected content after the JSON document", at: offset)
    }
  }

  /// Reads `"key" :`; a key with an escape, a non-ASCII byte or DEL is left to the parser.
  private mutating func tokenizeKey(into storage: inout JSONTokens.Storage) throws(InputError) {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == JSONByte.quote else {
      throw unexpected(expected: "a double-quoted key")
    }
    let keyOffset = offset
    let range: Range<Int>
    if let plain = scanPlainString() {
      range = plain
    } else {
      let scanned = try scanString()
      guard let scannedRange = scanned.range, scanned.isPlain else {
        throw error("a key only the parser reads", at: keyOffset)
      }
      range = scannedRange
    }
    // Plain: a key with anything to escape is left to the parser.
    storage.appendString(JSONTokens.Token(
      kind: .string, start: range.lowerBound, count: range.count, end: 0, isRewritten: false,
      isPlain: true, sourceStart: keyOffset, sourceEnd: offset))
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
      throw unexpected(expected: "':' after a key")
    }
    offset += 1
  }

  /// Reads a string value, keeping the text of one with escapes in `storage.decoded`.
  private mutating func tokenizeString(into storage: inout JSONTokens.Storage) throws(InputError) {
    let start = offset
    let plain = scanPlainString()
    let scanned = plain == nil ? try scanString() : nil
    if let range = plain ?? scanned?.range {
      storage.appendString(JSONTokens.Token(
        kind: .string, start: range.lowerBound, count: range.count, end: 0, isRewritten: false,
        needsEscape: scanned?.hasDelete ?? false, isPlain: plain != nil, sourceStart: start,
        sourceEnd: offset))
    } else {
      storage.appendString(JSONTokens.Token(
        kind: .string, start: storage.decoded.count, count: scratch.count, end: 0,
        isRewritten: true, sourceStart: start, sourceEnd: offset))
      storage.decoded.append(contentsOf: scratch)
    }
  }
}
