import Foundation
import Testing

@testable import ContractKit
@testable import ContractKitRuntime

/// A version folder held open (``BaselineFiles/open(folder:)``) reads its files as
/// ``BaselineFiles/read(_:)`` reads their paths: the same bytes, the same `nil`, the same
/// refusal of a link.
@Suite("Baselines: a version folder held open")
struct OpenFolderTests {
  struct Card: Codable, Sendable {
    var title = "Weekly"
  }

  @Test("reads what a read by path reads, and is only opened once the way is known")
  func sameAsByPath() throws {
    let scenario = try Scenario()
    try scenario.record(scenario.catalog(locales: ["en", "es"]) {
      try $0.register(Card.self, named: "Card", stub: { .init() })
    })
    let folder = scenario.baselines.appendingPathComponent("Card/1.0.0")
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("fr.json"),
      withDestinationURL: folder.appendingPathComponent("en.json"))
    let files = BaselineFiles(root: scenario.baselines)
    // No scan or read has walked the way to the folder yet.
    #expect(files.open(folder: "Card/1.0.0") == nil)
    _ = try files.read("Card/1.0.0/es.json")
    let open = try #require(files.open(folder: "Card/1.0.0"))
    #expect(try open.read("en.json") == files.read("Card/1.0.0/en.json"))
    #expect(try open.read("en.json") != nil)
    #expect(try open.read("de.json") == nil)
    #expect(files.open(folder: "Card/2.0.0") == nil)
    let byName = #expect(throws: InputError.self) { try open.read("fr.json") }
    let byPath = #expect(throws: InputError.self) { try files.read("Card/1.0.0/fr.json") }
    #expect(byName?.description == byPath?.description)
    #expect(byName?.description.contains("is a symbolic link; links are never followed") == true)
  }
}
