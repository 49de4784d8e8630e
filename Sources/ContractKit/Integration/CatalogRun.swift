import ContractKitRuntime

/// One check of the whole catalog, which every test of a `swift test` run reads: a case's
/// test its file's findings, the catalog's test all the others. Each case is encoded once
/// per run, and every finding is reported by exactly one test.
struct CatalogRun: Sendable {
  /// The findings about a file the catalog registers, by its case, in report order.
  private let byCase: [ContractCase: [Finding]]
  /// The catalog's cases.
  private let cases: Set<ContractCase>
  /// The findings no case's test reports: about the catalog, a locale, a folder, a file no
  /// registered case writes (a retired variant's), and stale translations, which compare a
  /// case's locales with each other and are shown once for all of them.
  let catalogWide: [Finding]
  /// The check's report, whose harmless findings nobody recorded are counted.
  let report: Report
  /// Why this run's pending results could not be kept, if they could not.
  var pendingProblem: String?
  /// Today's bytes of each case whose encoding differs from its baseline (or has none).
  var currentBytes: [ContractCase: [UInt8]] = [:]

  init(report: Report, cases: Set<ContractCase>) {
    var byCase: [ContractCase: [Finding]] = [:]
    var catalogWide: [Finding] = []
    for finding in report.findings.sorted(by: Finding.reportOrder) {
      if let file = finding.scope.file, cases.contains(file), finding.kind != .translationStale {
        byCase[file, default: []].append(finding)
      } else {
        catalogWide.append(finding)
      }
    }
    self.byCase = byCase
    self.cases = cases
    self.catalogWide = catalogWide
    self.report = report
  }

  /// What the run found about `contractCase`'s file, in report order.
  func findings(of contractCase: ContractCase) -> [Finding] { byCase[contractCase] ?? [] }

  /// Whether `finding` is about a file the catalog registers (a stale translation's is).
  func isCase(_ finding: Finding) -> Bool { finding.scope.file.map(cases.contains) ?? false }

  /// Runs the check once `recording` (if any) has written: on a thread of its own, started
  /// by the first test that asks, so a run that checks no contract encodes nothing.
  static func start(
    catalog: Catalog, pendingStore: PendingStore?,
    after recording: BackgroundValue<Result<Record.Outcome, ContractVerifier.CatalogLoadError>>?
  ) -> BackgroundValue<Result<CatalogRun, ContractVerifier.CatalogLoadError>> {
    BackgroundValue {
      _ = recording?.wait()
      return Result {
        var check = Check(catalog: catalog)
        let pending = PendingCollector(store: pendingStore, keepsBytes: true)
        check.pending = pending
        defer { pending.discard() }
        var run = CatalogRun(report: try check.run(), cases: Set(catalog.cases))
        run.pendingProblem = pending.problem
        run.currentBytes = pending.currentBytes
        return run
      }.mapError { ContractVerifier.CatalogLoadError(description: "\($0)") }
    }
  }
}
