import Foundation
import Synchronization
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// `swift test` checks the catalog once: every case's test and the catalog's test read one
/// run, so each case is encoded once and each finding is reported by exactly one test.
@Suite("Test integration: one check per run")
struct VerifierRunTests {
  struct Card: Codable, Sendable {
    var title = "Weekly"
    var vmId = ViewModelId(id: "card-1")
  }

  /// Counts the stubs made: one per encoding.
  final class Encodings: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func card() -> Card {
      count.withLock { $0 += 1 }
      return Card()
    }
    func reset() { count.withLock { $0 = 0 } }
  }

  /// Two versions, two locales, two variants: eight cases.
  static func catalog(_ scenario: Scenario, _ encodings: Encodings, variants: [String] = ["empty"])
    throws -> Catalog
  {
    try scenario.catalog(versions: [Scenario.v1, Scenario.v2]) {
      try $0.register(Card.self, named: "Card", stub: { encodings.card() },
                      variants: variants.map { name in StubVariant(name) { encodings.card() } })
    }
  }

  @Test("every case and the catalog, checked by concurrent tests, cost one encoding a case")
  func encodesEachCaseOnce() async throws {
    let scenario = try Scenario()
    let encodings = Encodings()
    try scenario.record(Self.catalog(scenario, encodings))
    encodings.reset()
    let verifier = ContractVerifier({ try Self.catalog(scenario, encodings) }, environment: [:])
    let cases = verifier.cases
    #expect(cases.count == 8)
    let problems = await withTaskGroup(of: [ContractVerifier.Problem].self) { group in
      for contractCase in cases { group.addTask { await verifier.problems(for: contractCase) } }
      group.addTask { await verifier.catalogProblems() }
      return await group.reduce(into: []) { $0 += $1 }
    }
    #expect(problems == [])
    #expect(encodings.value == cases.count)
  }

  @Test("the synchronous forms read the same single run")
  func synchronousFormsEncodeOnce() throws {
    let scenario = try Scenario()
    let encodings = Encodings()
    try scenario.record(Self.catalog(scenario, encodings))
    encodings.reset()
    let verifier = ContractVerifier({ try Self.catalog(scenario, encodings) }, environment: [:])
    #expect(verifier.catalogProblems() == [])
    for contractCase in verifier.cases { #expect(verifier.problems(for: contractCase) == []) }
    #expect(encodings.value == verifier.cases.count)
  }

  @Test("a run that asks for no case encodes nothing")
  func listingCasesEncodesNothing() throws {
    let scenario = try Scenario()
    let encodings = Encodings()
    let verifier = ContractVerifier({ try Self.catalog(scenario, encodings) }, environment: [:])
    #expect(verifier.cases.count == 8)
    #expect(encodings.value == 0)
  }

  @Test("a case's finding fails that case alone, never the catalog's test as well")
  func findingsGoToOneTest() throws {
    let scenario = try Scenario()
    let encodings = Encodings()
    try scenario.record(Self.catalog(scenario, encodings))
    try scenario.directory.write("{\n  \"title\" : 7,\n  \"vmId\" : \"card-1\"\n}\n",
                                 to: ".VersionedTestJSON/Card/1.0.0/es.json")
    let verifier = ContractVerifier({ try Self.catalog(scenario, encodings) }, environment: [:])
    let changed = ContractCase("Card", "1.0.0", "es")
    #expect(verifier.problems(for: changed).map(\.severity) == [.error])
    #expect(verifier.problems(for: changed).first?.message.hasPrefix(
      "type-changed at Card 1.0.0 /title in es (default):") == true)
    #expect(verifier.cases.filter { $0 != changed }.flatMap(verifier.problems(for:)) == [])
    #expect(verifier.catalogProblems() == [])
  }

  @Test("a file no registered variant writes fails the catalog's test")
  func retiredVariantIsReported() throws {
    let scenario = try Scenario()
    let encodings = Encodings()
    try scenario.record(Self.catalog(scenario, encodings))
    let verifier = ContractVerifier({ try Self.catalog(scenario, encodings, variants: []) },
                                    environment: [:])
    #expect(verifier.cases.flatMap(verifier.problems(for:)) == [])
    let root = scenario.baselines.path
    let orphan = { (version: String, locale: String) in ContractVerifier.Problem(.warning, """
      baselines-stale at Card \(version) in \(locale) (empty): \(root)/Card/\(version)/\(locale).empty.json \
      belongs to no registered variant
      Rename or delete it: it fits no baseline of the catalog.
      """) }
    let staleMetadata = { (version: String) in ContractVerifier.Problem(.warning, """
      baselines-stale at Card \(version): \(root)/Card/\(version)/contract.json does not match the Swift types
      If the change is intended, run: swift run <your contracts executable> record
      """) }
    #expect(verifier.catalogProblems() == [
      staleMetadata("1.0.0"), orphan("1.0.0", "en"), orphan("1.0.0", "es"),
      staleMetadata("1.1.0"), orphan("1.1.0", "en"), orphan("1.1.0", "es"),
    ])
  }

  @Test("where the catalog's check cannot run, the failure is pinned to its case")
  func corruptBaselineFailsItsCase() throws {
    let scenario = try Scenario()
    let encodings = Encodings()
    try scenario.record(Self.catalog(scenario, encodings))
    try scenario.directory.write("{\n  \"title\" : \n", to: ".VersionedTestJSON/Card/1.1.0/en.json")
    let verifier = ContractVerifier({ try Self.catalog(scenario, encodings) }, environment: [:])
    let corrupt = ContractCase("Card", "1.1.0", "en")
    let problem = try #require(verifier.problems(for: corrupt).first)
    #expect(problem.severity == .error)
    #expect(problem.message.contains(".VersionedTestJSON/Card/1.1.0/en.json:3:1"))
    #expect(verifier.cases.filter { $0 != corrupt }.flatMap(verifier.problems(for:)) == [])
    let catalogMessages = verifier.catalogProblems().map(\.message)
    #expect(catalogMessages.count == 1)
    #expect(catalogMessages.first?.contains(".VersionedTestJSON/Card/1.1.0/en.json:3:1") == true)
  }
}
