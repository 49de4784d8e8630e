import ContractKitRuntime

/// `contracts report`: the release gate. Runs the check and states the bump the next
/// release requires (``ReleaseComparison``, the one definition `check` uses too); a declared
/// version smaller than required is `version-bump-required`.
///
/// When the newest version is unreleased it is compared with the newest released one, so
/// the bump is known before the release is cut.
package struct ReleaseGate: Sendable {
  package let catalog: Catalog
  package var options: RunOptions
  /// The git ref of the last release (`v2.0.0`) to gate against as well
  /// (`report --against REF`, `ReleaseGate+Against.swift`).
  package var against: String?

  package init(catalog: Catalog, options: RunOptions = RunOptions(), against: String? = nil) {
    self.catalog = catalog
    self.options = options
    self.against = against
  }

  package func run() throws -> Report {
    let check = try Check(catalog: catalog, options: options).run()
    var findings = check.findings
    var shard = check.shard
    shard?.command = "report"
    // A shard sees its contracts' changes only: the merge of every shard decides the bump.
    if shard == nil, let comparison = check.comparison, let previous = comparison.previous,
      let current = comparison.current
    {
      let declared = previous.bump(to: current)
      if declared < comparison.requiredBump {
        findings.append(.bumpRequired(
          from: previous, to: current, declared: declared, comparison: comparison))
      }
    }
    let since = try against.map { try self.since($0, check: check) }
    if let since {
      if since.declaredBump < since.requiredBump {
        findings.append(.bumpRequired(since: since, current: catalog.currentVersion))
      }
      findings += since.unlogged.map { .unlogged($0, since: since.ref) }
    }
    let summary = check.summary
    return Report(
      command: "report", findings: findings,
      summary: Summary(
        findings: findings, contracts: summary.contracts, versions: summary.versions,
        locales: summary.locales, baselines: summary.baselines, failOn: options.failOn,
        requiredBump: max(summary.requiredBump, since?.requiredBump ?? .none)),
      coverage: check.coverage, baselineDirectory: check.baselineDirectory,
      failOn: options.failOn, comparison: check.comparison, cases: check.cases, shard: shard,
      since: since)
  }
}
