import ContractKitRuntime

/// The findings of a run that make `record` refuse whatever the reason
/// (`identity-nondeterministic`, `volatile-value`: the encoding itself is unstable), which
/// every next step that names `record` (or `review`, which records) must know of: a remedy
/// never suggests a command that refuses.
///
/// `record --only` refuses only for the blockers it selects, so a finding whose contract
/// (or whose own case) has none can still be recorded alone.
package struct RecordBlockers: Sendable {
  /// The blocking findings, in the order given.
  let findings: [Finding]

  /// The blockers among `findings`.
  package init(_ findings: [Finding]) {
    self.findings = findings.filter { $0.kind.recording == .refuses }
  }

  package var isEmpty: Bool { findings.isEmpty }
  package var count: Int { findings.count }

  /// `2 identity-nondeterministic findings (AppViewModel, ProfileViewModel)`: what blocks,
  /// and where.
  package var summary: String {
    var counts: [FindingKind: Int] = [:]
    for finding in findings { counts[finding.kind, default: 0] += 1 }
    let kinds = counts.keys.sorted { codePointOrder($0.rawValue, $1.rawValue) }
      .map { "\(counts[$0] ?? 0) \($0.rawValue) finding\(counts[$0] == 1 ? "" : "s")" }
    let contracts = Set(findings.compactMap(\.contract)).sorted(by: codePointOrder)
    return kinds.joined(separator: " and ")
      + (contracts.isEmpty ? "" : " (\(contracts.joined(separator: ", ")))")
  }

  /// The narrowest `--only` selector that holds `finding` and no blocker: its contract, or
  /// its own case; `nil` when its case has a blocker, or it belongs to no case of the
  /// catalog's contracts that a selector can name (a removed contract, the whole tree).
  package func selector(for finding: Finding) -> String? {
    guard let contract = finding.contract else { return nil }
    let blocked = findings.filter { $0.contract == contract }
    guard !blocked.isEmpty else {
      // A removed contract has no case a selector could select.
      return finding.kind == .contractRemoved ? nil : contract
    }
    guard let file = finding.scope.file,
      !blocked.contains(where: { $0.scope.file == file })
    else { return nil }
    return "\(file.contract)/\(file.version)/\(file.locale).\(file.variant)"
  }

  /// Whether a record of `finding`'s own case (what `review` writes when it accepts it)
  /// refuses.
  package func blocksCase(of finding: Finding) -> Bool {
    guard let file = finding.scope.file else { return !isEmpty }
    return findings.contains { $0.scope.file == file }
  }
}
