extension JSONParser {
  /// The canonical bytes of the JSON document `bytes`, written from its tokens without
  /// building a ``JSONValue``; `nil` when the document is invalid or when only the full
  /// parser can decide what it means (a key with an escape or a non-ASCII byte, which
  /// `String`'s equality may merge with another spelling, or a key twice). ``parse(_:file:)``
  /// then gives the value, or the error, and `CanonicalJSON.encode` the same bytes.
  ///
  /// The tokens are read by the parser's own code (the same grammar, UTF-8 and escape
  /// checks, the same depth limit), so nothing the parser refuses is accepted here. A wire
  /// contract's payload is canonicalized this way on every check: the app's bytes become
  /// the baseline's spelling at a fraction of the cost of a tree of dictionaries.
  static func canonicalBytes(of bytes: [UInt8]) -> [UInt8]? {
    bytes.withUnsafeBufferPointer { buffer -> [UInt8]? in
      var reader = Reader(bytes: buffer, file: "")
      var tokens = TapeTokens()
      tokens.tokens.reserveCapacity(buffer.count / 8)
      do {
        try reader.tokenize(into: &tokens)
      } catch {
        return nil
      }
      let tape = Tape(bytes: buffer, tokens: tokens)
      let canonical = CanonicalJSON.encode(node: TapeNode(tape: tape, index: 0))
      return tape.isAmbiguous ? nil : canonical
    }
  }
}

/// The tokens of one document in document order: a container is followed by its children
/// (an object's keys and values alternating), and knows where its subtree ends.
struct TapeTokens {
  enum Kind: UInt8 { case null, falseValue, trueValue, number, string, array, object }

  struct Token {
    var kind: Kind
    /// A string's text or a number's literal: where it is in the document (or, for a string
    /// with escapes, in ``TapeTokens/decoded``; for a number spelled anew, its index in
    /// ``TapeTokens/spelled``).
    var start: Int
    /// A string's or number's length in bytes; a container's number of children (an
    /// object's members).
    var count: Int
    /// The index after a container's subtree.
    var end: Int
    /// A string whose text is in ``TapeTokens/decoded``, or a number whose canonical
    /// spelling is not its literal.
    var isRewritten: Bool
  }

  var tokens: [Token] = []
  /// The text of strings with escapes, one after the other.
  var decoded: [UInt8] = []
  /// Canonical spellings of numbers that are not plain integers.
  var spelled: [String] = []
}

/// A document's tokens and bytes while its canonical spelling is written. Everything but
/// ``isAmbiguous`` is a `let`, so reading it takes no exclusivity check.
final class Tape {
  let bytes: UnsafeBufferPointer<UInt8>
  let tokens: [TapeTokens.Token]
  let decoded: [UInt8]
  let spelled: [String]
  /// Set by the writer when an object holds a key twice: only the parser can say more.
  var isAmbiguous = false

  init(bytes: UnsafeBufferPointer<UInt8>, tokens: TapeTokens) {
    self.bytes = bytes
    self.tokens = tokens.tokens
    decoded = tokens.decoded
    spelled = tokens.spelled
  }

  /// Whether the key at token `lhs` sorts before the key at token `rhs`: keys are plain
  /// ASCII, so their bytes are their code points.
  func keyPrecedes(_ lhs: Int, _ rhs: Int) -> Bool {
    let (left, right) = (tokens[lhs], tokens[rhs])
    guard let base = bytes.baseAddress else { return false }
    let order = Platform.compareBytes(base + left.start, base + right.start,
                                      min(left.count, right.count))
    return order != 0 ? order < 0 : left.count < right.count
  }

  /// Whether the keys at tokens `lhs` and `rhs` are the same.
  func sameKey(_ lhs: Int, _ rhs: Int) -> Bool {
    let (left, right) = (tokens[lhs], tokens[rhs])
    guard left.count == right.count, let base = bytes.baseAddress else { return false }
    return Platform.compareBytes(base + left.start, base + right.start, left.count) == 0
  }
}

/// A token as the canonical writer walks it; an object's keys are their token indices.
struct TapeNode: CanonicalNode {
  unowned(unsafe) let tape: Tape
  let index: Int

  /// The index of the token after the one at `index` and its subtree.
  private func next(after index: Int) -> Int {
    let token = tape.tokens[index]
    return token.kind == .array || token.kind == .object ? token.end : index + 1
  }

  var canonicalContent: CanonicalContent<TapeNode> {
    let token = tape.tokens[index]
    switch token.kind {
    case .array:
      var elements: [TapeNode] = []
      elements.reserveCapacity(token.count)
      var child = index + 1
      for _ in 0..<token.count {
        elements.append(TapeNode(tape: tape, index: child))
        child = next(after: child)
      }
      return .array(elements)
    case .object:
      var members: [(key: Int, value: TapeNode)] = []
      members.reserveCapacity(token.count)
      var child = index + 1
      for _ in 0..<token.count {
        members.append((child, TapeNode(tape: tape, index: child + 1)))
        child = next(after: child + 1)
      }
      let tape = self.tape
      members.sort { tape.keyPrecedes($0.key, $1.key) }
      for position in members.indices.dropFirst()
      where tape.sameKey(members[position - 1].key, members[position].key) {
        tape.isAmbiguous = true
        return .object([])
      }
      return .object(members)
    case .null, .falseValue, .trueValue, .number, .string:
      return .leaf
    }
  }

  func appendCanonicalKey(_ key: Int, to bytes: inout [UInt8]) {
    let token = tape.tokens[key]
    // Plain ASCII without DEL: the key needs no escape.
    bytes.append(JSONByte.quote)
    bytes.append(contentsOf: UnsafeBufferPointer(
      rebasing: tape.bytes[token.start..<(token.start + token.count)]))
    bytes.append(JSONByte.quote)
    CanonicalJSON.appendLiteral(" : ", to: &bytes)
  }

  func appendCanonicalLeaf(to bytes: inout [UInt8]) {
    let token = tape.tokens[index]
    switch token.kind {
    case .null: CanonicalJSON.appendLiteral("null", to: &bytes)
    case .falseValue: CanonicalJSON.appendLiteral("false", to: &bytes)
    case .trueValue: CanonicalJSON.appendLiteral("true", to: &bytes)
    case .number:
      if token.isRewritten {
        bytes.append(contentsOf: tape.spelled[token.start].utf8)
      } else {
        bytes.append(contentsOf: UnsafeBufferPointer(
          rebasing: tape.bytes[token.start..<(token.start + token.count)]))
      }
    case .string:
      if token.isRewritten {
        tape.decoded.withUnsafeBufferPointer { decoded in
          CanonicalJSON.appendQuoted(
            utf8: UnsafeBufferPointer(rebasing: decoded[token.start..<(token.start + token.count)]),
            to: &bytes)
        }
      } else {
        CanonicalJSON.appendQuoted(
          utf8: UnsafeBufferPointer(rebasing: tape.bytes[token.start..<(token.start + token.count)]),
          to: &bytes)
      }
    case .array, .object:
      break
    }
  }
}

extension JSONParser.Reader {
  /// Reads the whole document into `tape`'s tokens, with the checks of
  /// ``parseDocument()``, iteratively.
  /// - Throws: ``InputError`` for an invalid document, or for a key only the parser reads.
  mutating func tokenize(into tape: inout TapeTokens) throws(InputError) {
    if bytes.isEmpty || bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      throw error("not a document the canonical reader takes", at: 0)
    }
    var open: [Int] = []
    parsing: while true {
      skipWhitespace()
      guard offset < bytes.count else { throw endOfFile() }
      let byte = bytes[offset]
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let isObject = byte == UInt8(ascii: "{")
        let start = offset
        offset += 1
        skipWhitespace()
        let index = tape.tokens.count
        tape.tokens.append(TapeTokens.Token(
          kind: isObject ? .object : .array, start: start, count: 0, end: index + 1,
          isRewritten: false))
        if offset < bytes.count, bytes[offset] == UInt8(ascii: isObject ? "}" : "]") {
          offset += 1
        } else {
          guard open.count < JSONParser.maximumDepth else {
            throw error("nesting is deeper than \(JSONParser.maximumDepth) levels", at: start)
          }
          open.append(index)
          if isObject { try tokenizeKey(into: &tape) }
          continue parsing
        }
      case JSONByte.quote:
        try tokenizeString(into: &tape)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let number = try scanNumber()
        if let digits = number.plainDigits,
          !(number.isNegative && digits.count == 1 && bytes[digits.lowerBound] == UInt8(ascii: "0"))
        {
          tape.tokens.append(TapeTokens.Token(
            kind: .number, start: number.range.lowerBound, count: number.range.count, end: 0,
            isRewritten: false))
        } else {
          let canonical = number.plainDigits == nil ? try spell(number.range).canonical : "0"
          tape.tokens.append(TapeTokens.Token(
            kind: .number, start: tape.spelled.count, count: 0, end: 0, isRewritten: true))
          tape.spelled.append(canonical)
        }
      default:
        let kind: TapeTokens.Kind
        switch try readLiteral() {
        case .bool(true): kind = .trueValue
        case .bool(false): kind = .falseValue
        default: kind = .null
        }
        tape.tokens.append(TapeTokens.Token(kind: kind, start: 0, count: 0, end: 0, isRewritten: false))
      }
      // A value is complete: count it in its container, closing every container that ends.
      while let top = open.last {
        tape.tokens[top].count += 1
        skipWhitespace()
        guard offset < bytes.count else { throw endOfFile() }
        let isObject = tape.tokens[top].kind == .object
        let separator = bytes[offset]
        if separator == UInt8(ascii: ",") {
          offset += 1
          if isObject { try tokenizeKey(into: &tape) }
          continue parsing
        }
        guard separator == UInt8(ascii: isObject ? "}" : "]") else {
          throw unexpected(expected: "',' or a closing bracket")
        }
        offset += 1
        tape.tokens[top].end = tape.tokens.count
        open.removeLast()
      }
      break
    }
    skipWhitespace()
    if offset < bytes.count { throw error("unexpected content after the JSON document", at: offset) }
  }

  /// Reads `"key" :`; a key with an escape, a non-ASCII byte or DEL is left to the parser.
  private mutating func tokenizeKey(into tape: inout TapeTokens) throws(InputError) {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == JSONByte.quote else {
      throw unexpected(expected: "a double-quoted key")
    }
    let keyOffset = offset
    guard let range = try scanString(), range.allSatisfy({ bytes[$0] < 0x7F }) else {
      throw error("a key only the parser reads", at: keyOffset)
    }
    tape.tokens.append(TapeTokens.Token(
      kind: .string, start: range.lowerBound, count: range.count, end: 0, isRewritten: false))
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
      throw unexpected(expected: "':' after a key")
    }
    offset += 1
  }

  /// Reads a string value, keeping the text of one with escapes in `tape.decoded`.
  private mutating func tokenizeString(into tape: inout TapeTokens) throws(InputError) {
    if let range = try scanString() {
      tape.tokens.append(TapeTokens.Token(
        kind: .string, start: range.lowerBound, count: range.count, end: 0, isRewritten: false))
    } else {
      tape.tokens.append(TapeTokens.Token(
        kind: .string, start: tape.decoded.count, count: scratch.count, end: 0,
        isRewritten: true))
      tape.decoded.append(contentsOf: scratch)
    }
  }
}
