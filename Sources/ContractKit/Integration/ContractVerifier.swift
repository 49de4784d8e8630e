import Foundation

/// Test-framework-neutral checks behind the Swift Testing and XCTest integrations.
///
/// Keeps a catalog built once per process, honours `CONTRACTKIT_RECORD`, and renders
/// failures the way the text report does: contract, version, locale, variant, path, and the
/// baseline and current values side by side.
public final class ContractVerifier: Sendable {
  /// How a test run may write baselines, from `CONTRACTKIT_RECORD`.
  public enum RecordMode: String, Sendable {
    /// Never write (the default, and always on CI unless forced).
    case never
    /// Write only baselines that do not exist yet.
    case missing
    /// Re-record every baseline (breaking changes still need `contracts record
    /// --accept-breaking --reason`).
    case all
  }

  private let state: Result<Catalog, CatalogLoadError>
  /// The record mode in force.
  public let recordMode: RecordMode
  private let recordOutcome: Result<Record.Outcome, CatalogLoadError>?

  /// Builds the catalog once and, when recording is asked for, records before any case runs.
  /// - Parameter environment: the process environment (injectable for tests).
  public init(_ makeCatalog: () throws -> Catalog,
              environment: [String: String] = ProcessInfo.processInfo.environment)
  {
    let mode = Self.recordMode(environment)
    let built = Result { try makeCatalog() }.mapError { CatalogLoadError(description: "\($0)") }
    recordMode = mode
    state = built
    guard mode != .never, case .success(let catalog) = built else {
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

  /// Every case of the catalog (empty when it failed to build; ``problems(for:)`` says why).
  public var cases: [ContractCase] { (try? state.get().cases) ?? [] }

  /// The failure messages for one case: empty when it passes.
  public func problems(for contractCase: ContractCase) -> [String] {
    let catalog: Catalog
    switch state {
    case .failure(let error): return ["The catalog could not be built: \(error.description)"]
    case .success(let built): catalog = built
    }
    var messages = recordMessages()
    guard let contract = catalog.contract(named: contractCase.contract),
      let variant = contract.variant(named: contractCase.variant)
    else { return messages + ["\(contractCase) is not in the catalog"] }
    do {
      let committed = try CommittedMetadata(
        contractCase.folder, in: BaselineFiles(root: catalog.effectiveBaselineDirectory))
      let outcome = try CaseCheck(
        catalog: catalog, contract: contract, variant: variant, contractCase: contractCase,
        files: BaselineFiles(root: catalog.effectiveBaselineDirectory),
        committedMetadata: committed
      ).run()
      messages += outcome.findings.filter { $0.severity == .error }.map(Self.describe)
    } catch {
      messages.append("\(contractCase): \(error)")
    }
    return messages
  }

  /// Failures that belong to no single case: removed contracts and locales, stale
  /// `Baselines.md`, unused keys, placeholder mismatches.
  public func catalogProblems() -> [String] {
    let catalog: Catalog
    switch state {
    case .failure(let error): return ["The catalog could not be built: \(error.description)"]
    case .success(let built): catalog = built
    }
    do {
      let report = try Check(catalog: catalog).run()
      return recordMessages() + report.failingFindings
        .filter { $0.scope.file == nil }
        .map(Self.describe)
    } catch {
      return ["\(error)"]
    }
  }

  private func recordMessages() -> [String] {
    switch recordOutcome {
    case .success(let outcome)? where outcome.refused:
      return [RecordReport.text(outcome, baselines: "the baseline directory")]
    case .failure(let error)?:
      return ["Recording failed: \(error.description)"]
    default:
      return []
    }
  }

  /// One finding as a test failure: where, what, and the two values side by side.
  static func describe(_ finding: Finding) -> String {
    let location = FindingGroup(finding).location
    var lines = ["\(finding.kind.rawValue) at \(location): \(finding.message)"]
    lines += TextReporter.valueLines(finding, label: nil).map { "  " + $0 }
    lines.append(finding.remedy(command: "swift run contracts"))
    return lines.joined(separator: "\n")
  }

  struct CatalogLoadError: Error, Sendable {
    let description: String
  }
}
