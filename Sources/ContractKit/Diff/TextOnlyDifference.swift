import ContractKitRuntime

/// Whether two canonical documents differ in their texts alone: the same members in the
/// same places, the same numbers, booleans and nulls, the same array lengths, and strings
/// wherever either has a string, which may say anything.
///
/// Two locales' payloads of one contract, version and variant are usually such a pair: the
/// texts are what localization changes. The bytes must be canonical (``CanonicalJSON``), so
/// a string followed by `" : "` is a key (keys must be equal) and every other string is a
/// value.
enum TextOnlyDifference {
  static func holds(between first: [UInt8], and second: [UInt8]) -> Bool {
    let quote = JSONByte.quote
    return first.withUnsafeBufferPointer { a in
      second.withUnsafeBufferPointer { b in
        var (i, j) = (0, 0)
        while i < a.count, j < b.count {
          let byte = a[i]
          guard byte == b[j] else { return false }
          guard byte == quote else {
            i += 1
            j += 1
            continue
          }
          guard let endA = closingQuote(in: a, openingAt: i),
            let endB = closingQuote(in: b, openingAt: j)
          else { return false }
          let isKey = isKey(in: a, closingAt: endA)
          guard isKey == self.isKey(in: b, closingAt: endB) else { return false }
          if isKey, !a[i...endA].elementsEqual(b[j...endB]) { return false }
          (i, j) = (endA + 1, endB + 1)
        }
        return i == a.count && j == b.count
      }
    }
  }

  /// The index of the quote closing the string opened at `start`, past escapes.
  private static func closingQuote(in bytes: UnsafeBufferPointer<UInt8>, openingAt start: Int)
    -> Int?
  {
    let (quote, backslash) = (JSONByte.quote, JSONByte.backslash)
    var index = start + 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == quote { return index }
      index += byte == backslash ? 2 : 1
    }
    return nil
  }

  /// Whether the string closing at `end` is a member's key: canonical JSON writes `" : "`
  /// after a key and never after a value.
  private static func isKey(in bytes: UnsafeBufferPointer<UInt8>, closingAt end: Int) -> Bool {
    end + 3 < bytes.count && bytes[end + 1] == UInt8(ascii: " ")
      && bytes[end + 2] == UInt8(ascii: ":") && bytes[end + 3] == UInt8(ascii: " ")
  }
}
