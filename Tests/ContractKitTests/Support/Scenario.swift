import Foundation
@testable import ContractKit
@testable import ContractKitRuntime

/// A throw-away baseline tree for test-only contracts: record one version of a type, then
/// check a changed version of it under the same contract name.
struct Scenario {
  let directory: TemporaryDirectory
  let baselines: URL

  static let v1 = SystemVersion(1, 0, 0)
  static let v2 = SystemVersion(1, 1, 0)

  /// English and Spanish titles for the test contracts.
  static let yaml = """
    en:
      Card:
        title: "Weekly summary"
    es:
      Card:
        title: "Resumen semanal"
    """

  /// ``yaml`` plus a greeting with a placeholder.
  static let greetingYAML = """
    en:
      Card:
        title: "Weekly summary"
        greeting: "Hello, %{name}!"
    es:
      Card:
        title: "Resumen semanal"
        greeting: "¡Hola, %{name}!"
    """

  init() throws {
    directory = try TemporaryDirectory()
    baselines = directory.path(BaselineLayout.directoryName)
  }

  /// A catalog over this scenario's tree.
  func catalog(
    versions: [SystemVersion] = [v1], locales: [String] = ["en", "es"], yaml: String? = nil,
    _ register: (inout Catalog) throws -> Void
  ) throws -> Catalog {
    let store = try yaml.map { try LocalizationStore(files: [(name: "card.yml", text: $0)]) }
    var catalog = try Catalog(
      versions: versions, locales: locales, store: store ?? .empty, baselines: baselines)
    try register(&catalog)
    return catalog
  }

  /// Records `catalog` and fails loudly when the record is refused.
  @discardableResult
  func record(_ catalog: Catalog) throws -> Record.Outcome {
    let outcome = try Record(catalog: catalog, date: "2026-01-01").run()
    if outcome.refused { throw ScenarioError.refused(outcome.breaking.map(brief)) }
    return outcome
  }

  /// Records `catalog` as the command line named `program` does (`Baselines.md` names it).
  @discardableResult
  func record(program: String, _ catalog: Catalog) throws -> Record.Outcome {
    var named = catalog
    named.program = program
    return try record(named)
  }

  func check(_ catalog: Catalog) throws -> Report { try Check(catalog: catalog).run() }

  enum ScenarioError: Error { case refused([String]) }
}

/// `error field-removed Card 1.0.0 en default /title`: a finding in one comparable line.
func brief(_ finding: Finding) -> String {
  [finding.severity.rawValue, finding.kind.rawValue, finding.contract, finding.version,
   finding.locale, finding.variant, finding.path.map { $0.isEmpty ? "\"\"" : $0 }]
    .compactMap { $0 }.joined(separator: " ")
}

/// The findings of a report as sorted brief lines.
func briefs(_ report: Report, excluding kinds: Set<FindingKind> = []) -> [String] {
  report.findings.filter { !kinds.contains($0.kind) }.map(brief).sorted()
}
