import Foundation

/// Test-framework-neutral checks behind the Swift Testing and XCTest integrations.
///
/// ```swift
/// let contracts = ContractVerifier(AppCatalog.make, command: "swift run app-contracts")
/// contracts.problems(for: contracts.cases[0])
/// // [error: field-removed at HomeViewModel 1.0.0 /title in en (default): … Revert the
/// //  change; if the break is intended, run: swift run app-contracts record --accept-breaking …]
/// ```
/// Keeps a catalog built once per process, honours `CONTRACTKIT_RECORD`, and renders
/// problems the way the text report does: contract, version, locale, variant, path, the
/// baseline and current values side by side, and the remedy that fits the finding's kind,
/// naming the user's own command.
public final class ContractVerifier: Sendable {
  /// How a test run may write baselines, from `CONTRACTKIT_RECORD`.
  public enum RecordMode: String, Sendable {
    /// Never write (the default, and always on CI unless forced).
    case never
    /// Write only baselines that do not exist yet.
    case missing
    /// Re-record every baseline (breaking changes still need `record --accept-breaking
    /// --reason`).
    case all
  }

  /// One thing a test reports: an error fails it, a warning is shown and lets it pass.
  public struct Problem: Sendable, Hashable, CustomStringConvertible {
    /// `.error` or `.warning`; informational findings are not problems.
    public let severity: Severity
    /// What happened, where, the two values, and the remedy, on several lines.
    public let message: String

    public init(_ severity: Severity, _ message: String) {
      self.severity = severity
      self.message = message
    }

    public var description: String { message }
  }

  private let state: Result<Catalog, CatalogLoadError>
  /// The record mode in force.
  public let recordMode: RecordMode
  /// The command that remedies name, such as `swift run app-contracts`.
  public let command: String
  private let recordOutcome: Result<Record.Outcome, CatalogLoadError>?
  /// Where the catalog-wide check keeps pending results (``PendingStore/forRun``): `nil` on
  /// CI unless `CONTRACTKIT_PENDING` names a folder.
  private let pendingStore: PendingStore?
  /// Whether the run is on CI (`CI=true`), where the review happens elsewhere.
  private let onCI: Bool

  /// Builds the catalog once and, when recording is asked for, records before any case runs.
  ///
  /// - Parameters:
  ///   - makeCatalog: Builds the catalog, such as `AppCatalog.make`.
  ///   - command: The package's own command line over the catalog, which remedies name
  ///     (`swift run app-contracts`). By default it is found in the package beside the
  ///     baseline directory: the executable target whose sources call
  ///     `ContractsCommandLine.main`.
  ///   - environment: The process environment (injectable for tests).
  public init(_ makeCatalog: () throws -> Catalog, command: String? = nil,
              environment: [String: String] = ProcessInfo.processInfo.environment)
  {
    let mode = Self.recordMode(environment)
    let built = Result { try makeCatalog() }.mapError { CatalogLoadError(description: "\($0)") }
    recordMode = mode
    state = built
    let catalog = try? built.get()
    onCI = ["true", "1"].contains(environment["CI"]?.lowercased() ?? "")
    pendingStore = catalog.flatMap {
      try? PendingStore.forRun(explicit: nil, environment: environment,
                               files: BaselineFiles(root: $0.effectiveBaselineDirectory))
    }
    self.command = command ?? CommandDiscovery.command(
      besideBaselinesOf: catalog?.baselineDirectory)
    guard mode != .never, let catalog else {
      recordOutcome = nil
      return
    }
    recordOutcome = Result {
      try Record(catalog: catalog, onlyMissing: mode == .missing).run()
    }.mapError { CatalogLoadError(description: "\($0)") }
  }

  /// `CONTRACTKIT_RECORD=missing|all`; unset never writes; `CI=true` never writes unless
  /// `CONTRACTKIT_RECORD_FORCE=1`.
  static func recordMode(_ environment: [String: String]) -> RecordMode {
    let asked = environment["CONTRACTKIT_RECORD"].flatMap(RecordMode.init(rawValue:)) ?? .never
    let onCI = ["true", "1"].contains(environment["CI"]?.lowercased() ?? "")
    let forced = ["true", "1"].contains(environment["CONTRACTKIT_RECORD_FORCE"]?.lowercased() ?? "")
    return onCI && !forced ? .never : asked
  }

  /// Every case of the catalog (empty when it failed to build; ``catalogProblems()`` says
  /// why).
  public var cases: [ContractCase] { (try? state.get().cases) ?? [] }

  /// The errors and warnings of one case: empty when it passes cleanly.
  public func problems(for contractCase: ContractCase) -> [Problem] {
    let catalog: Catalog
    switch state {
    case .failure(let error): return [Self.unbuilt(error)]
    case .success(let built): catalog = built
    }
    guard let contract = catalog.contract(named: contractCase.contract),
      let variant = contract.variant(named: contractCase.variant)
    else { return [Problem(.error, "\(contractCase) is not in the catalog")] }
    do {
      let files = BaselineFiles(root: catalog.effectiveBaselineDirectory)
      let outcome = try CaseCheck(
        catalog: catalog, contract: contract, variant: variant, contractCase: contractCase,
        files: files, committedMetadata: CommittedMetadata(contractCase.folder, in: files)
      ).run()
      return outcome.findings.compactMap { problem($0, in: catalog) }
    } catch {
      return [Problem(.error, "\(contractCase): \(error)")]
    }
  }

  /// The errors and warnings that belong to no single case: a refused or failed recording,
  /// removed contracts and locales, retired versions, stale `Baselines.md` and
  /// `contract.json`, unused keys, placeholder mismatches.
  ///
  /// A recording that `CONTRACTKIT_RECORD` asked for is reported here once, not with every
  /// case; each case still reports its own finding.
  public func catalogProblems() -> [Problem] {
    let catalog: Catalog
    switch state {
    case .failure(let error): return [Self.unbuilt(error)]
    case .success(let built): catalog = built
    }
    do {
      var check = Check(catalog: catalog)
      let pending = PendingCollector(store: pendingStore)
      check.pending = pending
      defer { pending.discard() }
      let report = try check.run()
      return recordProblems() + report.findings
        .filter { $0.scope.file == nil }
        .compactMap { problem($0, in: catalog) }
        + harmlessPending(report.findings, pending: pending.collected)
    } catch {
      return recordProblems() + [Problem(.error, "\(error)")]
    }
  }

  private func recordProblems() -> [Problem] {
    switch recordOutcome {
    case .success(let outcome)? where outcome.refused:
      let text = RecordReport.text(outcome, baselines: "the baseline directory", command: command)
      // One problem, in the catalog-wide test: each refused case still fails on its own.
      return [Problem(.error, "CONTRACTKIT_RECORD=\(recordMode.rawValue): "
        + text.trimmingCharacters(in: .newlines))]
    case .failure(let error)?:
      return [Problem(.error, "Recording failed: \(error.description)")]
    default:
      return []
    }
  }

  private static func unbuilt(_ error: CatalogLoadError) -> Problem {
    Problem(.error, "The catalog could not be built: \(error.description)")
  }

  /// An error or warning as a test reports it; `nil` for an informational finding. A
  /// difference that review can settle ends with the review command that fits.
  private func problem(_ finding: Finding, in catalog: Catalog) -> Problem? {
    guard finding.severity >= .warning else { return nil }
    let released = finding.scope.version.map(catalog.isReleased) ?? true
    var message = Self.describe(finding, command: command, isReleased: released)
    if finding.scope.file != nil, [.writes, .needsReason].contains(finding.kind.recording),
      let review = reviewCommand
    {
      message += "\n" + review
    }
    return Problem(finding.severity, message)
  }

  /// The review command a difference's failure ends with: `review` where pending results
  /// are kept here, `review --from` the folder CI uploads; none on CI without one.
  private var reviewCommand: String? {
    guard let store = pendingStore else { return nil }
    guard onCI else { return "Review the pending change: \(command) review" }
    return "Review what CI saw: download \(store.root.lastPathComponent) and run: "
      + "\(command) review --from \(store.root.lastPathComponent)"
  }

  /// One warning for the differences nobody recorded that fail nothing (a changed text, an
  /// added field): how many are pending, and how to review them.
  private func harmlessPending(_ findings: [Finding], pending: [ContractCase: PendingResult])
    -> [Problem]
  {
    let failing = Set(findings.filter { $0.severity >= .warning }.compactMap(\.scope.file))
    let harmless = pending.keys.filter { !failing.contains($0) }
    guard !harmless.isEmpty else { return [] }
    let review = reviewCommand
      ?? "CI keeps no pending results (CONTRACTKIT_PENDING=DIR keeps them for an artifact); "
      + "locally run: \(command) check, then: \(command) review"
    return [Problem(.warning, "\(harmless.count.counting("file")) \(harmless.count == 1 ? "differs" : "differ") "
      + "from \(harmless.count == 1 ? "its baseline" : "their baselines") in harmless ways "
      + "(new fields, changed texts or values), not recorded yet.\n\(review)")]
  }

  /// One finding as a test failure: where, what, the two values side by side, the remedy.
  static func describe(_ finding: Finding, command: String, isReleased: Bool = true) -> String {
    let location = FindingGroup(finding).location
    // `field-removed at Card 1.0.0 /title in en (default)`, `key-unused in es`.
    let place = finding.contract == nil
      ? (location.isEmpty ? "" : " \(location)") : " at \(location)"
    var lines = ["\(finding.kind.rawValue)\(place): \(finding.message)"]
    lines += TextReporter.valueLines(finding, label: nil).map { "  " + $0 }
    lines.append(finding.remedy(command: command, isReleased: isReleased))
    return lines.joined(separator: "\n")
  }

  struct CatalogLoadError: Error, Sendable {
    let description: String
  }
}
