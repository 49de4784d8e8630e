/// Compares the enum cases two `contract.json` documents list.
enum EnumCaseDiff {
  /// `enum-case-removed` for each case `old` lists at a path where `new` still has the enum
  /// but not the case, in path order.
  static func removed(old: ContractMetadata?, new: ContractMetadata?, in folder: ContractVersion)
    -> [Finding]
  {
    guard let old, let new else { return [] }
    let newCases = new.enumCases
    var findings: [Finding] = []
    for (pattern, entry) in old.enumCases.sorted(by: { codePointOrder($0.key, $1.key) }) {
      guard let current = newCases[pattern] else { continue }
      for name in entry.cases where !current.cases.contains(name) {
        findings.append(.enumCaseRemoved(at: pattern, in: folder, type: entry.type,
                                         caseName: name))
      }
    }
    return findings
  }
}
