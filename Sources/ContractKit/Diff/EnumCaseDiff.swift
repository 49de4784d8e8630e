import ContractKitRuntime

/// Compares the enum cases two `contract.json` documents list at the same paths.
enum EnumCaseDiff {
  /// `enum-case-removed` for each case `old` lists at a path where `new` still has the enum
  /// but not the case, and, when `old` is a released version's, `enum-case-added` for each
  /// case `new` lists there that `old` does not; in path order.
  ///
  /// A released version's case set is part of its contract: its clients decode with exactly
  /// those cases, and the first unknown one makes the whole view model fail to decode.
  static func changes(old: ContractMetadata?, new: ContractMetadata?, in folder: ContractVersion,
                      released: Bool) -> [Finding]
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
      guard released else { continue }
      for name in current.cases where !entry.cases.contains(name) {
        findings.append(.enumCaseAdded(at: pattern, in: .version(folder), type: current.type,
                                       caseName: name))
      }
    }
    return findings
  }
}
