import Synchronization
import ContractKitRuntime

/// `contracts check`: encodes the catalog and compares it with the committed baselines.
///
/// ```swift
/// let report = try Check(catalog: catalog).run()
/// print(ReportFormat.text.render(report))
/// ```
package struct Check: Sendable {
  package let catalog: Catalog
  package var options: RunOptions
  /// Whether each missing baseline is a finding; `record`, which writes them, does not
  /// need a finding per file of a tree recorded for the first time.
  var listsMissingBaselines = true
  /// Whether the report lists every case the run covered (JUnit's test cases); `record`
  /// reports none, and a cold record of 20,000 files need not hold them.
  var reportsCases = true
  /// Where `record` stages the bytes of changed cases and `contract.json` files as the check
  /// finds them, so that they need no encoding again to be written.
  var staging: StagedWrites?
  /// The cases whose stale translations `record --confirm-translations` confirms.
  var confirmsTranslations: [CaseSelector] = []
  /// Where the cases that differ are kept as pending results for `review`; `nil` keeps none.
  var pending: PendingCollector?

  package init(catalog: Catalog, options: RunOptions = RunOptions()) {
    self.catalog = catalog
    self.options = options
  }

  /// Everything a check learned, beyond its report: what `record` needs.
  struct Run: Sendable {
    var report: Report
    var groups: [GroupCheck.Outcome]
    var tree: BaselineTree
    /// The lost texts the report shows as one finding per locale (``LocaleLoss``): what
    /// `record` refuses, or logs, payload by payload.
    var collapsed: [Finding] = []
  }

  /// Runs the check.
  /// - Throws: ``InputError`` for an unreadable directory or a corrupt baseline (exit 2).
  package func run() throws -> Report { try runDetailed().report }

  func runDetailed() throws -> Run {
    let files = BaselineFiles(root: catalog.effectiveBaselineDirectory)
    let tree = try BaselineTree.scan(files)
    let contracts = catalog.contracts.filter { options.includes($0.name) }
    let catalog = self.catalog
    let listsMissingBaselines = self.listsMissingBaselines
    let totals = Mutex(CheckTotals())
    let previous = catalog.releasedBeforeCurrent
    let staging = self.staging
    let confirming = self.confirmsTranslations
    let pending = self.pending
    // One job per contract, its versions one after the other on one thread: a stub is the
    // same in every version, and the thread's formatters remember what they spelled. An app's
    // producer runs on the job's thread; a job whose producer never returns runs again on
    // another (`JobWatch`), so the totals are added once, after its last producer call.
    var groups = try WorkerPool.map(contracts, threads: options.threads, replayingStalls: true) {
      contract in
      // A declaration satisfied in one version need not be looked for in the next.
      var unmatched = contract.declarations
      var present = Set<PathDeclaration>()
      var contractTotals = CheckTotals()
      // The released version's baselines, read by its group, for the current version's.
      var releasedBaselines: [String: [UInt8]?] = [:]
      var outcomes = try catalog.versions.map { version in
        var check = GroupCheck(
          catalog: catalog, contract: contract, version: version, files: files)
        check.declarations = unmatched
        if version == catalog.currentVersion {
          check.releasedBefore = previous
          check.releasedBaselines = releasedBaselines
        }
        check.keepsBaselines = version == previous
        check.staging = staging
        check.confirmsTranslations = confirming
        check.pending = pending
        var outcome = try check.run()
        unmatched.removeAll { outcome.satisfiedDeclarations.contains($0) }
        present.formUnion(outcome.presentDeclarations)
        // This contract's versions alone read them: not kept with every group to the end.
        outcome.satisfiedDeclarations = []
        outcome.presentDeclarations = []
        if version == previous { releasedBaselines = outcome.baselines }
        outcome.baselines = [:]
        contractTotals.take(from: &outcome)
        // A new array, not `removeAll(where:)`, which would keep every group's capacity.
        if !listsMissingBaselines {
          outcome.findings = outcome.findings.filter { $0.kind != .baselineMissing }
        }
        return outcome
      }
      // A declaration that no version and variant needs is a warning (`/titel`, a removed
      // child's random identity, an identity made stable); the run goes on.
      if !unmatched.isEmpty, outcomes.contains(where: \.lookedForDeclarations),
        let last = outcomes.indices.last
      {
        outcomes[last].findings += HintCoverage.unused(unmatched, present: present, of: contract)
      }
      totals.withLock { $0.add(contractTotals) }
      return outcomes
    }.flatMap { $0 }
    let total = totals.withLock { $0 }
    var comparison = ReleaseComparison(
      versions: catalog.versions, previous: previous,
      current: previous == nil ? nil : catalog.currentVersion)
    for group in groups {
      // The unreleased version's own baselines are re-recorded freely: its changes against
      // them bear on no release.
      if catalog.isReleased(group.version) { comparison.note(group.findings) }
      for kind in group.releaseChanges { comparison.note(kind, in: group.contract) }
    }
    var findings = groups.flatMap(\.findings)
    // Moved, not copied: a cold `record` has a finding per file, and the report sorts a copy.
    for index in groups.indices { groups[index].findings = [] }
    let treeFindings = try TreeFindings(catalog: catalog, tree: tree, files: files,
                                        options: options).findings()
    comparison.note(treeFindings.filter { $0.scope.version.map(catalog.isReleased) ?? true })
    findings += treeFindings
    let coverage = total.coverage(locales: catalog.locales)
    if options.ownsCatalogFindings {
      findings += StoreFindings.placeholderMismatches(catalog.store, baseLocale: catalog.baseLocale)
    }
    // A shard sees part of the coverage: only the whole run holds a locale to its floor.
    if options.shard == nil {
      findings += CoverageFloor.findings(coverage, floor: CoverageFloor.floor(options, catalog))
    }
    // Unused keys and a stale `Baselines.md` depend on every contract's lookups: a shard
    // records what the merge needs to decide them (see `ShardRecord`).
    var shard: ShardRecord?
    var collapsed: [Finding] = []
    if let slice = options.shard {
      shard = try shardRecord(slice, contracts: contracts, tree: tree, files: files,
                              coverage: coverage, resolvedKeys: total.resolvedKeys,
                              comparison: comparison)
    } else {
      (findings, collapsed) = LocaleLoss.grouping(findings, coverage: coverage) { locale in
        Self.describeLoss(of: locale, in: catalog)
      }
      findings += StoreFindings.unusedKeys(catalog.store, resolved: total.resolvedKeys)
      findings += try BaselinesDocument.staleness(
        catalog: catalog, tree: tree, coverage: coverage, files: files)
    }
    let summary = Summary(
      findings: findings, contracts: contracts.count, versions: catalog.versions.count,
      locales: catalog.locales.count,
      baselines: Summary.committedBaselines(
        cases: groups.reduce(0) { $0 + $1.baselineCount }, findings: findings),
      failOn: options.failOn, requiredBump: comparison.requiredBump)
    let report = Report(
      command: "check", findings: findings, summary: summary, coverage: coverage,
      baselineDirectory: files.displayRoot, failOn: options.failOn, comparison: comparison,
      cases: reportsCases ? catalog.cases(in: options.shard) : [], shard: shard)
    pending?.finish(findings: report.findings, checked: contracts.map(\.name))
    return Run(report: report, groups: groups, tree: tree, collapsed: collapsed)
  }

  /// What the lost texts of `locale` fall back to (the first locale of its fallback chain
  /// with translations), and its translation files.
  static func describeLoss(of locale: String, in catalog: Catalog) -> LocaleTranslations {
    let store = catalog.store
    let chain = LocalizationStore.fallbackChain(locale: locale, baseLocale: catalog.baseLocale)
    return LocaleTranslations(
      locale: locale,
      fallback: chain.dropFirst().first { !store.files(of: $0).isEmpty } ?? catalog.baseLocale,
      files: TranslationHome.describeFiles(of: locale, store: store, baseLocale: catalog.baseLocale))
  }

  /// What this shard's report carries for `contracts merge`.
  private func shardRecord(_ slice: Shard, contracts: [Contract], tree: BaselineTree,
                           files: BaselineFiles, coverage: [LocaleCoverage],
                           resolvedKeys: ResolvedKeys, comparison: ReleaseComparison)
    throws -> ShardRecord
  {
    let document = try BaselinesDocument.read(BaselinesDocument.url(for: files))
    var record = ShardRecord(
      index: slice.index, count: slice.count,
      run: RunFingerprint(catalog: catalog, tree: tree, document: document.map { Array($0.utf8) },
                          shardCount: slice.count).text,
      command: "check", failOn: options.failOn, directory: files.displayRoot,
      versions: catalog.versions, locales: catalog.locales,
      contracts: contracts.map { ShardContract(name: $0.name, variants: $0.variants.map(\.name)) },
      coverage: coverage,
      unresolvedKeys: StoreFindings.unresolvedKeys(catalog.store, resolved: resolvedKeys),
      document: try BaselinesDocument.state(catalog: catalog, tree: tree, files: files,
                                        existing: document),
      comparison: comparison)
    record.translations = catalog.locales.map { Self.describeLoss(of: $0, in: catalog) }
    return record
  }
}
