/// Pairs the elements of two versions of one JSON array.
///
/// Elements that are objects with a string `vmId` are matched by it, wherever they moved;
/// the unmatched ones on each side are then paired in order (a row whose identity changed
/// is one row with an `identity-changed`, not a removal and an addition). Arrays without
/// identities, or whose identities repeat, are matched by index.
enum ArrayMatching {
  struct Pair: Equatable {
    var old: Int?
    var new: Int?
  }

  static func pairs(_ old: [JSONValue], _ new: [JSONValue]) -> [Pair] {
    guard let oldIds = identities(old), let newIds = identities(new) else {
      return byIndex(old.count, new.count)
    }
    var newIndexById: [String: Int] = [:]
    for (index, id) in newIds.enumerated() { newIndexById[id] = index }
    var pairs: [Pair] = []
    var matchedNew = Set<Int>()
    var unmatchedOld: [Int] = []
    for (oldIndex, id) in oldIds.enumerated() {
      if let newIndex = newIndexById[id] {
        pairs.append(Pair(old: oldIndex, new: newIndex))
        matchedNew.insert(newIndex)
      } else {
        unmatchedOld.append(oldIndex)
      }
    }
    let unmatchedNew = new.indices.filter { !matchedNew.contains($0) }
    for offset in 0..<max(unmatchedOld.count, unmatchedNew.count) {
      pairs.append(Pair(
        old: offset < unmatchedOld.count ? unmatchedOld[offset] : nil,
        new: offset < unmatchedNew.count ? unmatchedNew[offset] : nil))
    }
    return pairs
  }

  /// The `vmId` of every element, or `nil` when any lacks one or two share one.
  static func identities(_ elements: [JSONValue]) -> [String]? {
    guard !elements.isEmpty else { return nil }
    var ids: [String] = []
    var seen = Set<String>()
    for element in elements {
      guard let id = element["vmId"]?.stringValue, seen.insert(id).inserted else { return nil }
      ids.append(id)
    }
    return ids
  }

  private static func byIndex(_ oldCount: Int, _ newCount: Int) -> [Pair] {
    (0..<max(oldCount, newCount)).map {
      Pair(old: $0 < oldCount ? $0 : nil, new: $0 < newCount ? $0 : nil)
    }
  }
}
