import Foundation
import Testing
@testable import ContractKit

/// The `swift test` integration: record modes from the environment, and failure messages.
@Suite("Test integration: ContractVerifier")
struct VerifierTests {
  struct Card: Codable, Sendable {
    var title = "Weekly"
    var vmId = ViewModelId(id: "card-1")
  }

  @Test("CONTRACTKIT_RECORD and CI decide the record mode", arguments: [
    ([:], ContractVerifier.RecordMode.never),
    (["CONTRACTKIT_RECORD": "missing"], .missing),
    (["CONTRACTKIT_RECORD": "all"], .all),
    (["CONTRACTKIT_RECORD": "bogus"], .never),
    (["CONTRACTKIT_RECORD": "all", "CI": "true"], .never),
    (["CONTRACTKIT_RECORD": "missing", "CI": "1", "CONTRACTKIT_RECORD_FORCE": "1"], .missing),
  ])
  func recordMode(environment: [String: String], expected: ContractVerifier.RecordMode) {
    #expect(ContractVerifier.recordMode(environment) == expected)
  }

  @Test("unset never writes: a missing baseline fails its case")
  func neverWrites() throws {
    let scenario = try Scenario()
    let verifier = ContractVerifier({
      try scenario.catalog(locales: ["en"]) { try $0.register(Card.self, named: "Card", stub: { .init() }) }
    }, environment: [:])
    let problems = verifier.problems(for: try #require(verifier.cases.first))
    #expect(problems.count == 1)
    #expect(problems.first == """
      baseline-missing at Card 1.0.0 in en (default): no committed baseline yet
      Record it: swift run contracts record (or CONTRACTKIT_RECORD=missing swift test).
      """)
    #expect(!FileManager.default.fileExists(atPath: scenario.baselines.path))
  }

  @Test("CONTRACTKIT_RECORD=missing records missing baselines, then the case passes")
  func recordsMissing() throws {
    let scenario = try Scenario()
    let verifier = ContractVerifier({
      try scenario.catalog(locales: ["en"]) { try $0.register(Card.self, named: "Card", stub: { .init() }) }
    }, environment: ["CONTRACTKIT_RECORD": "missing"])
    #expect(verifier.problems(for: try #require(verifier.cases.first)) == [])
    #expect(try scenario.directory.read(".VersionedTestJSON/Card/1.0.0/en.json") == """
      {
        "title" : "Weekly",
        "vmId" : "card-1"
      }

      """)
    #expect(verifier.catalogProblems() == [])
  }

  @Test("CI=true never records, even when asked")
  func ciNeverRecords() throws {
    let scenario = try Scenario()
    let verifier = ContractVerifier({
      try scenario.catalog(locales: ["en"]) { try $0.register(Card.self, named: "Card", stub: { .init() }) }
    }, environment: ["CONTRACTKIT_RECORD": "all", "CI": "true"])
    #expect(verifier.recordMode == .never)
    #expect(!verifier.problems(for: try #require(verifier.cases.first)).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: scenario.baselines.path))
  }

  @Test("a failure names the case and pointer and shows both values side by side")
  func failureMessage() throws {
    struct Renamed: Codable, Sendable {
      var title = "Weekly report"
      var vmId = ViewModelId(id: "card-1")
    }
    let scenario = try Scenario()
    try scenario.record(scenario.catalog(locales: ["en"]) {
      try $0.register(Card.self, named: "Card", stub: { .init() })
    })
    struct Retyped: Codable, Sendable {
      var title = 7
      var vmId = ViewModelId(id: "card-1")
    }
    let verifier = ContractVerifier({
      try scenario.catalog(locales: ["en"]) { try $0.register(Retyped.self, named: "Card", stub: { .init() }) }
    }, environment: [:])
    let problems = verifier.problems(for: try #require(verifier.cases.first))
    #expect(problems == ["""
      type-changed at Card 1.0.0 /title in en (default): '/title' changed type from string to number
        baseline: "Weekly"
        current:  7
      Clients of released versions break. Revert the change; if the break is intended, run: \
      swift run contracts record --accept-breaking --reason "…"
      """])
  }

  @Test("a catalog that cannot be built fails every call with the reason")
  func brokenCatalog() {
    let verifier = ContractVerifier({ throw CatalogError.invalidDeclaration("no versions") },
                                    environment: [:])
    #expect(verifier.cases.isEmpty)
    #expect(verifier.catalogProblems() == ["The catalog could not be built: no versions"])
  }
}

@Suite("Catalog registration")
struct CatalogRegistrationTests {
  struct Card: Codable, Sendable { var title = "x" }

  @Test("registering one name twice is an error naming both registrations")
  func duplicate() throws {
    var catalog = try Catalog(versions: [SystemVersion(1, 0, 0)], locales: ["en"], store: .empty,
                              baselines: URL(fileURLWithPath: "/tmp/unused"))
    try catalog.register(Card.self, named: "Card", stub: { .init() }, fileID: "App/A.swift", line: 3)
    #expect(throws: CatalogError.duplicateContract(
      name: "Card", first: "App/A.swift:3", second: "App/B.swift:9")) {
      try catalog.register(Card.self, named: "Card", stub: { .init() }, fileID: "App/B.swift", line: 9)
    }
  }

  @Test("names differing only in case are duplicates: they would share files on macOS")
  func caseOnlyDuplicates() throws {
    var catalog = try Catalog(versions: [SystemVersion(1, 0, 0)], locales: ["en"], store: .empty,
                              baselines: URL(fileURLWithPath: "/tmp/unused"))
    try catalog.register(Card.self, named: "Card", stub: { .init() }, fileID: "A.swift", line: 1)
    #expect(throws: CatalogError.self) {
      try catalog.register(Card.self, named: "card", stub: { .init() })
    }
    #expect(throws: CatalogError.self) {
      try Catalog(versions: [SystemVersion(1, 0, 0)], locales: ["en", "EN"], store: .empty,
                  baselines: URL(fileURLWithPath: "/tmp/unused"))
    }
  }

  @Test("the default name is the type's, nested types joined by '.'")
  func defaultName() throws {
    var catalog = try Catalog(versions: [SystemVersion(1, 0, 0)], locales: ["en"], store: .empty,
                              baselines: URL(fileURLWithPath: "/tmp/unused"))
    try catalog.register(Card.self, stub: { .init() })
    #expect(catalog.contracts.map(\.name) == ["CatalogRegistrationTests.Card"])
  }
}
