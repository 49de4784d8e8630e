/// `contracts report`: the release gate. Runs the check, then compares the current version's
/// baselines with the previous released version's to state the bump the release requires.
///
/// Any breaking kind requires a major bump, additions a minor one, text or value changes a
/// patch; a declared version smaller than required is `version-bump-required`. When the
/// newest version is unreleased it is compared with the newest released one, so the bump is
/// known before the release is cut.
public struct ReleaseGate: Sendable {
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

  /// The versions compared: the newest released version before the current one, and the
  /// current one; `nil` when there is only one version.
  public var comparedVersions: (previous: SystemVersion, current: SystemVersion)? {
    let current = catalog.currentVersion
    guard let previous = catalog.versions.last(where: { $0 < current && catalog.isReleased($0) })
    else { return nil }
    return (previous, current)
  }

  public func run() throws -> Report {
    var report = try Check(catalog: catalog, shard: shard, strict: strict, threads: threads).run()
    var findings = report.findings
    var required = VersionBump.none
    if let (previous, current) = comparedVersions {
      let changes = try changesBetween(previous, current)
      required = changes.map(\.kind.bump).max() ?? .none
      let declared = previous.bump(to: current)
      if declared < required {
        let kinds = Set(changes.filter { $0.kind.bump == required }.map(\.kind.rawValue)).sorted()
        findings.append(Finding(
          .versionBumpRequired, version: current.versionString,
          message: "\(previous) → \(current) is a \(declared.rawValue) bump, but the changes "
            + "since \(previous) require \(required.rawValue) (\(kinds.joined(separator: ", ")))"))
      }
    }
    report = Report(
      command: "report", findings: findings,
      summary: Summary(
        findings: findings, contracts: report.summary.contracts,
        versions: report.summary.versions, locales: report.summary.locales,
        baselines: report.summary.baselines, strict: strict, requiredBump: required),
      coverage: report.coverage, baselineDirectory: report.baselineDirectory, strict: strict)
    return report
  }

  /// The wire changes from `previous`'s baselines to `current`'s, contract by contract.
  func changesBetween(_ previous: SystemVersion, _ current: SystemVersion) throws -> [Finding] {
    let files = BaselineFiles(root: catalog.effectiveBaselineDirectory)
    let contracts = catalog.contracts.filter { shard?.includes($0.name) ?? true }
    let catalog = self.catalog
    return try WorkerPool.map(contracts, threads: threads) { contract -> [Finding] in
      var changes: [Finding] = []
      let metadata = try ContractMetadata.read(
        contract: contract.name, version: current.versionString, in: files)
      for variant in contract.variants {
        for locale in catalog.locales {
          let old = ContractCase(contract: contract.name, version: previous, locale: locale,
                                 variant: variant.name)
          let new = ContractCase(contract: contract.name, version: current, locale: locale,
                                 variant: variant.name)
          guard let oldBytes = try files.read(old.relativePath) else {
            changes.append(Finding(.contractAdded, contract: contract.name,
                                   message: "no baseline at \(previous)"))
            continue
          }
          guard let newBytes = try files.read(new.relativePath), !sameBytes(newBytes, oldBytes) else {
            continue
          }
          let roles = PathRoles(metadata: metadata, localizedPointers: [])
          changes += PayloadDiff(location: new.location, roles: roles).findings(
            baseline: try JSONParser.parse(oldBytes, file: files.displayPath(old.relativePath)),
            current: try JSONParser.parse(newBytes, file: files.displayPath(new.relativePath)))
        }
      }
      return changes
    }.flatMap { $0 }
  }
}
