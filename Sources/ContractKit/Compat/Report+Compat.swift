import ContractKitRuntime

extension Report {
  /// This gate report with what `compat` found folded in (`report --against REF --compat`):
  /// its `client-decode-failed` findings join the gate's, the verdict and the required bump
  /// are recomputed with them, and the matrix is shown.
  func folding(compat: Report) -> Report {
    let all = findings + compat.findings
    var folded = self
    folded.findings = all.sorted(by: Finding.reportOrder)
    folded.summary = Summary(
      findings: all, contracts: summary.contracts, versions: summary.versions,
      locales: summary.locales, baselines: summary.baselines, failOn: failOn,
      requiredBump: max(summary.requiredBump, compat.summary.requiredBump))
    folded.compat = compat.compat
    return folded
  }
}
