/// The tokens of one JSON document in document order, read by the parser's own code (the
/// same grammar, UTF-8 and escape checks, the same depth limit), without building a
/// ``JSONValue``: a container is followed by its children (an object's keys and values
/// alternating) and knows where its subtree ends.
///
/// Canonical bytes are written from them (``JSONParser/canonicalBytes(of:)``), and two
/// documents can be compared part by part, a subtree made into a value only where they
/// differ (``value(at:)``). Only documents whose keys are plain ASCII without escapes are
/// read (``read(_:)`` is `nil` otherwise, and for anything the parser refuses): such keys are
/// their own bytes, and `String`'s equality cannot merge two of them.
///
/// Everything is a `let`, so reading takes no exclusivity check.
package final class JSONTokens {
  enum Kind: UInt8 { case null, falseValue, trueValue, number, string, array, object }

  /// One token, in 24 bytes: positions are 32-bit (``read(_:)`` takes documents under 2 GiB).
  struct Token {
    var kind: Kind
    private var flags: UInt8
    private var storedStart: Int32
    private var storedCount: Int32
    private var storedEnd: Int32
    private var storedSourceStart: Int32
    private var storedSourceEnd: Int32

    init(kind: Kind, start: Int, count: Int, end: Int, isRewritten: Bool,
         needsEscape: Bool = false, isPlain: Bool = false, sourceStart: Int, sourceEnd: Int)
    {
      self.kind = kind
      flags = (isRewritten ? 1 : 0) | (needsEscape ? 2 : 0) | (isPlain ? 4 : 0)
      storedStart = Int32(truncatingIfNeeded: start)
      storedCount = Int32(truncatingIfNeeded: count)
      storedEnd = Int32(truncatingIfNeeded: end)
      storedSourceStart = Int32(truncatingIfNeeded: sourceStart)
      storedSourceEnd = Int32(truncatingIfNeeded: sourceEnd)
    }

    /// A string's text or a number's literal: where it is in the document (or, for a string
    /// with escapes, in ``decoded``; for a number spelled anew, its index in ``spelled``).
    var start: Int { Int(storedStart) }
    /// A string's or number's length in bytes; a container's number of children (an
    /// object's members).
    var count: Int {
      get { Int(storedCount) }
      set { storedCount = Int32(truncatingIfNeeded: newValue) }
    }
    /// The index of the token after this one, at `index`, and its subtree.
    func next(at index: Int) -> Int { kind == .array || kind == .object ? end : index + 1 }

    /// The index after a container's subtree.
    var end: Int {
      get { Int(storedEnd) }
      set { storedEnd = Int32(truncatingIfNeeded: newValue) }
    }
    /// A string whose text is in ``decoded``, or a number whose canonical spelling is not
    /// its literal.
    var isRewritten: Bool { flags & 1 != 0 }
    /// A string whose bytes hold a DEL, which canonical JSON escapes; any other string
    /// without escapes is written as it is.
    var needsEscape: Bool { flags & 2 != 0 }
    /// A string the tokenizer found to be plain ASCII with nothing to escape
    /// (``JSONByte/needsEscape(_:)``); `false` says nothing.
    var isPlain: Bool { flags & 4 != 0 }
    /// Where the token's bytes (a container's brackets included) start and end in the
    /// document.
    var sourceStart: Int { Int(storedSourceStart) }
    var sourceEnd: Int {
      get { Int(storedSourceEnd) }
      set { storedSourceEnd = Int32(truncatingIfNeeded: newValue) }
    }
  }

  /// What reading collects.
  struct Storage {
    var tokens: [Token] = []
    /// The text of strings with escapes, one after the other.
    var decoded: [UInt8] = []
    /// Canonical spellings of numbers that are not plain integers.
    var spelled: [String] = []
    /// Whether some string, a key or a value, is empty.
    private(set) var hasEmptyString = false

    /// Appends a string token (a key or a value), noting an empty one: what
    /// ``JSONTokens/hasEmptyString`` says without a pass over the tokens.
    mutating func appendString(_ token: Token) {
      if token.count == 0 { hasEmptyString = true }
      tokens.append(token)
    }
  }

  /// The document.
  let source: [UInt8]
  let tokens: [Token]
  let decoded: [UInt8]
  let spelled: [String]
  /// Whether some string of the document, a key or a value, is empty.
  package let hasEmptyString: Bool

  private init(source: [UInt8], storage: Storage) {
    self.source = source
    tokens = storage.tokens
    decoded = storage.decoded
    spelled = storage.spelled
    hasEmptyString = storage.hasEmptyString
  }

  /// The tokens of `bytes`, or `nil` when the parser refuses them or a key is not plain
  /// ASCII (``JSONParser/parse(_:file:)`` then says what it is).
  package static func read(_ bytes: [UInt8]) -> JSONTokens? {
    guard bytes.count < Int(Int32.max) else { return nil }
    let storage = bytes.withUnsafeBufferPointer { buffer -> Storage? in
      var reader = JSONParser.Reader(bytes: buffer, file: "")
      var storage = Storage()
      storage.tokens.reserveCapacity(buffer.count / 8)
      do {
        try reader.tokenize(into: &storage)
      } catch {
        return nil
      }
      return storage
    }
    return storage.map { JSONTokens(source: bytes, storage: $0) }
  }

  // MARK: - Navigation

  /// The index of the token after the one at `index` and its subtree.
  func next(after index: Int) -> Int { tokens[index].next(at: index) }

  /// The members of the object at `index` by key (their values' token indices), or `nil`
  /// when it holds a key twice.
  package func members(of index: Int) -> [String: Int]? {
    var members = [String: Int](minimumCapacity: tokens[index].count)
    var child = index + 1
    for _ in 0..<tokens[index].count {
      guard members.updateValue(child + 1, forKey: text(ofKey: child)) == nil else { return nil }
      child = next(after: child + 1)
    }
    return members
  }

  /// Whether the token at `index` is an object.
  package func isObject(_ index: Int) -> Bool { tokens[index].kind == .object }

  /// Whether the token at `index` is an array or object with children.
  package func isFilledContainer(_ index: Int) -> Bool {
    let token = tokens[index]
    return (token.kind == .array || token.kind == .object) && token.count > 0
  }

  /// Whether the value at `index` is spelled with exactly the bytes of the value at
  /// `otherIndex` of `other`: then the two are equal.
  package func isSpelledLike(_ index: Int, in other: JSONTokens, at otherIndex: Int) -> Bool {
    let (mine, theirs) = (tokens[index], other.tokens[otherIndex])
    let count = mine.sourceEnd - mine.sourceStart
    guard count == theirs.sourceEnd - theirs.sourceStart else { return false }
    return source.withUnsafeBytes { left in
      other.source.withUnsafeBytes { right in
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else {
          return true
        }
        return Platform.compareBytes(leftBase + mine.sourceStart, rightBase + theirs.sourceStart,
                                     count) == 0
      }
    }
  }

  /// The key at the string token `index`: plain ASCII.
  func text(ofKey index: Int) -> String {
    let token = tokens[index]
    let range = token.start..<(token.start + token.count)
    return source.withUnsafeBufferPointer {
      String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
    }
  }

  /// The value of the subtree at `index`, as ``JSONParser/parse(_:file:)`` reads it; `nil`
  /// when an object in it holds a key twice (which the parser refuses).
  package func value(at root: Int) -> JSONValue? {
    struct Frame {
      package let isObject: Bool
      var remaining: Int
      var keys: [String] = []
      var values: [JSONValue] = []
    }
    var frames: [Frame] = []
    var index = root
    descending: while true {
      let token = tokens[index]
      var value: JSONValue
      switch token.kind {
      case .array, .object:
        guard token.count > 0 else {
          value = token.kind == .array ? .array([]) : .object([:])
          index += 1
          break
        }
        let isObject = token.kind == .object
        frames.append(Frame(isObject: isObject, remaining: token.count))
        index += 1
        if isObject {
          frames[frames.count - 1].keys.append(text(ofKey: index))
          index += 1
        }
        continue descending
      case .null: value = .null
      case .falseValue: value = .bool(false)
      case .trueValue: value = .bool(true)
      case .number: value = .number(number(at: index))
      case .string: value = .string(string(at: index))
      }
      if token.kind != .array && token.kind != .object { index += 1 }
      // `value` is complete: add it to its container, closing every container that ends.
      while let top = frames.indices.last {
        frames[top].values.append(value)
        frames[top].remaining -= 1
        if frames[top].remaining > 0 {
          if frames[top].isObject {
            frames[top].keys.append(text(ofKey: index))
            index += 1
          }
          continue descending
        }
        let frame = frames.removeLast()
        guard frame.isObject else {
          value = .array(frame.values)
          continue
        }
        var members = [String: JSONValue](minimumCapacity: frame.keys.count)
        for (key, member) in zip(frame.keys, frame.values) {
          guard members.updateValue(member, forKey: key) == nil else { return nil }
        }
        value = .object(members)
      }
      return value
    }
  }

  /// The number token at `index`, as the parser reads it.
  private func number(at index: Int) -> JSONNumber {
    let token = tokens[index]
    let range = token.start..<(token.start + token.count)
    let literal = token.isRewritten
      ? spelled[token.start]
      : source.withUnsafeBufferPointer {
        String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
      }
    // A canonical spelling is a literal the parser spells the same way.
    guard let number = JSONNumber(literal: literal[...]) else {
      preconditionFailure("a number token that is not a JSON number: \(literal)")
    }
    return number
  }

  /// The string token at `index`, as the parser reads it.
  func string(at index: Int) -> String {
    let token = tokens[index]
    let range = token.start..<(token.start + token.count)
    return token.isRewritten
      ? decoded.withUnsafeBufferPointer {
        String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
      }
      : source.withUnsafeBufferPointer {
        String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
      }
  }
}
