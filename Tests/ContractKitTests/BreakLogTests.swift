import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// The log of accepted breaks records exactly what was written (issue 21.2), and survives an
/// edited heading (issue 22.2).
@Suite("The break log")
struct BreakLogTests {
  typealias CardV1 = CardFixtures.Card
  typealias CardRenamed = CardFixtures.CardRenamed
  struct Extra: Codable, Sendable { var id = 1 }

  /// One combination of `--missing`, `--only` and `--accept-breaking`.
  struct Combination: CustomTestStringConvertible, Sendable {
    var missing: Bool
    var onlyExtra: Bool
    var accept: Bool
    var testDescription: String {
      (missing ? "--missing " : "") + (onlyExtra ? "--only Extra " : "")
        + (accept ? "--accept-breaking" : "(no flags)")
    }
  }

  static let combinations = [false, true].flatMap { missing in
    [false, true].flatMap { onlyExtra in
      [false, true].map { Combination(missing: missing, onlyExtra: onlyExtra, accept: $0) }
    }
  }

  /// A released card recorded, then renamed (2 breaking changes in en and es), and a new
  /// contract `Extra` with no baseline yet (nothing breaking).
  func scenario() throws -> (Scenario, Catalog) {
    let scenario = try Scenario()
    try scenario.record(scenario.catalog(yaml: Scenario.yaml) {
      try $0.register(CardV1.self, named: "Card", stub: { .init() })
    })
    let changed = try scenario.catalog(yaml: Scenario.yaml) {
      try $0.register(CardRenamed.self, named: "Card", stub: { .init() })
      try $0.register(Extra.self, named: "Extra", stub: { .init() })
    }
    return (scenario, changed)
  }

  @Test("the log holds exactly the breaks a record wrote", arguments: combinations)
  func logMatchesWrites(_ combination: Combination) throws {
    let (scenario, catalog) = try scenario()
    let before = try scenario.directory.read("Baselines.md")
    let outcome = try Record(
      catalog: catalog, acceptBreakingReason: combination.accept ? "rename shipped" : nil,
      mode: combination.missing ? .missing : .all,
      selection: combination.onlyExtra ? [try CaseSelector(parsing: "Extra")] : [],
      date: "2026-02-02"
    ).run()
    let writesBreaks = !combination.missing && !combination.onlyExtra
    let text = RecordReport.text(outcome, baselines: ".VersionedTestJSON", command: "swift run x")
    let rows = try BaselinesDocument.logRows(of: scenario.directory.read("Baselines.md"))
    if writesBreaks && !combination.accept {
      // The one refusal: nothing written, nothing logged.
      #expect(outcome.refused && outcome.written.isEmpty)
      #expect(try scenario.directory.read("Baselines.md") == before)
      return
    }
    #expect(!outcome.refused)
    #expect(outcome.written.contains("Extra/1.0.0/en.json"))
    #expect(outcome.written.contains("Card/1.0.0/en.json") == writesBreaks)
    if writesBreaks {
      #expect(rows == [
        "| 2026-02-02 | Card | 1.0.0 | field-removed | rename shipped | `/legacyTitle` |",
      ])
      #expect(outcome.breaking.count == 2)
      #expect(text.contains("Accepted 2 breaking changes, logged in Baselines.md."))
    } else {
      #expect(rows.isEmpty)
      #expect(outcome.breaking.isEmpty)
      #expect(!text.contains(", logged in Baselines.md."))
      if combination.accept {
        #expect(text.contains("Accepted no breaking change: this run wrote none of the 2 "
          + "breaking changes (--missing or --only left them), so nothing was logged in "
          + "Baselines.md."))
      }
      // The breaks not written are still there for check to report.
      #expect(briefs(try scenario.check(catalog)).filter { $0.hasPrefix("error") } == [
        "error field-removed Card 1.0.0 en default /legacyTitle",
        "error field-removed Card 1.0.0 es default /legacyTitle",
      ])
    }
  }

  /// A scenario whose Baselines.md logs one accepted break.
  func logged() throws -> (Scenario, Catalog, row: String) {
    let (scenario, catalog) = try scenario()
    _ = try Record(catalog: catalog, acceptBreakingReason: "rename shipped",
                   date: "2026-02-02").run()
    return (scenario, catalog,
            "| 2026-02-02 | Card | 1.0.0 | field-removed | rename shipped | `/legacyTitle` |")
  }

  @Test("a renamed or misspelt log heading keeps the rows: record finds them under the log's table")
  func editedHeading() throws {
    for heading in ["## Accepted breaks", "## Acepted breaking changes"] {
      let (scenario, catalog, row) = try logged()
      let original = try scenario.directory.read("Baselines.md")
      try scenario.directory.write(
        original.replacingOccurrences(of: BaselinesDocument.logHeading, with: heading),
        to: "Baselines.md")
      #expect(briefs(try scenario.check(catalog)) == ["warning baselines-stale"])
      let outcome = try Record(catalog: catalog).run()
      #expect(outcome.written == ["Baselines.md"])
      #expect(try scenario.directory.read("Baselines.md") == original)
      #expect(try BaselinesDocument.logRows(of: original) == [row])
    }
  }

  @Test("a log whose heading and table header are both gone stops record with exit 2 at the row's line")
  func logNotFound() throws {
    let (scenario, catalog, row) = try logged()
    let original = try scenario.directory.read("Baselines.md")
    let edited = original
      .replacingOccurrences(of: BaselinesDocument.logHeading, with: "## Breaks")
      .replacingOccurrences(of: BreakLog.headerRow, with: "| when | what | v | k | why |")
    try scenario.directory.write(edited, to: "Baselines.md")
    let line = edited.split(separator: "\n", omittingEmptySubsequences: false)
      .firstIndex { $0 == row }.map { $0 + 1 }
    let lineNumber = try #require(line)
    for command in ["record", "check"] {
      let result = runContracts([command, "--baselines", scenario.baselines.path],
                                catalog: { catalog })
      #expect(result.code == 2)
      #expect(result.stderr.contains("Baselines.md:\(lineNumber): a logged breaking change "
        + "stands outside the section '## Accepted breaking changes'"))
    }
    #expect(try scenario.directory.read("Baselines.md") == edited)
  }
}
