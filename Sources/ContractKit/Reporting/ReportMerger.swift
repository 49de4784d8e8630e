import ContractKitRuntime

/// Reads JSON reports back and merges the reports of one `--shard` run into one gate report.
///
/// ```swift
/// let shards = try files.map { try ReportMerger.read(bytes(of: $0), file: $0) }
/// let report = try ReportMerger.merge(shards, failOn: .error)
/// ```
/// A CI matrix checks 1/N of the contracts on each machine with `--format json`; `contracts
/// merge` reads the N files and gives the verdict, findings and summary the unsharded run
/// would have given. Nothing a report claims is trusted: every count is recomputed from
/// findings and cases, a summary that disagrees with them is refused, and so is a set of
/// reports with a shard missing, a shard twice or shards of different runs.
enum ReportMerger {
  /// Parses one JSON report of the fixed shape, strictly, with its `"shard"` object when it
  /// has one.
  ///
  /// The fixed shape carries neither the command, the version and locale counts, coverage,
  /// the baseline directory nor `--strict`, so without a shard object the result has
  /// `command` `"report"`, zero versions and locales, no coverage,
  /// ``BaselineLayout/directoryName`` and failing on errors; its summary is the file's, as
  /// written. A shard object supplies them all.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - file: The file's path, for errors.
  /// - Throws: ``InputError`` naming `file` and, for a wrong shape, the JSON Pointer of the
  ///   offending value (`expected a string at /findings/3/kind`): invalid JSON, a missing,
  ///   extra or mistyped key, an unknown kind, severity, gate or bump, a negative count.
  static func read(_ bytes: [UInt8], file: String) throws(InputError) -> Report {
    let reader = ReportShapeReader(file: file)
    let parsed = try JSONParser.parse(bytes, file: file)
    // A report's optional sections: a shard's, and the release section of `report
    // --against` (read as an object, never trusted: no shard's report has one).
    var keys = JSONReporter.rootKeys
    for optional in ["shard", JSONReporter.sinceReleaseKey] where parsed[optional] != nil {
      keys.append(optional)
    }
    let root = try reader.object(parsed, at: "", keys: keys)
    if let since = root[JSONReporter.sinceReleaseKey] {
      _ = try reader.object(since, at: "/" + JSONReporter.sinceReleaseKey,
                            keys: Array(JSONReporter.sinceReleaseKeys))
    }
    guard case .array(let elements) = root["findings"] ?? .null else {
      throw reader.error("expected an array at /findings")
    }
    var findings: [Finding] = []
    for (index, element) in elements.enumerated() {
      findings.append(
        try reader.finding(element, at: JSONPointer.appending(index, to: "/findings")))
    }
    let summary = try reader.summary(root["summary"] ?? .null, at: "/summary")
    guard let shardValue = root["shard"] else {
      return Report(command: "report", findings: findings, summary: summary,
                    baselineDirectory: BaselineLayout.directoryName)
    }
    let (shard, scopes, values) = try reader.shard(shardValue, at: "/shard")
    for (index, pair) in values {
      guard findings.indices.contains(index) else {
        throw reader.error("/shard names finding \(index), which the report does not have")
      }
      findings[index].baseline = pair.baseline
      findings[index].current = pair.current
    }
    for (index, scope) in scopes {
      guard findings.indices.contains(index) else {
        throw reader.error("/shard names finding \(index), which the report does not have")
      }
      switch (findings[index].scope, scope) {
      case (.store(let locale, nil), .store(_, let source)):
        findings[index].scope = .store(locale: locale, source: source)
      case (.catalog, .entry):
        findings[index].scope = scope
      default:
        throw reader.error("/shard gives finding \(index) a scope its coordinates do not allow")
      }
    }
    var summaryWithCounts = summary
    summaryWithCounts.versions = shard.versions.count
    summaryWithCounts.locales = shard.locales.count
    return Report(command: shard.command, findings: findings, summary: summaryWithCounts,
                  coverage: shard.coverage, baselineDirectory: shard.directory,
                  failOn: shard.failOn, cases: [], shard: shard)
  }

  /// Merges the reports of every shard of one run into one gate report with command
  /// `merge`.
  ///
  /// The findings are the shards' together, plus the catalog-wide ones only all shards
  /// together decide: a key no shard resolved is `key-unused`, `Baselines.md` is stale
  /// unless its coverage table is the shards' coverage summed, and for `report` the
  /// required bump comes from every shard's changes. Counts, the gate (at `failOn`) and the
  /// required bump are recomputed.
  ///
  /// - Throws: ``InputError`` for a report that is no shard's, a summary that disagrees
  ///   with its own findings, a shard missing or given twice, shards of different runs, or
  ///   counts too large to add.
  ///
  /// - Parameters:
  ///   - reports: One report per shard, in any order.
  ///   - names: The reports' files, for errors (`report 2` without them).
  ///   - failOn: The least severity that fails the merged gate.
  static func merge(_ reports: [Report], names: [String] = [], failOn: Severity)
    throws(InputError) -> Report
  {
    let shards = try ShardSet(reports, names: names)
    var findings = reports.flatMap(\.findings)
    findings += shards.unusedKeys()
    let coverage = try shards.coverage()
    // A locale that lost most of its texts is one finding, as in an unsharded run: only the
    // shards together know how many.
    let translations = Dictionary(
      shards.first.translations.map { ($0.locale, $0) }, uniquingKeysWith: { first, _ in first })
    findings = LocaleLoss.grouping(findings, coverage: coverage) { locale in
      translations[locale] ?? LocaleTranslations(locale: locale, fallback: "another locale",
                                                 files: "its translation files")
    }.findings
    if let stale = shards.staleDocument() { findings.append(stale) }
    let comparison = shards.comparison
    if shards.first.command == "report", let comparison, let bump = bumpFinding(comparison) {
      findings.append(bump)
    }
    let summary = Summary(
      findings: findings, contracts: shards.contractCount, versions: shards.first.versions.count,
      locales: shards.first.locales.count,
      baselines: Summary.committedBaselines(cases: try shards.caseCount(), findings: findings),
      failOn: failOn, requiredBump: comparison?.requiredBump ?? .none)
    return Report(
      command: "merge", findings: findings, summary: summary, coverage: coverage,
      baselineDirectory: shards.first.directory, failOn: failOn, comparison: comparison,
      cases: shards.cases)
  }

  /// `version-bump-required` when the declared step is smaller than the changes of every
  /// shard together require, as the release gate words it.
  private static func bumpFinding(_ comparison: ReleaseComparison) -> Finding? {
    guard let previous = comparison.previous, let current = comparison.current else {
      return nil
    }
    let declared = previous.bump(to: current)
    guard declared < comparison.requiredBump else { return nil }
    return .bumpRequired(from: previous, to: current, declared: declared, comparison: comparison)
  }
}
