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
}
