import ContractKitRuntime

/// Everything a run found, ready for any output format.
///
/// `check`, `diff`, `report` and `merge` all produce one; reporters only render it.
package struct Report: Sendable, Hashable {
  /// The command that produced it (`check`, `diff`, `report`, `merge`).
  package var command: String
  /// Findings in ``Finding/reportOrder(_:_:)``.
  package var findings: [Finding]
  package var summary: Summary
  /// Localization coverage per locale, in the catalog's locale order.
  package var coverage: [LocaleCoverage]
  /// The baseline directory as the user named it, for file paths in CI annotations.
  package var baselineDirectory: String
  /// The least severity that fails the run: errors by default, warnings with `--strict`.
  package var failOn: Severity
  /// What the run compared and the bump the next release requires, when it says.
  package var comparison: ReleaseComparison?
  /// Every (contract, version, locale, variant) the run covered, passing or not: the test
  /// cases of JUnit output.
  package var cases: [ContractCase]
  /// What a `--shard` run records for `contracts merge`; `nil` for any other run.
  package var shard: ShardRecord?
  /// What changed since the release `report --against REF` names; `nil` without it.
  package var since: SinceRelease?
  /// What each release's own code decoded (`compat`); `nil` for any other run.
  package var compat: CompatMatrix?

  package init(command: String, findings: [Finding], summary: Summary,
              coverage: [LocaleCoverage] = [], baselineDirectory: String,
              failOn: Severity = .error, comparison: ReleaseComparison? = nil,
              cases: [ContractCase] = [], shard: ShardRecord? = nil,
              since: SinceRelease? = nil, compat: CompatMatrix? = nil)
  {
    self.command = command
    self.findings = findings.sorted(by: Finding.reportOrder)
    self.summary = summary
    self.coverage = coverage
    self.baselineDirectory = baselineDirectory
    self.failOn = failOn
    self.comparison = comparison
    self.cases = cases
    self.shard = shard
    self.since = since
    self.compat = compat
  }

  /// The findings at a failing severity: `failOn` and above.
  package var failingFindings: [Finding] {
    findings.filter { $0.severity >= failOn }
  }
}

/// The counts every format shows; the JSON report's `summary` object.
package struct Summary: Sendable, Hashable {
  package var contracts: Int
  package var versions: Int
  package var locales: Int
  /// Committed payload files compared: the cases checked but those whose baseline is
  /// missing (``committedBaselines(cases:findings:)``), so an empty tree counts none.
  package var baselines: Int
  package var errors: Int
  package var warnings: Int
  package var infos: Int
  /// `pass` when no finding is at a failing severity.
  package var gatePasses: Bool
  /// The smallest version step the changes require.
  package var requiredBump: VersionBump

  package init(contracts: Int, versions: Int, locales: Int, baselines: Int, errors: Int,
              warnings: Int, infos: Int, gatePasses: Bool, requiredBump: VersionBump)
  {
    self.contracts = contracts
    self.versions = versions
    self.locales = locales
    self.baselines = baselines
    self.errors = errors
    self.warnings = warnings
    self.infos = infos
    self.gatePasses = gatePasses
    self.requiredBump = requiredBump
  }

  /// The baselines a run of `cases` compared: every case but those `findings` call
  /// `baseline-missing`. One definition, for a check and for the merge of its shards.
  package static func committedBaselines(cases: Int, findings: [Finding]) -> Int {
    cases - findings.filter { $0.kind == .baselineMissing }.count
  }

  /// Counts severities of `findings`; the gate fails on any at `failOn` or above.
  package init(findings: [Finding], contracts: Int, versions: Int, locales: Int, baselines: Int,
              failOn: Severity, requiredBump: VersionBump)
  {
    let errors = findings.filter { $0.severity == .error }.count
    let warnings = findings.filter { $0.severity == .warning }.count
    self.init(
      contracts: contracts, versions: versions, locales: locales, baselines: baselines,
      errors: errors, warnings: warnings, infos: findings.count - errors - warnings,
      gatePasses: !findings.contains { $0.severity >= failOn }, requiredBump: requiredBump)
  }
}

/// How one locale's translations resolved across every encoding of a run.
package struct LocaleCoverage: Sendable, Hashable {
  package var locale: String
  /// Lookups answered in the locale itself.
  package var resolved: Int
  /// Lookups answered by a fallback locale.
  package var fellBack: Int
  /// Lookups answered nowhere (or with an empty text).
  package var missing: Int

  package init(locale: String, resolved: Int, fellBack: Int, missing: Int) {
    self.locale = locale
    self.resolved = resolved
    self.fellBack = fellBack
    self.missing = missing
  }

  /// No lookup counted yet in `locale`.
  static func empty(_ locale: String) -> LocaleCoverage {
    LocaleCoverage(locale: locale, resolved: 0, fellBack: 0, missing: 0)
  }

  /// All lookups; `Int.max` when the sum overflows (counts read from a report).
  package var total: Int {
    let (partial, first) = resolved.addingReportingOverflow(fellBack)
    let (sum, second) = partial.addingReportingOverflow(missing)
    return first || second ? .max : sum
  }

  /// The share resolved in the locale itself, with one decimal, rounded down so that only
  /// full coverage reads `100.0`: `97.5`; `100.0` when nothing was looked up. The one
  /// spelling of coverage, in reports and `Baselines.md` alike.
  package var percentText: String {
    guard total > 0 else { return "100.0" }
    // Integer arithmetic: the same digits on every platform and locale. Full width, so
    // counts near `Int.max` cannot overflow.
    let product = UInt(max(0, resolved)).multipliedFullWidth(by: 1000)
    let tenths = min(1000, Int(UInt(total).dividingFullWidth(product).quotient))
    return "\(tenths / 10).\(tenths % 10)"
  }
}
