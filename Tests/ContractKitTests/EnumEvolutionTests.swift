import Foundation
import SampleContracts
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// A new enum case breaks the released clients that do not know it; a case made available
/// from the unreleased version only does not.
@Suite("Enum evolution and the required bump")
struct EnumEvolutionTests {
  enum StatusV1: ViewModelEnum { case placed, shipped }
  enum StatusV2: ViewModelEnum { case placed, shipped, returned }
  enum GatedStatus: ViewModelEnum {
    case placed, shipped, returned
    static let caseAvailability: [Self: CaseAvailability<Self>] = [
      .returned: .since(Scenario.v2, olderWires: .show(.shipped)),
    ]
  }
  enum OmittedStatus: ViewModelEnum {
    case placed, shipped, returned
    static let caseAvailability: [Self: CaseAvailability<Self>] = [
      .returned: .since(Scenario.v2, olderWires: .omitField),
    ]
  }

  struct Order<Status: ViewModelEnum>: Codable, Sendable {
    struct Row: Codable, Sendable { var status: Status }
    var status: Status
    var rows: [Row]
    var vmId = ViewModelId(id: "ord-1")
  }

  static func order<S: ViewModelEnum>(_ status: S) -> Order<S> {
    Order(status: status, rows: [.init(status: status)])
  }

  @Test("a case added to a released version's enum is enum-case-added, and record refuses it")
  func addedCase() throws {
    let scenario = try Scenario()
    let versions = [Scenario.v1, Scenario.v2]
    try scenario.record(scenario.catalog(versions: versions, locales: ["en"]) {
      try $0.register(Order<StatusV1>.self, named: "Order", stub: { Self.order(.shipped) })
    })
    let changed = try scenario.catalog(versions: versions, locales: ["en"]) {
      try $0.register(Order<StatusV2>.self, named: "Order", stub: { Self.order(.shipped) })
    }
    let report = try scenario.check(changed)
    #expect(briefs(report) == [
      "error enum-case-added Order 1.0.0 /rows/*/status",
      "error enum-case-added Order 1.0.0 /status",
      "error enum-case-added Order 1.1.0 /rows/*/status",
      "error enum-case-added Order 1.1.0 /status",
    ])
    #expect(report.findings.allSatisfy { $0.message.contains("'returned'") })
    let refused = try Record(catalog: changed).run()
    #expect(refused.refused)
    #expect(refused.written.isEmpty)
    let accepted = try Record(catalog: changed, acceptBreakingReason: "returns ship in 1.x too",
                              date: "2026-01-01").run()
    #expect(!accepted.refused)
    #expect(try scenario.directory.read("Baselines.md")
      .contains("| 2026-01-01 | Order | 1.0.0 | enum-case-added | returns ship in 1.x too |"))
  }

  @Test("a case available from the unreleased version only keeps released wires byte-identical")
  func gatedCase() throws {
    // 1.0.0's wire carries `shipped` for `returned`: the bytes of the enum before the case.
    #expect(try canonical(Self.order(GatedStatus.returned), version: Scenario.v1)
      == canonical(Self.order(StatusV1.shipped), version: Scenario.v1))
    let scenario = try Scenario()
    try scenario.record(scenario.catalog(versions: [Scenario.v1], locales: ["en"]) {
      try $0.register(Order<GatedStatus>.self, named: "Order", stub: { Self.order(.returned) })
    })
    let released = try scenario.directory.read(".VersionedTestJSON/Order/1.0.0/contract.json")
    #expect(!released.contains("returned"))
    // The unreleased 1.1.0 carries the case; 1.0.0's baseline and case list do not move.
    var gated = try Catalog(versions: [Scenario.v1, Scenario.v2], unreleased: Scenario.v2,
                            locales: ["en"], store: .empty, baselines: scenario.baselines)
    try gated.register(Order<GatedStatus>.self, named: "Order", stub: { Self.order(.returned) })
    #expect(try scenario.check(gated).findings.filter { $0.version == "1.0.0" } == [])
    let written = try scenario.record(gated).written
    #expect(written.allSatisfy { $0.hasPrefix("Order/1.1.0/") || $0 == "Baselines.md" })
    #expect(try scenario.directory.read(".VersionedTestJSON/Order/1.0.0/contract.json") == released)
    #expect(try scenario.directory.read(".VersionedTestJSON/Order/1.1.0/en.json")
      .contains(#""status" : "returned""#))
    #expect(try scenario.directory.read(".VersionedTestJSON/Order/1.1.0/contract.json")
      .contains(#""returned""#))
    // The release of 1.1.0 adds a case: a minor bump, and 1.0.0 → 1.1.0 declares one.
    let report = try ReleaseGate(catalog: gated).run()
    #expect(report.summary.requiredBump == .minor)
    #expect(report.comparison?.reasons.map(\.contract) == ["Order"])
    #expect(report.findings == [])
  }

  @Test("older wires can leave an optional field out instead")
  func omittedCase() throws {
    struct Screen: Codable, Sendable { var status: OmittedStatus? }
    let old = try canonical(Screen(status: .returned), version: Scenario.v1)
    let new = try canonical(Screen(status: .returned), version: Scenario.v2)
    #expect(old == "{}\n")
    #expect(new == "{\n  \"status\" : \"returned\"\n}\n")
  }

  @Test("the sample's returned status is only on the unreleased 2.1.0 wire")
  func sampleReturned() throws {
    #expect(OrderStatus.caseAvailability[.returned]?.since == .v2_1)
    let metadata = try String(
      contentsOf: committedBaselines.appendingPathComponent(
        "OrderStatusViewModel/2.0.0/contract.json"), encoding: .utf8)
    #expect(!metadata.contains("returned"))
  }

  @Test("check and report state the same required bump and say what they compared",
        arguments: [false, true])
  func sameBump(breaking: Bool) throws {
    let copy = try SampleCopy()
    if breaking {
      // A field today's 1.0.0 wire no longer has: field-removed on a released version.
      try copy.edit("SignInViewModel/1.0.0/en.json") { $0.set("/legacyHint", to: "x") }
    }
    let check = try Check(catalog: copy.catalog).run()
    let report = try ReleaseGate(catalog: copy.catalog).run()
    #expect(check.summary.requiredBump == (breaking ? .major : .minor))
    #expect(report.summary.requiredBump == check.summary.requiredBump)
    #expect(report.comparison == check.comparison)
    #expect(check.comparison?.sentence
      == "each of 1.0.0, 1.1.0, 2.0.0, 2.1.0 with its baselines; 2.1.0 with 2.0.0")
    if breaking {
      let bump = try #require(report.findings.first { $0.kind == .versionBumpRequired })
      #expect(bump.message.hasPrefix("2.0.0 → 2.1.0 is a minor bump, but the changes require "
        + "major (compared each of 1.0.0, 1.1.0, 2.0.0, 2.1.0 with its baselines; 2.1.0 with "
        + "2.0.0): SignInViewModel: field-removed"))
    }
  }
}

/// Translations that stay while the base locale's text changes.
@Suite("Stale translations")
struct StaleTranslationTests {
  struct Card: Codable, Sendable {
    var title: LocalizableString = .localized(key: "Card.title")
  }

  static func yaml(en: String, es: String, de: String) -> String {
    """
    en:
      Card:
        title: "\(en)"
    es:
      Card:
        title: "\(es)"
    de:
      Card:
        title: "\(de)"
    """
  }

  static let original = yaml(en: "Weekly summary", es: "Resumen semanal", de: "Wochenübersicht")

  @Test("the base locale's text changed and these did not: translation-stale for exactly them",
        arguments: [
          (yaml(en: "Weekly report", es: "Resumen semanal", de: "Wochenübersicht"),
           ["warning translation-stale Card 1.0.0 de default /title",
            "warning translation-stale Card 1.0.0 es default /title"]),
          (yaml(en: "Weekly report", es: "Informe semanal", de: "Wochenübersicht"),
           ["warning translation-stale Card 1.0.0 de default /title"]),
          (yaml(en: "Weekly report", es: "Informe semanal", de: "Wochenbericht"), []),
          (yaml(en: "Weekly summary", es: "Informe semanal", de: "Wochenübersicht"), []),
        ])
  func stale(yaml: String, expected: [String]) throws {
    let scenario = try Scenario()
    let locales = ["en", "es", "de"]
    try scenario.record(scenario.catalog(locales: locales, yaml: Self.original) {
      try $0.register(Card.self, named: "Card", stub: { .init() })
    })
    let old = try copyTree(scenario.baselines, into: scenario.directory, as: "old")
    let changed = try scenario.catalog(locales: locales, yaml: yaml) {
      try $0.register(Card.self, named: "Card", stub: { .init() })
    }
    let check = try scenario.check(changed)
    #expect(briefs(check).filter { $0.contains("translation-stale") } == expected)
    // The same in a diff of the trees before and after recording the change.
    try scenario.record(changed)
    let diff = try runDiff(old, scenario.baselines)
    #expect(diff.briefs.filter { $0.contains("translation-stale") } == expected)
  }
}
