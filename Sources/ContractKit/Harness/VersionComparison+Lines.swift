import ContractKitRuntime

/// The release comparison's first way to read two documents: by the lines of canonical JSON.
///
/// In canonical JSON a root member starts exactly where a line starts with two spaces and a
/// quote (deeper lines start with more spaces, strings hold no raw line feed), so the root
/// members of a baseline and of today's payload are found without reading a token, and only
/// those that differ are parsed. A document that does not read this way (not canonical, a
/// key with an escape or a non-ASCII byte, a key twice, a member that does not parse) is
/// left to ``VersionComparison/reducedPair(old:new:)``, then to the parser.
extension VersionComparison {
  /// ``reducedPair(old:new:)`` at the root only, from lines; `nil` when either document
  /// does not read as canonical lines.
  static func lineReducedPair(old: [UInt8], new: [UInt8]) -> (old: JSONValue, new: JSONValue)? {
    guard let oldMembers = rootMembers(old), let newMembers = rootMembers(new),
      oldMembers["id"] == nil, newMembers["id"] == nil
    else { return nil }
    var oldResult = [String: JSONValue](minimumCapacity: oldMembers.count)
    var newResult = [String: JSONValue](minimumCapacity: newMembers.count)
    for (key, oldRange) in oldMembers {
      guard let newRange = newMembers[key] else {
        guard let value = parse(old[oldRange]) else { return nil }
        oldResult[key] = value
        continue
      }
      if key != WireIdentity.key, isFilledContainer(old[oldRange]),
        sameBytes(old[oldRange], new[newRange])
      {
        oldResult[key] = .null
        newResult[key] = .null
        continue
      }
      guard let oldValue = parse(old[oldRange]), let newValue = parse(new[newRange]) else {
        return nil
      }
      oldResult[key] = oldValue
      newResult[key] = newValue
    }
    for (key, newRange) in newMembers where oldMembers[key] == nil {
      guard let value = parse(new[newRange]) else { return nil }
      newResult[key] = value
    }
    return (.object(oldResult), .object(newResult))
  }

  /// The byte ranges of the root members' values of a document in canonical lines, by key;
  /// `nil` when it is not one (the caller then reads it as tokens).
  static func rootMembers(_ bytes: [UInt8]) -> [String: Range<Int>]? {
    let quote = JSONByte.quote
    let newline = JSONByte.newline
    let space = UInt8(ascii: " ")
    guard bytes.count >= 3, bytes[0] == UInt8(ascii: "{") else { return nil }
    if bytes.count == 3, bytes[1] == UInt8(ascii: "}"), bytes[2] == newline { return [:] }
    let end = bytes.count - 3
    guard end > 1, bytes[end] == newline, bytes[end + 1] == UInt8(ascii: "}"),
      bytes[end + 2] == newline
    else { return nil }
    /// Whether a root member starts at `index`: a line feed, two spaces, a quote.
    func isMemberStart(_ index: Int) -> Bool {
      index + 3 < bytes.count && bytes[index] == newline && bytes[index + 1] == space
        && bytes[index + 2] == space && bytes[index + 3] == quote
    }
    /// The next root member's start at or after `index`, or `end`.
    func nextMemberStart(from index: Int) -> Int {
      bytes.withUnsafeBytes { buffer in
        var line = index
        while let found = Platform.firstOffset(of: newline, in: buffer, from: line), found < end {
          if isMemberStart(found) { return found }
          line = found + 1
        }
        return end
      }
    }
    var members: [String: Range<Int>] = [:]
    var cursor = 1
    while cursor < end {
      guard isMemberStart(cursor) else { return nil }
      // The key: plain ASCII without escapes, then ` : `.
      let keyStart = cursor + 4
      var keyEnd = keyStart
      while keyEnd < end, bytes[keyEnd] != quote {
        guard bytes[keyEnd] != JSONByte.backslash, bytes[keyEnd] >= 0x20, bytes[keyEnd] < 0x7F
        else { return nil }
        keyEnd += 1
      }
      let valueStart = keyEnd + 4
      guard valueStart < end, bytes[keyEnd + 1] == space, bytes[keyEnd + 2] == UInt8(ascii: ":"),
        bytes[keyEnd + 3] == space
      else { return nil }
      // The value runs to the next member's line (after a comma) or to the closing brace.
      let next = nextMemberStart(from: valueStart)
      let valueEnd = next < end ? next - 1 : end
      guard valueStart < valueEnd, next == end || bytes[valueEnd] == UInt8(ascii: ",") else {
        return nil
      }
      let key = String(decoding: bytes[keyStart..<keyEnd], as: UTF8.self)
      guard members.updateValue(valueStart..<valueEnd, forKey: key) == nil else { return nil }
      cursor = next
    }
    return members
  }

  /// The value `bytes` spell, or `nil` when they are not one JSON value.
  private static func parse(_ bytes: ArraySlice<UInt8>) -> JSONValue? {
    try? JSONParser.parse(bytes, file: "")
  }

  /// Whether `bytes` spell an array or object that is not empty.
  private static func isFilledContainer(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard let first = bytes.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    else { return false }
    return bytes.count > 2
  }
}
