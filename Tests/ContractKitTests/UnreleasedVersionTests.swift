import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// `Catalog(…, unreleased:)`: the newest version in development is re-recorded freely, the
/// released ones stay guarded, and the gate states the bump before the release is cut.
@Suite("Catalog(unreleased:): what it decides for record and the gate")
struct UnreleasedVersionTests {
  struct Card: Codable, Sendable {
    var title = "Weekly"
    var vmId = ViewModelId(id: "card-1")
  }

  /// `title` gone from 1.1.0 on: a break of the 1.1.0 wire only.
  struct CardWithoutTitle: Encodable, Sendable {
    @Versioned(until: "1.1.0") var title: String? = "Weekly"
    var vmId = ViewModelId(id: "card-1")
  }

  static let versions: [SystemVersion] = ["1.0.0", "1.1.0"]

  func catalog<T: Encodable & Sendable>(
    _ scenario: Scenario, _ type: T.Type, unreleased: SystemVersion?,
    stub: @escaping @Sendable () -> T
  ) throws -> Catalog {
    var catalog = try Catalog(versions: Self.versions, unreleased: unreleased, baseLocale: "en",
                              locales: [], store: .empty, baselines: scenario.baselines)
    try catalog.register(type, named: "Card", stub: stub)
    return catalog
  }

  @Test("record writes a break of the unreleased version with no reason, and logs nothing")
  func recordsUnreleasedBreak() throws {
    let scenario = try Scenario()
    try scenario.record(catalog(scenario, Card.self, unreleased: "1.1.0", stub: { .init() }))
    let changed = try catalog(scenario, CardWithoutTitle.self, unreleased: "1.1.0",
                              stub: { .init() })
    let outcome = try Record(catalog: changed, date: "2026-01-01").run()
    #expect(!outcome.refused)
    #expect(outcome.written.contains("Card/1.1.0/en.json"))
    #expect(outcome.breaking.isEmpty)
    #expect(!(try scenario.directory.read(".VersionedTestJSON/Card/1.1.0/en.json"))
      .contains("title"))
    #expect(try scenario.directory.read(".VersionedTestJSON/Card/1.0.0/en.json")
      .contains("\"title\" : \"Weekly\""))
    #expect(!(try scenario.directory.read("Baselines.md")).contains("| Card | 1.1.0 |"))
  }

  @Test("the same break of a released version is refused without --accept-breaking")
  func refusesReleasedBreak() throws {
    let scenario = try Scenario()
    try scenario.record(catalog(scenario, Card.self, unreleased: nil, stub: { .init() }))
    let changed = try catalog(scenario, CardWithoutTitle.self, unreleased: nil, stub: { .init() })
    let outcome = try Record(catalog: changed).run()
    #expect(outcome.refused)
    #expect(outcome.breaking.map(brief) == ["error field-removed Card 1.1.0 en default /title"])
  }

  @Test("the gate compares the unreleased version with the released one: a break needs major")
  func gate() throws {
    let scenario = try Scenario()
    try scenario.record(catalog(scenario, Card.self, unreleased: "1.1.0", stub: { .init() }))
    let changed = try catalog(scenario, CardWithoutTitle.self, unreleased: "1.1.0",
                              stub: { .init() })
    try scenario.record(changed)
    let report = try ReleaseGate(catalog: changed).run()
    #expect(report.comparison?.previous == "1.0.0")
    #expect(report.comparison?.current == "1.1.0")
    #expect(report.summary.requiredBump == .major)
    #expect(report.findings.map(\.message) == [
      "1.0.0 → 1.1.0 is a minor bump, but the changes require major (compared each of 1.0.0, "
        + "1.1.0 with its baselines; 1.1.0 with 1.0.0): Card: field-removed",
    ])
    #expect(!report.summary.gatePasses)
  }

  @Test("only the newest version can be unreleased")
  func newestOnly() {
    #expect(throws: CatalogError.invalidDeclaration(
      "only the newest version can be unreleased; 1.0.0 is not 1.1.0")) {
      try Catalog(versions: Self.versions, unreleased: "1.0.0", baseLocale: "en", locales: [],
                  store: .empty, baselines: URL(fileURLWithPath: "/tmp/unused"))
    }
  }
}
