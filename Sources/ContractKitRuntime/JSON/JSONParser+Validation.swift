extension JSONParser {
  /// Checks that `bytes` are one JSON document the parser accepts, building none of it.
  ///
  /// For files whose bytes two trees share: nothing compares them, but a file corrupt in
  /// both is still unusable input, with the same error and position ``parse(_:file:)``
  /// gives. A canonical file is accepted in one pass that builds nothing
  /// (``Reader/acceptsInOrder()``); any other runs the parser's own reader, without the
  /// containers (its dictionaries and arrays are most of a parse's cost), so every rule and
  /// every message is the parser's own.
  /// - Throws: ``InputError`` as ``parse(_:file:)`` does.
  package static func validate(_ bytes: [UInt8], file: String) throws(InputError) {
    let result = bytes.withUnsafeBufferPointer { buffer -> Result<Void, InputError> in
      var quick = Reader(bytes: buffer, file: file)
      if quick.acceptsInOrder() { return .success(()) }
      var reader = Reader(bytes: buffer, file: file)
      reader.keepsValues = false
      return Result { () throws(InputError) in _ = try reader.parseDocument() }
    }
    try result.get()
  }
}

extension JSONParser.Reader {
  /// Whether the document is one the parser certainly accepts, decided in one pass that
  /// keeps no key and builds no value: `true` only when every object's keys are plain ASCII
  /// without escapes in strictly ascending byte order, as canonical JSON writes them, so no
  /// key can be another's duplicate under any equality. Strings, numbers, literals,
  /// whitespace and nesting go through the parser's own scanners and limits. `false` says
  /// nothing about the document: the full reader then decides, with its own message.
  mutating func acceptsInOrder() -> Bool {
    if bytes.isEmpty || bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return false }
    // Per open container: whether it is an object, and where its last key's bytes are
    // (none before the first key; keys are compared by their bytes in place).
    var isObject: [Bool] = []
    var lastKey: [Range<Int>?] = []
    value: while true {
      skipWhitespace()
      guard offset < bytes.count, isObject.count < JSONParser.maximumDepth else { return false }
      switch bytes[offset] {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let opensObject = bytes[offset] == UInt8(ascii: "{")
        offset += 1
        skipWhitespace()
        let close = opensObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if offset < bytes.count, bytes[offset] == close {
          offset += 1
        } else {
          isObject.append(opensObject)
          lastKey.append(nil)
          if opensObject, !readKeyInOrder(after: &lastKey[lastKey.count - 1]) { return false }
          continue value
        }
      case JSONByte.quote:
        guard (try? scanString()) != nil else { return false }
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        guard let number = try? scanNumber() else { return false }
        if number.plainDigits == nil, (try? spell(number.range)) == nil { return false }
      default:
        guard (try? readLiteral()) != nil else { return false }
      }
      // A value ended: close every container that ends after it.
      while let inObject = isObject.last {
        skipWhitespace()
        guard offset < bytes.count else { return false }
        let byte = bytes[offset]
        offset += 1
        if byte == UInt8(ascii: ",") {
          if inObject, !readKeyInOrder(after: &lastKey[lastKey.count - 1]) { return false }
          continue value
        }
        guard byte == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return false }
        isObject.removeLast()
        lastKey.removeLast()
      }
      skipWhitespace()
      return offset == bytes.count
    }
  }

  /// Reads `"key" :` when the key is plain ASCII with no escape and comes after `previous`
  /// in byte order, and makes it `previous`; `false` for any other key.
  private mutating func readKeyInOrder(after previous: inout Range<Int>?) -> Bool {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == JSONByte.quote else { return false }
    let start = offset + 1
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      guard byte >= 0x20, byte < 0x7F, byte != JSONByte.quote, byte != JSONByte.backslash
      else { break }
      index += 1
    }
    guard index < bytes.count, bytes[index] == JSONByte.quote else { return false }
    let key = start..<index
    if let previous, !Self.precedes(previous, key, in: bytes) { return false }
    previous = key
    offset = index + 1
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { return false }
    offset += 1
    return true
  }

  /// Whether the bytes at `first` sort strictly before those at `second`.
  private static func precedes(
    _ first: Range<Int>, _ second: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    let common = min(first.count, second.count)
    for step in 0..<common where bytes[first.lowerBound + step] != bytes[second.lowerBound + step] {
      return bytes[first.lowerBound + step] < bytes[second.lowerBound + step]
    }
    return first.count < second.count
  }
}
