import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// `record --only SELECTOR…`: recording, the refusal and the accepted break limited to the
/// selected cases.
@Suite("record --only")
struct RecordSelectionTests {
  struct CardV1: Codable, Sendable {
    var title = "Weekly"
    var vmId = ViewModelId(id: "card-1")
  }

  /// An intended additive change.
  struct CardWithBadge: Encodable, Sendable {
    var title = "Weekly"
    var badge = 3
    var vmId = ViewModelId(id: "card-1")
  }

  /// An accidental break: `title` renamed.
  struct CardRenamed: Encodable, Sendable {
    var heading = "Weekly"
    var vmId = ViewModelId(id: "card-1")
  }

  /// A tree with `Additive`, `Broken` and `AlsoBroken` recorded from ``CardV1`` in en and es,
  /// and the catalog after the changes.
  struct Setup {
    let scenario: Scenario
    let changed: @Sendable () throws -> Catalog

    init() throws {
      let scenario = try Scenario()
      try scenario.record(scenario.catalog {
        for name in ["Additive", "Broken", "AlsoBroken"] {
          try $0.register(CardV1.self, named: name, stub: { .init() })
        }
      })
      self.scenario = scenario
      changed = {
        try scenario.catalog {
          try $0.register(CardWithBadge.self, named: "Additive", stub: { .init() })
          try $0.register(CardRenamed.self, named: "Broken", stub: { .init() })
          try $0.register(CardRenamed.self, named: "AlsoBroken", stub: { .init() })
        }
      }
    }

    func run(_ arguments: [String]) -> (code: Int32, stdout: String, stderr: String) {
      runContracts(arguments + ["--baselines", scenario.baselines.path], catalog: changed)
    }

    func payload(_ path: String) throws -> String {
      try scenario.directory.read(".VersionedTestJSON/" + path)
    }
  }

  @Test("an additive change beside an accidental break: --only records the additive one")
  func additiveBesideBreak() throws {
    let setup = try Setup()
    let before = try setup.payload("Broken/1.0.0/en.json")
    let refused = setup.run(["record"])
    #expect(refused.code == 1)
    #expect(refused.stdout.hasPrefix("Refused: 4 changes would break"))
    #expect(!(try setup.payload("Additive/1.0.0/en.json")).contains("badge"))

    let recorded = setup.run(["record", "--only", "Additive"])
    #expect(recorded.code == 0)
    #expect(recorded.stdout == """
      Recorded 2 files in \(setup.scenario.baselines.path) (0 unchanged).
        wrote Additive/1.0.0/en.json
        wrote Additive/1.0.0/es.json
      Left 4 changed files that --only did not select as they are.

      """)
    #expect(try setup.payload("Additive/1.0.0/en.json").contains("\"badge\" : 3"))
    #expect(try setup.payload("Broken/1.0.0/en.json") == before)
    let check = try setup.scenario.check(setup.changed())
    #expect(briefs(check).filter { $0.contains("Additive") } == [])
    #expect(briefs(check).contains("error field-removed Broken 1.0.0 en default /title"))
  }

  @Test("--accept-breaking blesses only the selected break, and logs only it")
  func acceptOnlySelected() throws {
    let setup = try Setup()
    let alsoBroken = try setup.payload("AlsoBroken/1.0.0/es.json")
    let refused = setup.run(["record", "--only", "Broken"])
    #expect(refused.code == 1)
    #expect(refused.stdout.hasPrefix("Refused: 2 changes would break committed baselines"))
    #expect(!refused.stdout.contains("AlsoBroken"))
    let result = setup.run([
      "record", "--only", "Broken", "--accept-breaking", "--reason", "title is heading now",
    ])
    #expect(result.code == 0)
    #expect(result.stdout.contains("Accepted 2 breaking changes, logged in Baselines.md."))
    #expect(try setup.payload("Broken/1.0.0/en.json").contains("heading"))
    #expect(try setup.payload("AlsoBroken/1.0.0/es.json") == alsoBroken)
    let document = try setup.scenario.directory.read("Baselines.md")
    let log = document.components(separatedBy: "## Accepted breaking changes")[1]
    #expect(log.contains("| Broken | 1.0.0 | field-removed | title is heading now |"))
    #expect(!log.contains("AlsoBroken"))
    #expect(!log.contains("Additive"))
  }

  @Test("a locale selects every variant of it, and only that locale's files")
  func localeSelector() throws {
    let setup = try Setup()
    let result = setup.run(["record", "--only", "Additive/1.0.0/es", "Additive/*/en.default"])
    #expect(result.code == 0)
    #expect(try setup.payload("Additive/1.0.0/es.json").contains("badge"))
    #expect(try setup.payload("Additive/1.0.0/en.json").contains("badge"))
    #expect(!(try setup.payload("Broken/1.0.0/es.json")).contains("heading"))
  }

  @Test("a selector that selects nothing, or is malformed, is a usage error (exit 2)")
  func usageErrors() throws {
    let setup = try Setup()
    let nothing = setup.run(["record", "--only", "Addtive"])
    #expect(nothing.code == 2)
    #expect(nothing.stdout.isEmpty)
    #expect(nothing.stderr.hasPrefix("""
      Error: '--only Addtive' selects no case of the catalog: Addtive is not one of its \
      contracts (Additive, Broken, AlsoBroken); did you mean Additive?
      Usage: contracts record [--baselines <dir>] [--only <selector> ...] [--missing] \
      [--accept-breaking --reason <text>] [--confirm-translations <selector> ...]

      """))
    let malformed = setup.run(["record", "--only", "A/1.0.0/en/x"])
    #expect(malformed.code == 2)
    #expect(malformed.stderr.hasPrefix("""
      Error: The value 'A/1.0.0/en/x' is invalid for '--only <selector>': it has 4 parts; at \
      most three; use Contract[/version[/locale[.variant]]] with * for any text in a part

      """))
    #expect(setup.run(["record", "--only"]).stderr.hasPrefix(
      "Error: Missing value for '--only <selector>'"))
    #expect(runContracts(["check", "--only", "X"]).stderr.hasPrefix(
      "Error: Unknown option '--only'"))
  }

  @Test("--only takes several selectors, spaced or repeated")
  func parsing() throws {
    let spaced = try Invocation.parse(["record", "--only", "A", "B/1.0.0", "--missing"])
    let repeated = try Invocation.parse(["record", "--only=A", "--missing", "--only", "B/1.0.0"])
    guard case .run(let first) = spaced, case .run(let second) = repeated else {
      Issue.record("not a run")
      return
    }
    #expect(first.only.map(\.text) == ["A", "B/1.0.0"])
    #expect(first == second)
    #expect(throws: UsageError.self) { try Invocation.parse(["record", "--missing", "A"]) }
  }

  struct SelectorCase: CustomTestStringConvertible, Sendable {
    let selector: String
    let matches: [String]
    var testDescription: String { selector }
  }

  /// Cases spelled `Contract version locale variant`.
  static let cases = [
    "Dashboard 1.0.0 en default", "Dashboard 1.0.0 en empty", "Dashboard 1.1.0 es default",
    "DashboardCard 1.1.0 en default", "Settings.Theme 1.0.0 pt-BR long-text",
  ]

  static let selectorCases = [
    SelectorCase(selector: "Dashboard", matches: Array(cases.prefix(3))),
    SelectorCase(selector: "Dashboard*", matches: Array(cases.prefix(4))),
    SelectorCase(selector: "*/1.1.0", matches: [cases[2], cases[3]]),
    SelectorCase(selector: "Dashboard/1.0.0/en", matches: [cases[0], cases[1]]),
    SelectorCase(selector: "Dashboard/1.0.0/en.default", matches: [cases[0]]),
    SelectorCase(selector: "*/*/*.empty", matches: [cases[1]]),
    SelectorCase(selector: "Settings.Theme/1.*/pt-*.long-*", matches: [cases[4]]),
    SelectorCase(selector: "*Card", matches: [cases[3]]),
    SelectorCase(selector: "D*h*oard", matches: Array(cases.prefix(3))),
    SelectorCase(selector: "Dash", matches: []),
  ]

  @Test("selectors: * for any text in a part; a part left out selects all below it",
        arguments: selectorCases)
  func selectors(_ example: SelectorCase) throws {
    let selector = try CaseSelector(parsing: example.selector)
    let matched = Self.cases.filter { spelled in
      let parts = spelled.split(separator: " ").map(String.init)
      return selector.matches(ContractCase(parts[0], parts[1], parts[2], parts[3]))
    }
    #expect(matched == example.matches)
  }
}
