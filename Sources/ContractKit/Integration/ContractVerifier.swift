import Foundation
import ContractKitRuntime
import Synchronization

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
  package let recordMode: RecordMode
  /// The command that remedies name, such as `swift run app-contracts`.
  public let command: String
  /// Whether the run is on CI (``RunEnvironment/isCI(_:)``), which never records and whose remedies never
  /// name `CONTRACTKIT_RECORD`.
  package let onCI: Bool
  /// What is said of the record `CONTRACTKIT_RECORD` asked for that CI did not do.
  private let suppressedRecord: String?
  /// The recording `CONTRACTKIT_RECORD` asked for, started when the verifier is made; every
  /// check waits for it (suspended, never blocking a thread of the cooperative pool).
  private let recording: BackgroundValue<Result<Record.Outcome, CatalogLoadError>>?
  /// Where the catalog-wide check keeps pending results (``PendingStore/forRun``): `nil` on
  /// CI unless `CONTRACTKIT_PENDING` names a folder.
  private let pendingStore: PendingStore?
  /// What was done about removals a killed `record` or `review` left half done
  /// (``BaselineRemoval/recover(in:)``), a sentence each.
  private let recovered: [String]
  /// The whole catalog's check, once a test asked for it (``CatalogRun``).
  private let sharedRun = Mutex<BackgroundValue<Result<CatalogRun, CatalogLoadError>>?>(nil)

  /// Builds the catalog once and, when recording is asked for, records before any case runs.
  ///
  /// - Parameters:
  ///   - makeCatalog: Builds the catalog, such as `AppCatalog.make`.
  ///   - command: The package's own command line over the catalog, which remedies name
  ///     (`swift run app-contracts`). Without it, remedies name a placeholder.
  ///   - environment: The process environment (injectable for tests).
  public init(_ makeCatalog: () throws -> Catalog, command: String? = nil,
              environment: [String: String] = ProcessInfo.processInfo.environment)
  {
    let mode = Self.recordMode(environment)
    let made = Result { try makeCatalog() }.mapError { CatalogLoadError(description: "\($0)") }
    let command = command ?? Self.undeclaredCommand
    // `Baselines.md` names the program the command runs, as the command line itself does.
    let built = made.map { catalog in
      var named = catalog
      if let program = TextReporter.program(of: command) { named.program = program }
      return named
    }
    recordMode = mode
    onCI = RunEnvironment.isCI(environment)
    let asked = environment["CONTRACTKIT_RECORD"].flatMap(RecordMode.init(rawValue:)) ?? .never
    suppressedRecord = mode == .never && asked != .never
      ? RunEnvironment.refusal(of: "CONTRACTKIT_RECORD=\(asked.rawValue)", environment: environment)
      : nil
    state = built
    self.command = command
    let catalog = try? built.get()
    // A removal a killed `record` or `review` left half done is undone or finished before
    // any check (and never while CONTRACTKIT_RECORD's recording runs: it does its own).
    recovered = catalog.map {
      BaselineRemoval.recover(in: BaselineFiles(root: $0.effectiveBaselineDirectory))
    } ?? []
    pendingStore = catalog.flatMap {
      try? PendingStore.forRun(explicit: nil, environment: environment,
                               files: BaselineFiles(root: $0.effectiveBaselineDirectory))
    }
    guard mode != .never, let catalog else {
      recording = nil
      return
    }
    // Not run here: a verifier is usually a global that the first test case makes, on a
    // thread of the cooperative pool, which must not wait for producers that need the pool.
    recording = BackgroundValue {
      Result {
        try Record(catalog: catalog, mode: mode).run()
      }.mapError { CatalogLoadError(description: "\($0)") }
    }
  }

  /// What remedies name when the package did not declare its command.
  static let undeclaredCommand = "swift run <your contracts executable>"

  /// `CONTRACTKIT_RECORD=missing|all`; unset never writes; on CI
  /// (``RunEnvironment/isCI(_:)``) never writes unless `CONTRACTKIT_RECORD_FORCE=1`.
  static func recordMode(_ environment: [String: String]) -> RecordMode {
    let asked = environment["CONTRACTKIT_RECORD"].flatMap(RecordMode.init(rawValue:)) ?? .never
    return RunEnvironment.allowsRecording(environment) ? asked : .never
  }

  /// Every case of the catalog (empty when it failed to build; ``catalogProblems()`` says
  /// why).
  public var cases: [ContractCase] { (try? state.get().cases) ?? [] }

  /// The errors and warnings of one case: empty when it passes cleanly.
  ///
  /// The first test that asks starts one check of the whole catalog, on threads of
  /// ContractKit's own, and every test reads its part of it (``CatalogRun``): each case is
  /// encoded once per run. The calling task is suspended meanwhile, so the app's `async`
  /// producers run on the cooperative pool.
  public func problems(for contractCase: ContractCase) async -> [Problem] {
    guard case .success(let catalog) = state else { return checkedAlone(contractCase) }
    guard case .success(let run) = await catalogRun(catalog).get() else {
      return await WorkerPool.value { self.checkedAlone(contractCase) }
    }
    return problems(for: contractCase, in: run, catalog: catalog)
  }

  /// ``problems(for:)`` for a caller that is not on the cooperative pool (a synchronous
  /// XCTest method on the main thread): it waits for the check.
  public func problems(for contractCase: ContractCase) -> [Problem] {
    guard case .success(let catalog) = state,
      case .success(let run) = catalogRun(catalog).wait()
    else { return checkedAlone(contractCase) }
    return problems(for: contractCase, in: run, catalog: catalog)
  }

  private func problems(for contractCase: ContractCase, in run: CatalogRun, catalog: Catalog)
    -> [Problem]
  {
    guard catalog.contract(named: contractCase.contract)?.variant(named: contractCase.variant)
      != nil, catalog.versions.contains(contractCase.version),
      catalog.locales.contains(contractCase.locale)
    else { return [Problem(.error, "\(contractCase) is not in the catalog")] }
    // The same change in several rows of the case is one problem.
    let blockers = RecordBlockers(run.report.findings)
    return FindingGroup.grouping(run.findings(of: contractCase), localeOrder: catalog.locales)
      .compactMap { problem($0, in: catalog, reviewable: true, blockers: blockers) }
  }

  /// What a case whose test found an error or a warning attaches: its baseline, today's
  /// payload and their diff (``CaseAttachment``); nothing for a case that passes cleanly.
  package func attachments(for contractCase: ContractCase) async -> [CaseAttachment] {
    guard case .success(let catalog) = state,
      case .success(let run) = await catalogRun(catalog).get()
    else { return [] }
    return attachments(for: contractCase, in: run, catalog: catalog)
  }

  /// ``attachments(for:)`` for a caller that is not on the cooperative pool.
  package func attachments(for contractCase: ContractCase) -> [CaseAttachment] {
    guard case .success(let catalog) = state, case .success(let run) = catalogRun(catalog).wait()
    else { return [] }
    return attachments(for: contractCase, in: run, catalog: catalog)
  }

  private func attachments(for contractCase: ContractCase, in run: CatalogRun,
                           catalog: Catalog) -> [CaseAttachment]
  {
    guard !problems(for: contractCase, in: run, catalog: catalog).isEmpty else { return [] }
    return CaseAttachment.of(contractCase, in: run,
                             files: BaselineFiles(root: catalog.effectiveBaselineDirectory))
  }

  /// The whole catalog's check, started by the first test that asks for it.
  private func catalogRun(_ catalog: Catalog)
    -> BackgroundValue<Result<CatalogRun, CatalogLoadError>>
  {
    sharedRun.withLock { started in
      if let started { return started }
      let run = CatalogRun.start(catalog: catalog, pendingStore: pendingStore, after: recording)
      started = run
      return run
    }
  }

  /// One case checked on its own, where the whole catalog's check could not run (a corrupt
  /// baseline, a mistake in a type's declaration): the failure is then pinned to the case
  /// it comes from, and the other cases still pass or fail on their own.
  private func checkedAlone(_ contractCase: ContractCase) -> [Problem] {
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
      let blockers = RecordBlockers(outcome.findings)
      return FindingGroup.grouping(outcome.findings.sorted(by: Finding.reportOrder),
                                   localeOrder: catalog.locales)
        .compactMap { problem($0, in: catalog, reviewable: true, blockers: blockers) }
    } catch let failure as EncodingFailure {
      return [problem(FindingGroup(failure.finding), in: catalog, reviewable: true,
                      blockers: RecordBlockers([]))]
        .compactMap { $0 }
    } catch {
      return [Problem(.error, "\(contractCase): \(error)")]
    }
  }

  /// The errors and warnings that belong to no single case: a refused or failed recording,
  /// removed contracts and locales, retired versions and variants, stale `Baselines.md` and
  /// `contract.json`, unused keys, placeholder mismatches, stale translations.
  ///
  /// A recording that `CONTRACTKIT_RECORD` asked for is reported here once, not with every
  /// case; each case still reports its own finding. The catalog's check is the one the
  /// cases read (``problems(for:)``).
  public func catalogProblems() async -> [Problem] {
    let recorded = await recordOutcome()
    switch state {
    case .failure(let error): return [Self.unbuilt(error)]
    case .success(let catalog):
      return catalogProblems(recorded, await catalogRun(catalog).get(), in: catalog)
    }
  }

  /// ``catalogProblems()`` for a caller that is not on the cooperative pool.
  public func catalogProblems() -> [Problem] {
    let recorded = waitForRecordOutcome()
    switch state {
    case .failure(let error): return [Self.unbuilt(error)]
    case .success(let catalog):
      return catalogProblems(recorded, catalogRun(catalog).wait(), in: catalog)
    }
  }

  private func catalogProblems(_ recorded: Result<Record.Outcome, CatalogLoadError>?,
                               _ run: Result<CatalogRun, CatalogLoadError>, in catalog: Catalog)
    -> [Problem]
  {
    switch run {
    case .success(let run):
      let blockers = RecordBlockers(run.report.findings)
      return recordProblems(recorded)
        + FindingGroup.grouping(run.catalogWide, localeOrder: catalog.locales)
          .compactMap {
            problem($0, in: catalog, reviewable: run.isCase($0.representative),
                    blockers: blockers)
          }
        + pendingProblems(run.report, blockers: blockers)
        + (run.pendingProblem.map {
          [Problem(.warning, "Pending results were not kept (\($0)); the checks are complete, "
            + "but review will not see this run's changes.")]
        } ?? [])
    case .failure(let error):
      return recordProblems(recorded) + [Problem(.error, error.description)]
    }
  }

  /// Harmless changes nobody recorded, counted: never silent, never failing. While
  /// `blockers` make `record` (and so `review`) refuse, the next step says to fix them first.
  private func pendingProblems(_ report: Report, blockers: RecordBlockers) -> [Problem] {
    let pending = report.findings.filter {
      $0.severity == .info && $0.kind.recording == .writes
    }
    guard !pending.isEmpty else { return [] }
    var counts: [FindingKind: Int] = [:]
    for finding in pending { counts[finding.kind, default: 0] += 1 }
    let kinds = counts.keys.sorted { codePointOrder($0.rawValue, $1.rawValue) }
      .map { "\($0.rawValue) ×\(counts[$0] ?? 0)" }.joined(separator: ", ")
    var next: String
    switch (onCI, pendingStore) {
    case (false, _?): next = "review them: \(command) review"
    case (true, let store?):
      let folder = store.root.lastPathComponent
      next = "review what CI saw: download \(folder) and run: \(command) review --from \(folder)"
    case (true, nil):
      next = "record them on a development machine with '\(command) record' and commit them"
    case (false, nil):
      next = "review them with '\(command) check', then record them with '\(command) record'"
    }
    if !blockers.isEmpty {
      next = "once \(blockers.summary) \(blockers.count == 1 ? "is" : "are") fixed (record and "
        + "review refuse while any remains), " + next
    }
    return [Problem(.warning, "\(pending.count.counting("harmless change")) not recorded "
      + "(\(kinds)): \(next).")]
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
    let note = recovered.map { Problem(.warning, $0) }
    if let suppressedRecord { return note + [Problem(.warning, suppressedRecord)] }
    switch recorded {
    case .success(let outcome)? where outcome.refused:
      let text = RecordReport.text(outcome, baselines: "the baseline directory", command: command)
      // One problem, in the catalog-wide test: each refused case still fails on its own.
      return note + [Problem(.error, "CONTRACTKIT_RECORD=\(recordMode.rawValue): "
        + text.trimmingCharacters(in: .newlines))]
    case .failure(let error)?:
      return note + [Problem(.error, "Recording failed: \(error.description)")]
    default:
      return note
    }
  }

  private static func unbuilt(_ error: CatalogLoadError) -> Problem {
    Problem(.error, "The catalog could not be built: \(error.description)")
  }

  /// A group of findings as a test reports it; `nil` for informational findings. A
  /// difference that review can settle ends with the review command that fits: one in a
  /// case's file (`reviewable`), whose encoding the run kept as a pending result, and
  /// whose case no blocker makes `review` refuse.
  private func problem(_ group: FindingGroup, in catalog: Catalog, reviewable: Bool,
                       blockers: RecordBlockers) -> Problem?
  {
    let finding = group.representative
    guard finding.severity >= .warning else { return nil }
    let released = finding.scope.version.map(catalog.isReleased) ?? true
    var message = Self.describe(group, command: command, isReleased: released, onCI: onCI,
                                blockers: blockers)
    // Review settles a difference from the baseline, never a problem of today's encoding
    // alone (a missing translation stays until the YAML has it).
    if reviewable, [.writes, .needsReason].contains(finding.kind.recording),
      finding.kind.valuePair != .currentOnly, !blockers.blocksCase(of: finding),
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

  /// One finding as a test failure: where, what, the two values side by side, the remedy.
  static func describe(_ finding: Finding, command: String, isReleased: Bool = true,
                       onCI: Bool = false, blockers: RecordBlockers = RecordBlockers([])) -> String
  {
    describe(FindingGroup(finding), command: command, isReleased: isReleased, onCI: onCI,
             blockers: blockers)
  }

  /// One group of findings as a test failure: where, what, the representative's two values
  /// side by side, the remedy.
  static func describe(_ group: FindingGroup, command: String, isReleased: Bool = true,
                       onCI: Bool = false, blockers: RecordBlockers = RecordBlockers([]))
    -> String
  {
    let finding = group.representative
    let location = group.location
    // `field-removed at Card 1.0.0 /title in en (default)`, `key-unused in es`.
    let place = finding.contract == nil
      ? (location.isEmpty ? "" : " \(location)") : " at \(location)"
    var lines = ["\(finding.kind.rawValue)\(place): \(group.message)"]
    lines += TextReporter.valueLines(finding, label: nil).map { "  " + $0 }
    lines.append(finding.remedy(command: command, isReleased: isReleased, onCI: onCI,
                                blockers: blockers))
    return lines.joined(separator: "\n")
  }

  struct CatalogLoadError: Error, Sendable {
    let description: String
  }
}
