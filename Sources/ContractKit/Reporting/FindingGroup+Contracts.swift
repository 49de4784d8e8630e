import ContractKitRuntime
extension FindingGroup {
  /// The heading for groups that belong to no contract (such as `key-unused`).
  static let noContractHeading = "(no contract)"

  /// `groups` under one heading per contract: contracts in name (code-point) order, the
  /// groups about no contract first (their name sorts as `""`), each contract's groups in
  /// their given order (most severe first).
  ///
  /// - Returns: For each contract, the indices of its groups in `groups`.
  static func byContract(_ groups: [FindingGroup]) -> [(contract: String?, indices: [Int])] {
    var contracts: [String?] = []
    var byContract: [String?: [Int]] = [:]
    for (index, group) in groups.enumerated() {
      if byContract[group.contract] == nil { contracts.append(group.contract) }
      byContract[group.contract, default: []].append(index)
    }
    return contracts
      .sorted { ($0 ?? "").utf8.lexicographicallyPrecedes(($1 ?? "").utf8) }
      .map { ($0, byContract[$0] ?? []) }
  }
}
