import Foundation
import Testing

@testable import ContractKit
@testable import ContractKitRuntime

/// `check` compares the current version with the released one's baselines as its group read
/// them (``GroupCheck/keepsBaselines``), not read a second time: what the group keeps must be
/// the committed bytes exactly, whether today's encoding equals them, differs or has no file.
@Suite("The released version's baselines, read once")
struct ReleasedBaselinesTests {
  struct Card: Codable, Sendable {
    var title = "Weekly"
    var vmId = ViewModelId(id: "card-1")
  }

  @Test("the group keeps the committed bytes of equal, differing and missing baselines")
  func keptAsCommitted() throws {
    let scenario = try Scenario()
    try scenario.record(scenario.catalog(locales: ["en", "es"]) {
      try $0.register(Card.self, named: "Card", stub: { .init() })
    })
    // es differs from today's encoding; fr has no file.
    let spanish = scenario.baselines.appendingPathComponent("Card/1.0.0/es.json")
    let edited = try String(contentsOf: spanish, encoding: .utf8)
      .replacingOccurrences(of: "Weekly", with: "Semanal")
    try edited.write(to: spanish, atomically: true, encoding: .utf8)
    let catalog = try scenario.catalog(locales: ["en", "es", "fr"]) {
      try $0.register(Card.self, named: "Card", stub: { .init() })
    }
    let files = BaselineFiles(root: scenario.baselines)
    var check = GroupCheck(catalog: catalog, contract: catalog.contracts[0], version: Scenario.v1,
                           files: files)
    check.keepsBaselines = true
    let kept = try check.run().baselines
    let paths = ["Card/1.0.0/en.json", "Card/1.0.0/es.json", "Card/1.0.0/fr.json"]
    #expect(kept.keys.sorted() == paths)
    for path in paths {
      #expect(kept[path] == .some(try files.read(path)), "\(path)")
    }
    #expect(kept["Card/1.0.0/fr.json"] == .some(nil))
    #expect(kept["Card/1.0.0/es.json"]??.count == Array(edited.utf8).count)

    check.keepsBaselines = false
    #expect(try check.run().baselines.isEmpty)
  }

  @Test("a comparison takes the bytes it is given, a missing file included, before the tree's")
  func comparisonUsesRead() throws {
    let scenario = try Scenario()
    try scenario.record(scenario.catalog(versions: [Scenario.v1, Scenario.v2]) {
      try $0.register(Card.self, named: "Card", stub: { .init() })
    })
    let files = BaselineFiles(root: scenario.baselines)
    let current = ContractCase(contract: "Card", version: Scenario.v2, locale: "en",
                               variant: BaselineLayout.defaultVariant)
    let bytes = try #require(try files.read(current.relativePath))
    let value = try JSONParser.parse(bytes, file: "en.json")
    let roles = PathRoles(metadata: nil, localizedPointers: [])
    let fromTree = VersionComparison(files: files, previous: Scenario.v1)
    #expect(try fromTree.changes(to: value, bytes: bytes, of: current, roles: roles)?.map(brief) == [])
    // Given bytes without the title stand for the released baseline; given none, there is
    // none, whatever the tree holds.
    let old = Array(String(decoding: bytes, as: UTF8.self)
      .replacingOccurrences(of: "  \"title\" : \"Weekly\",\n", with: "").utf8)
    #expect(old != bytes)
    let given = VersionComparison(files: files, previous: Scenario.v1,
                                  read: ["Card/1.0.0/en.json": old])
    let changes = try #require(try given.changes(to: value, bytes: bytes, of: current, roles: roles))
    #expect(changes.map(brief) == ["info field-added Card 1.1.0 en default /title"])
    let none: [String: [UInt8]?] = ["Card/1.0.0/en.json": nil]
    let missing = VersionComparison(files: files, previous: Scenario.v1, read: none)
    #expect(try missing.changes(to: value, bytes: bytes, of: current, roles: roles) == nil)
  }
}
