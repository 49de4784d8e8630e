import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// What a catalog keeps of its registrations: contracts found by their exact name, and the
/// parsed hints of contracts registered alike kept once, each contract still held to its own.
@Suite("Catalog: registrations kept once, found by name")
struct CatalogSharingTests {
  static let hints: [WireHint] = [
    .localized("/title", keys: ["Card.title"]), .localized("/promotion"),
  ]

  /// `Shown` and `Plain` registered with the same hints; only `Shown` has a promotion.
  static func catalog(_ scenario: Scenario) throws -> Catalog {
    try scenario.catalog(yaml: Scenario.yaml) { catalog in
      try catalog.register(wire: "Shown", hints: hints) { request in
        let title = request.locale == "es" ? "Resumen semanal" : "Weekly summary"
        return Data(#"{"title": "\#(title)", "promotion": "Sale"}"#.utf8)
      }
      try catalog.register(wire: "Plain", hints: hints) { request in
        let title = request.locale == "es" ? "Resumen semanal" : "Weekly summary"
        return Data(#"{"title": "\#(title)"}"#.utf8)
      }
      try catalog.register(wire: "Other", hints: [.localized("/count")]) { _ in
        Data(#"{"count": "1"}"#.utf8)
      }
    }
  }

  @Test("contracts registered with the same hints share one parsed copy of them")
  func sharedHints() throws {
    let catalog = try Self.catalog(Scenario())
    let shown = try #require(catalog.contract(named: "Shown"))
    let plain = try #require(catalog.contract(named: "Plain"))
    let other = try #require(catalog.contract(named: "Other"))
    func storage(_ contract: Contract) -> UInt {
      unsafeBitCast(contract.hintedAnnotations, to: UInt.self)
    }
    func declarations(_ contract: Contract) -> UnsafePointer<PathDeclaration>? {
      contract.declarations.withUnsafeBufferPointer(\.baseAddress)
    }
    #expect(storage(shown) == storage(plain))
    #expect(declarations(shown) == declarations(plain))
    #expect(storage(shown) != storage(other))
    #expect(declarations(shown) != declarations(other))
    #expect(plain.declarations.map(\.pattern.declared) == ["/title", "/promotion"])
  }

  @Test("a shared hint that one contract's payloads never have is its warning alone")
  func sharedHintUnused() throws {
    let scenario = try Scenario()
    let report = try scenario.check(Self.catalog(scenario))
    #expect(briefs(report, excluding: [.baselineMissing, .baselinesStale])
      == ["warning declaration-unused Plain /promotion"])
  }

  @Test("a contract is found by its exact name, not by a name that differs in case")
  func exactName() throws {
    let catalog = try Self.catalog(Scenario())
    #expect(catalog.contract(named: "Plain")?.name == "Plain")
    #expect(catalog.contract(named: "plain") == nil)
    #expect(catalog.contract(named: "Missing") == nil)
  }
}
