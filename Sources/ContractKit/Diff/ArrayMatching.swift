import ContractKitRuntime

/// Pairs the elements of two versions of one JSON array.
///
/// When every element on both sides carries a stable `vmId` (a string, or an object with an
/// `id`: ``WireIdentity``), elements are matched
/// by it, wherever they moved (the k-th row with an identity on one side with the k-th row
/// with that identity on the other, should identities repeat); the unmatched ones on each
/// side are then paired in order (a row whose identity changed is one row with an
/// `identity-changed`, not a removal and an addition). A member an identity hint names
/// (`/line_items/*/id`) identifies rows the same way. Other arrays are matched by index.
enum ArrayMatching {
  struct Pair: Equatable {
    var old: Int?
    var new: Int?
  }

  /// - Parameter member: The member that identifies an element (an identity hint such as
  ///   `/line_items/*/id`); `nil` for the `vmId`.
  static func pairs(_ old: [JSONValue], _ new: [JSONValue], identifiedBy member: String? = nil)
    -> [Pair]
  {
    guard let oldIds = allIdentities(old, member: member),
      let newIds = allIdentities(new, member: member)
    else {
      return byIndex(old.count, new.count)
    }
    var newIndicesById: [String: [Int]] = [:]
    for (index, id) in newIds.enumerated() { newIndicesById[id, default: []].append(index) }
    var taken: [String: Int] = [:]
    var pairs: [Pair] = []
    pairs.reserveCapacity(max(old.count, new.count))
    var matchedNew = Set<Int>()
    var unmatchedOld: [Int] = []
    for (oldIndex, id) in oldIds.enumerated() {
      let occurrence = taken[id, default: 0]
      if let candidates = newIndicesById[id], occurrence < candidates.count {
        let newIndex = candidates[occurrence]
        taken[id] = occurrence + 1
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
    guard let ids = allIdentities(elements), Set(ids).count == ids.count else { return nil }
    return ids
  }

  /// Whether ``StablePaths`` names the elements of two arrays alike: both by index, or both
  /// by the same identities in the same order.
  static func namedAlike(_ old: [JSONValue], _ new: [JSONValue]) -> Bool {
    allIdentities(old) == allIdentities(new)
  }

  /// The `vmId` of every element, repeats included, or `nil` when any lacks one.
  static func allIdentities(_ elements: [JSONValue], member: String? = nil) -> [String]? {
    guard !elements.isEmpty else { return nil }
    var ids: [String] = []
    ids.reserveCapacity(elements.count)
    for element in elements {
      let identity = member.map { element[$0].flatMap(WireIdentity.init(member:)) }
        ?? WireIdentity.of(element: element)
      guard case .stable(let id)? = identity else { return nil }
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
