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
  /// The recording `CONTRACTKIT_RECORD` asked for, started when the verifier is made; every
  /// check waits for it (suspended, never blocking a thread of the cooperative pool).
  private let recording: BackgroundValue<Result<Record.Outcome, CatalogLoadError>>?

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
    let made = Result { try makeCatalog() }.mapError { CatalogLoadError(description: "\($0)") }
    let command = command ?? CommandDiscovery.command(
      besideBaselinesOf: (try? made.get())?.baselineDirectory)
    // `Baselines.md` names the program the command runs, as the command line itself does.
    let built = made.map { catalog in
      var named = catalog
      if let program = TextReporter.program(of: command) { named.program = program }
      return named
    }
    recordMode = mode
    state = built
    let catalog = try? built.get()
    self.command = command
    guard mode != .never, let catalog else {
      recording = nil
      return
    }
    // Not run here: a verifier is usually a global that the first test case makes, on a
    // thread of the cooperative pool, which must not wait for producers that need the pool.
    recording = BackgroundValue {
      Result {
        try Record(catalog: catalog, onlyMissing: mode == .missing).run()
      }.mapError { CatalogLoadError(description: "\($0)") }
    }
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
  ///
  /// The case is checked on a thread of ContractKit's own while the calling task is
  /// suspended, so the app's `async` producers run on the cooperative pool meanwhile.
  public func problems(for contractCase: ContractCase) async -> [Problem] {
    let recorded = await recordOutcome()
    return await WorkerPool.value { self.checkedProblems(for: contractCase, recorded: recorded) }
  }

  /// ``problems(for:)`` for a caller that is not on the cooperative pool (a synchronous
  /// XCTest method on the main thread): it waits for the check.
  public func problems(for contractCase: ContractCase) -> [Problem] {
    checkedProblems(for: contractCase, recorded: waitForRecordOutcome())
  }

  private func checkedProblems(
    for contractCase: ContractCase, recorded: Result<Record.Outcome, CatalogLoadError>?
  ) -> [Problem] {
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
    } catch let failure as EncodingFailure {
      return [problem(failure.finding, in: catalog)].compactMap { $0 }
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
  public func catalogProblems() async -> [Problem] {
    let recorded = await recordOutcome()
    return await WorkerPool.value { self.checkedCatalogProblems(recorded: recorded) }
  }

  /// ``catalogProblems()`` for a caller that is not on the cooperative pool.
  public func catalogProblems() -> [Problem] {
    checkedCatalogProblems(recorded: waitForRecordOutcome())
  }

  private func checkedCatalogProblems(recorded: Result<Record.Outcome, CatalogLoadError>?)
    -> [Problem]
  {
    let catalog: Catalog
    switch state {
    case .failure(let error): return [Self.unbuilt(error)]
    case .success(let built): catalog = built
    }
    do {
      let report = try Check(catalog: catalog).run()
      return recordProblems(recorded) + report.findings
        .filter { $0.scope.file == nil }
        .compactMap { problem($0, in: catalog) }
    } catch {
      return recordProblems(recorded) + [Problem(.error, "\(error)")]
    }
  }

  /// The recording's outcome, once it finished; `nil` when none was asked for.
  private func recordOutcome() async -> Result<Record.Outcome, CatalogLoadError>? {
    await recording?.get()
  }

  /// ``recordOutcome()`` for a caller that waits.
  private func waitForRecordOutcome() -> Result<Record.Outcome, CatalogLoadError>? {
    recording?.wait()
  }

  private func recordProblems(_ recorded: Result<Record.Outcome, CatalogLoadError>?)
    -> [Problem]
  {
    switch recorded {
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

  /// An error or warning as a test reports it; `nil` for an informational finding.
  private func problem(_ finding: Finding, in catalog: Catalog) -> Problem? {
    guard finding.severity >= .warning else { return nil }
    let released = finding.scope.version.map(catalog.isReleased) ?? true
    return Problem(finding.severity, Self.describe(finding, command: command, isReleased: released))
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
