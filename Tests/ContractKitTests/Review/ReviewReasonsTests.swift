import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

@Suite("Review: each accepted break is logged with its own reason")
struct ReviewReasonsTests {
  struct Card: Codable, Sendable { var title = "Weekly"; var vmId = ViewModelId(id: "c") }
  struct Renamed: Codable, Sendable { var heading = "Weekly"; var vmId = ViewModelId(id: "c") }

  @Test("two breaking changes accepted in one run, one reason each, one write")
  func twoReasons() throws {
    let scenario = try Scenario()
    try scenario.record(scenario.catalog(locales: ["en"]) {
      try $0.register(Card.self, named: "Card", stub: { .init() })
      try $0.register(Card.self, named: "Other", stub: { .init() })
    })
    var record = Record(
      catalog: try scenario.catalog(locales: ["en"]) {
        try $0.register(Renamed.self, named: "Card", stub: { .init() })
        try $0.register(Renamed.self, named: "Other", stub: { .init() })
      },
      selection: [try CaseSelector(parsing: "Card"), try CaseSelector(parsing: "Other")],
      date: "2026-12-01")
    record.breakReasons = [([try CaseSelector(parsing: "Card")], "cards say heading now")]
    #expect(try record.run().refused, "Other's break has no reason: nothing is written")
    record.breakReasons.append(([try CaseSelector(parsing: "Other")], "others follow"))
    let outcome = try record.run()
    #expect(!outcome.refused)
    let document = try scenario.directory.read("Baselines.md")
    #expect(try BaselinesDocument.logRows(of: document) == [
      "| 2026-12-01 | Card | 1.0.0 | field-removed | cards say heading now | `/title` |",
      "| 2026-12-01 | Other | 1.0.0 | field-removed | others follow | `/title` |",
    ])
  }

  /// Issue 34.16: a reason of a newline alone, an escape sequence or a line separator was
  /// accepted and logged. One validation refuses them in record and review alike.
  static let badReasons: [(reason: String, says: String)] = [
    ("\n", "holds U+000A, a control character"),
    ("\u{1B}[2J", "holds U+001B, a control character"),
    ("ok\u{2028}| 2026-01-01 | Forged | 1.0.0 | field-removed | approved |", "holds U+2028, a line break"),
    ("fine\u{202E}txet", "holds U+202E, an invisible format character"),
    ("   ", "is empty; say why the break is intended"),
  ]

  @Test("record --accept-breaking and review --accept refuse a reason that is not printable text",
        arguments: 0..<5)
  func unprintableReasons(_ index: Int) throws {
    let (reason, says) = Self.badReasons[index]
    let copy = try ReviewCopy()
    _ = copy.run(["check"])
    let before = try copy.files()
    for arguments in [["record", "--accept-breaking", "--reason", reason],
                      ["review", "--accept", ReviewCopy.renamed, "--reason", reason]] {
      let result = copy.run(arguments)
      #expect(result.code == 2, "\(arguments)")
      #expect(result.stderr.hasPrefix("Error: '--reason' \(says)"), "\(result.stderr)")
    }
    #expect(try copy.files() == before, "nothing written, nothing logged")
  }

  @Test("the reason typed in review is held to the same rule: a line separator is refused")
  func typedReason() throws {
    let (copy, plan) = try ReviewSessionTests.plan()
    defer { _ = copy }
    // The rename's card has two pages: space shows the second, then a asks the reason.
    let terminal = ScriptedTerminal(" aok\u{2028}forged\rq")
    let decisions = try #require(ReviewSession(plan: plan, terminal: terminal).run())
    #expect(decisions.accepted.isEmpty)
    #expect(terminal.screens[2].contains("Not accepted: the reason holds U+2028, a line break"))
  }
}
