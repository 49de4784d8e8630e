/// `contracts report`: the release gate. Runs the check, then compares the current version's
/// baselines with the previous released version's to state the bump the release requires.
///
/// Any breaking kind requires a major bump, additions a minor one, text or value changes a
/// patch; a declared version smaller than required is `version-bump-required`. When the
/// newest version is unreleased it is compared with the newest released one, so the bump is
/// known before the release is cut.
public struct ReleaseGate: Sendable {
  public let catalog: Catalog
  public var options: RunOptions

  public init(catalog: Catalog, options: RunOptions = RunOptions()) {
    self.catalog = catalog
    self.options = options
  }

  /// The versions compared: the newest released version before the current one, and the
  /// current one; `nil` when there is only one version.
  public var comparedVersions: (previous: SystemVersion, current: SystemVersion)? {
    let current = catalog.currentVersion
    guard let previous = catalog.versions.last(where: { $0 < current && catalog.isReleased($0) })
    else { return nil }
    return (previous, current)
  }

  public func run() throws -> Report {
    var report = try Check(catalog: catalog, options: options).run()
    var findings = report.findings
    var required = VersionBump.none
    var shard = report.shard
    shard?.command = "report"
    if let (previous, current) = comparedVersions {
      let changes = try changesBetween(previous, current)
      required = changes.map(\.kind.bump).max() ?? .none
      let declared = previous.bump(to: current)
      // A shard sees its contracts' changes only: the merge of every shard decides the bump.
      shard?.release = ReleaseChanges(previous: previous, current: current,
                                      kinds: changes.map(\.kind))
      if declared < required, shard == nil {
        findings.append(.bumpRequired(
          from: previous, to: current, declared: declared, required: required,
          kinds: Array(Set(changes.filter { $0.kind.bump == required }.map(\.kind)))))
      }
    }
    report = Report(
      command: "report", findings: findings,
      summary: Summary(
        findings: findings, contracts: report.summary.contracts,
        versions: report.summary.versions, locales: report.summary.locales,
        baselines: report.summary.baselines, failOn: options.failOn, requiredBump: required),
      coverage: report.coverage, baselineDirectory: report.baselineDirectory,
      failOn: options.failOn, cases: report.cases, shard: shard)
    return report
  }

  /// The wire changes from `previous`'s baselines to `current`'s, contract by contract.
  func changesBetween(_ previous: SystemVersion, _ current: SystemVersion) throws -> [Finding] {
    let comparison = VersionComparison(
      catalog: catalog, files: BaselineFiles(root: catalog.effectiveBaselineDirectory),
      previous: previous, current: current)
    let contracts = catalog.contracts.filter { options.includes($0.name) }
    return try WorkerPool.map(contracts, threads: options.threads) { contract in
      try comparison.changes(of: contract, from: .baselines)
    }.flatMap { $0 }
  }
}
