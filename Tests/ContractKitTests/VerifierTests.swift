import ContractKitTesting
import Foundation
import Synchronization
import Testing
import XCTest
@testable import ContractKit
@testable import ContractKitRuntime

/// The `swift test` integration: record modes from the environment, and failure messages.
@Suite("Test integration: ContractVerifier")
struct VerifierTests {
  struct Card: Codable, Sendable {
    var title = "Weekly"
    var vmId = ViewModelId(id: "card-1")
  }

  /// The command the hints of these tests name.
  static let command = "swift run app-contracts"

  @Test("CONTRACTKIT_RECORD and CI decide the record mode", arguments: [
    ([:], RecordMode.never),
    (["CONTRACTKIT_RECORD": "missing"], .missing),
    (["CONTRACTKIT_RECORD": "all"], .all),
    (["CONTRACTKIT_RECORD": "bogus"], .never),
    (["CONTRACTKIT_RECORD": "all", "CI": "true"], .never),
    (["CONTRACTKIT_RECORD": "missing", "CI": "1", "CONTRACTKIT_RECORD_FORCE": "1"], .missing),
  ])
  func recordMode(environment: [String: String], expected: RecordMode) {
    #expect(ContractVerifier.recordMode(environment) == expected)
  }

  @Test("unset never writes: a missing baseline fails its case, with the remedy once")
  func neverWrites() throws {
    let scenario = try Scenario()
    let verifier = ContractVerifier({
      try scenario.catalog(locales: ["en"]) { try $0.register(Card.self, named: "Card", stub: { .init() }) }
    }, command: Self.command, environment: [:])
    let problems = verifier.problems(for: try #require(verifier.cases.first))
    #expect(problems == [ContractVerifier.Problem(.error, """
      baseline-missing at Card 1.0.0 in en (default): no committed baseline yet
      Record it: swift run app-contracts record (or CONTRACTKIT_RECORD=missing swift test).
      Review the pending change: swift run app-contracts review
      """)])
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

  @Test("a breaking change names the case and pointer, both values, and --accept-breaking")
  func failureMessage() throws {
    let scenario = try Scenario()
    try scenario.record(program: "app-contracts", scenario.catalog(locales: ["en"]) {
      try $0.register(Card.self, named: "Card", stub: { .init() })
    })
    struct Retyped: Codable, Sendable {
      var title = 7
      var vmId = ViewModelId(id: "card-1")
    }
    let verifier = ContractVerifier({
      try scenario.catalog(locales: ["en"]) { try $0.register(Retyped.self, named: "Card", stub: { .init() }) }
    }, command: Self.command, environment: [:])
    let problems = verifier.problems(for: try #require(verifier.cases.first))
    #expect(problems.map(\.message) == ["""
      type-changed at Card 1.0.0 /title in en (default): '/title' changed type from string to number
        baseline: "Weekly"
        current:  7
      Clients of released versions break. Revert the change; if the break is intended, run: \
      swift run app-contracts record --accept-breaking --reason "…"
      Review the pending change: swift run app-contracts review
      """])
  }

  @Test("a breaking change to the unreleased version is recorded with no reason")
  func unreleasedBreak() throws {
    let scenario = try Scenario()
    let versions: [SystemVersion] = ["1.0.0", "1.1.0"]
    try scenario.record(program: "app-contracts", scenario.catalog(versions: versions, locales: ["en"]) {
      try $0.register(Card.self, named: "Card", stub: { .init() })
    })
    struct Renamed: Codable, Sendable {
      @Versioned(until: "1.1.0") var title: String? = "Weekly"
      var vmId = ViewModelId(id: "card-1")
    }
    let catalog = {
      var catalog = try Catalog(versions: versions, unreleased: "1.1.0", locales: ["en"],
                                store: .empty, baselines: scenario.baselines)
      try catalog.register(Renamed.self, named: "Card", stub: { .init() })
      return catalog
    }
    let verifier = ContractVerifier(catalog, command: Self.command, environment: [:])
    let unreleased = ContractCase("Card", "1.1.0", "en")
    #expect(verifier.problems(for: unreleased).map(\.message) == ["""
      field-removed at Card 1.1.0 /title in en (default): field '/title' is gone; clients \
      that require it fail to decode
        baseline: "Weekly"
        current:  (absent)
      1.1.0 is unreleased, so no reason is needed: if the change is intended, run: \
      swift run app-contracts record
      Review the pending change: swift run app-contracts review
      """])
    #expect(verifier.problems(for: ContractCase("Card", "1.0.0", "en")) == [])
  }

  @Test("a missing translation says to add it to the YAML: recording cannot fix it")
  func missingTranslation() throws {
    struct Texts: Codable, Sendable {
      var title: LocalizableString = .localized(key: "Card.title")
    }
    let scenario = try Scenario()
    let yaml = Scenario.yaml.replacingOccurrences(of: "Resumen semanal", with: "")
    let verifier = ContractVerifier({
      try scenario.catalog(yaml: yaml) { try $0.register(Texts.self, named: "Card", stub: { .init() }) }
    }, command: Self.command, environment: ["CONTRACTKIT_RECORD": "missing"])
    #expect(verifier.problems(for: ContractCase("Card", "1.0.0", "es")).map(\.message) == ["""
      translation-missing at Card 1.0.0 /title in es (default): key 'Card.title' (card.yml:6) \
      has an empty translation
      Add the translation to the YAML files. Recording cannot fix this (record refuses to \
      commit a missing text without --accept-breaking --reason).
      """])
  }

  @Test("a removed contract says how to retire it: record deletes its baselines with a reason")
  func removedContract() throws {
    let scenario = try Scenario()
    try scenario.record(program: "app-contracts", scenario.catalog(locales: ["en"]) {
      try $0.register(Card.self, named: "Card", stub: { .init() })
      try $0.register(Card.self, named: "OldCard", stub: { .init() })
    })
    let verifier = ContractVerifier({
      try scenario.catalog(locales: ["en"]) { try $0.register(Card.self, named: "Card", stub: { .init() }) }
    }, command: Self.command, environment: [:])
    #expect(verifier.catalogProblems().map(\.message) == ["""
      contract-removed at OldCard: contract 'OldCard' has baselines in \
      \(BaselineFiles(root: scenario.baselines).displayPath("OldCard")) but is no longer \
      registered; clients still decoding it break
      Register the contract again. To retire it, run: swift run app-contracts record \
      --accept-breaking --reason "…" (it deletes the baselines and logs why)
      """])
  }

  @Test("the probe's two encodings read first: and second:, and the stub is to fix")
  func volatileValue() throws {
    struct Stamp: Codable, Sendable { var at: Date }
    let scenario = try Scenario()
    try scenario.record(program: "app-contracts", scenario.catalog(locales: ["en"]) {
      try $0.register(Stamp.self, named: "Stamp", stub: { .init(at: Date(timeIntervalSince1970: 0)) })
    })
    let ticks = Mutex(0)
    let verifier = ContractVerifier({
      try scenario.catalog(locales: ["en"]) {
        try $0.register(Stamp.self, named: "Stamp", stub: {
          .init(at: Date(timeIntervalSince1970: Double(ticks.withLock { $0 += 1; return $0 })))
        })
      }
    }, command: Self.command, environment: [:])
    let messages = verifier.problems(for: ContractCase("Stamp", "1.0.0", "en")).map(\.message)
    #expect(messages.last == """
      volatile-value at Stamp 1.0.0 /at in en (default): two encodings of one stub differ at \
      '/at' (Date(), UUID() or randomness in the stub?)
        first:  "1970-01-01T00:00:01Z"
        second: "1970-01-01T00:00:02Z"
      Fix the stub: no Date(), UUID() or randomness in stub(); or, if the value is volatile by \
      design, redact it in the contract's registration (redacting: or .redacted("/at")). \
      Recording cannot fix this.
      """)
  }

  @Test("an unresolved placeholder shows today's text only, never 'baseline: (absent)'")
  func unresolvedPlaceholder() throws {
    struct Greeting: Codable, Sendable {
      var greeting = LocalizableSubstitutions(
        template: .localized(key: "Card.greeting"), substitutions: ["user": "Ana"])
    }
    let scenario = try Scenario()
    let catalog = {
      try scenario.catalog(locales: ["en"], yaml: Scenario.greetingYAML) {
        try $0.register(Greeting.self, named: "Card", stub: { .init() })
      }
    }
    _ = try Record(catalog: catalog()).run()
    let verifier = ContractVerifier(catalog, command: Self.command, environment: [:])
    #expect(verifier.problems(for: ContractCase("Card", "1.0.0", "en")).map(\.message) == ["""
      placeholder-unresolved at Card 1.0.0 /greeting in en (default): '/greeting' still \
      contains %{name}
        current: "Hello, %{name}!"
      Fix the translation, or give the placeholder a substitution in code. Recording cannot \
      fix this.
      """])
  }

  @Test("CONTRACTKIT_RECORD=all refused: the refusal once in the catalog test, not per case")
  func refusedOnce() throws {
    let scenario = try Scenario()
    try scenario.record(program: "app-contracts", scenario.catalog(locales: ["en", "es"]) {
      try $0.register(Card.self, named: "Card", stub: { .init() })
      try $0.register(Card.self, named: "Other", stub: { .init() })
    })
    struct Renamed: Encodable, Sendable {
      var heading = "Weekly"
      var vmId = ViewModelId(id: "card-1")
    }
    let verifier = ContractVerifier({
      try scenario.catalog(locales: ["en", "es"]) {
        try $0.register(Renamed.self, named: "Card", stub: { .init() })
        try $0.register(Card.self, named: "Other", stub: { .init() })
      }
    }, command: Self.command, environment: ["CONTRACTKIT_RECORD": "all"])
    for contractCase in verifier.cases {
      #expect(!verifier.problems(for: contractCase).contains { $0.message.contains("Refused") })
    }
    #expect(verifier.problems(for: ContractCase("Other", "1.0.0", "en")) == [])
    #expect(verifier.problems(for: ContractCase("Card", "1.0.0", "en")).count == 1)
    #expect(verifier.catalogProblems().map(\.message) == ["""
      CONTRACTKIT_RECORD=all: Refused: 2 changes would break committed baselines of released \
      versions or make them unstable; nothing was written.
        error  field-removed  Card 1.0.0 /title in en, es (default): field '/title' is gone; \
      clients that require it fail to decode (looks like a rename to 'heading': old clients \
      break either way)
            baseline: "Weekly"
            current:  (absent)
      If the break is intended, run: swift run app-contracts record --accept-breaking \
      --reason "…"
      """, "2 harmless changes not recorded (field-added ×2): review them: swift run "
        + "app-contracts review."])
  }

  @Test("a fallback translation is a warning problem: shown, not failing")
  func fallbackWarning() throws {
    let scenario = try Scenario()
    let verifier = try Self.titledVerifier(scenario, yaml: Self.spanishLost)
    #expect(verifier.problems(for: ContractCase("Card", "1.0.0", "en")) == [])
    #expect(verifier.problems(for: ContractCase("Card", "1.0.0", "es")) == [
      ContractVerifier.Problem(.warning, """
        translation-fallback at Card 1.0.0 /title in es (default): key 'Card.title' has no \
        translation here; shown in en instead
        Fix the translation in the YAML files. Recording cannot fix this.
        """),
    ])
    #expect(verifier.catalogProblems() == [
      ContractVerifier.Problem(.warning, """
        key-unused in es: key 'Card.subtitle' is resolved by no contract
        Delete the key from the YAML files, or use it.
        """),
    ])
  }

  @Test("Swift Testing: a warning is an issue of warning severity, an error fails")
  func warningIssues() throws {
    let scenario = try Scenario()
    let verifier = try Self.titledVerifier(scenario, yaml: Self.spanishLost)
    withKnownIssue {
      expectContract(ContractCase("Card", "1.0.0", "es"), in: verifier)
    } matching: { issue in
      issue.severity == .warning && issue.comments.contains {
        $0.rawValue.hasPrefix("translation-fallback at Card 1.0.0 /title in es (default)")
      }
    }
    expectContract(ContractCase("Card", "1.0.0", "en"), in: verifier)
    let missing = ContractVerifier({
      try scenario.catalog(locales: ["en"]) { try $0.register(Card.self, named: "Lost", stub: { .init() }) }
    }, environment: [:])
    withKnownIssue {
      expectContract(ContractCase("Lost", "1.0.0", "en"), in: missing)
    } matching: { $0.severity == .error && $0.isFailure }
  }

  /// ``Scenario/yaml`` with the Spanish title removed: Spanish falls back to English.
  static let spanishLost = """
    en:
      Card:
        title: "Weekly summary"
    es:
      Card:
        subtitle: "Resumen"
    """

  /// A verifier over a recorded `Card` whose title is `@LocalizedString`-style localized.
  static func titledVerifier(_ scenario: Scenario, yaml: String) throws -> ContractVerifier {
    struct Titled: Codable, Sendable {
      var title: LocalizableString = .localized(key: "Card.title")
    }
    let catalog = {
      try scenario.catalog(yaml: yaml) { try $0.register(Titled.self, named: "Card", stub: { .init() }) }
    }
    try scenario.record(program: "app-contracts", catalog())
    return ContractVerifier(catalog, command: command, environment: [:])
  }

  @Test("the command is declared; without one, remedies name a placeholder, never a guess")
  func declaredCommand() throws {
    let scenario = try Scenario()
    let undeclared = ContractVerifier({
      try scenario.catalog(locales: ["en"]) { try $0.register(Card.self, named: "Card", stub: { .init() }) }
    }, environment: [:])
    #expect(undeclared.command == "swift run <your contracts executable>")
    #expect(sampleContracts.command == "swift run contracts")
  }

  @Test("a catalog that cannot be built fails every call with the reason")
  func brokenCatalog() {
    let verifier = ContractVerifier({ throw CatalogError.invalidDeclaration("no versions") },
                                    environment: [:])
    #expect(verifier.cases.isEmpty)
    #expect(verifier.catalogProblems() == [
      ContractVerifier.Problem(.error, "The catalog could not be built: no versions"),
    ])
  }
}

/// The XCTest integration prints warnings and fails only on errors.
final class VerifierXCTests: XCTestCase {
  func testWarningsDoNotFail() throws {
    let scenario = try Scenario()
    let verifier = try VerifierTests.titledVerifier(scenario, yaml: VerifierTests.spanishLost)
    XCTAssertEqual(verifier.problems(for: ContractCase("Card", "1.0.0", "es")).map(\.severity),
                   [.warning])
    assertContracts(verifier)
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
