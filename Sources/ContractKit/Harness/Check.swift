/// `contracts check`: encodes the catalog and compares it with the committed baselines.
///
/// ```swift
/// let report = try Check(catalog: catalog).run()
/// print(ReportFormat.text.render(report))
/// exit(report.exitCode)
/// ```
public struct Check: Sendable {
  public let catalog: Catalog
  public var shard: Shard?
  public var strict: Bool
  public var threads: Int

  public init(catalog: Catalog, shard: Shard? = nil, strict: Bool = false,
              threads: Int? = nil)
  {
    self.catalog = catalog
    self.shard = shard
    self.strict = strict
    self.threads = threads ?? WorkerPool.defaultThreadCount
  }

  /// Everything a check learned, beyond its report: what `record` needs.
  struct Run: Sendable {
    var report: Report
    var groups: [GroupCheck.Outcome]
    var tree: BaselineTree
  }

  /// Runs the check.
  /// - Throws: ``InputError`` for an unreadable directory or a corrupt baseline (exit 2).
  public func run() throws -> Report { try runDetailed().report }

  func runDetailed() throws -> Run {
    let files = BaselineFiles(root: catalog.effectiveBaselineDirectory)
    let tree = try BaselineTree.scan(files)
    let contracts = catalog.contracts.filter { shard?.includes($0.name) ?? true }
    let catalog = self.catalog
    let jobs = contracts.flatMap { contract in catalog.versions.map { (contract, $0) } }
    let groups = try WorkerPool.map(jobs, threads: threads) { contract, version in
      try GroupCheck(catalog: catalog, contract: contract, version: version, files: files).run()
    }
    var findings = groups.flatMap(\.findings)
    findings += TreeFindings(catalog: catalog, tree: tree, files: files, shard: shard).findings
    let global = shard?.ownsGlobalFindings ?? true
    let coverage = Self.coverage(groups, locales: catalog.locales)
    if global {
      findings += StoreFindings.placeholderMismatches(catalog.store, baseLocale: catalog.baseLocale)
    }
    if shard == nil {
      findings += StoreFindings.unusedKeys(
        catalog.store, resolved: groups.reduce(into: Set()) { $0.formUnion($1.resolvedKeys) })
      findings += try BaselinesDocument.staleness(
        catalog: catalog, tree: tree, coverage: coverage, files: files)
    }
    let summary = Summary(
      findings: findings, contracts: contracts.count, versions: catalog.versions.count,
      locales: catalog.locales.count, baselines: groups.reduce(0) { $0 + $1.baselineCount },
      strict: strict, requiredBump: findings.map(\.kind.bump).max() ?? .none)
    let report = Report(
      command: "check", findings: findings, summary: summary, coverage: coverage,
      baselineDirectory: files.displayRoot, strict: strict)
    return Run(report: report, groups: groups, tree: tree)
  }

  static func coverage(_ groups: [GroupCheck.Outcome], locales: [String]) -> [LocaleCoverage] {
    locales.map { locale in
      groups.reduce(LocaleCoverage(locale: locale, resolved: 0, fellBack: 0, missing: 0)) {
        total, group in
        guard let part = group.coverage[locale] else { return total }
        return LocaleCoverage(
          locale: locale, resolved: total.resolved + part.resolved,
          fellBack: total.fellBack + part.fellBack, missing: total.missing + part.missing)
      }
    }
  }
}
