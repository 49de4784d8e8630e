import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// `swift test` on CI and off it (issue 21.6): a record asked for on CI says it was not done,
/// no remedy names what CI ignores, a recording through the environment leaves the tree as
/// `record` does, and harmless changes nobody recorded are counted.
@Suite("swift test: recording, CI and pending changes")
struct RecordOnCITests {
  typealias Before = CardFixtures.CounterBefore
  typealias After = CardFixtures.CounterAfter

  @Test("with CI=true a requested record is refused out loud, and the remedy names no CONTRACTKIT_RECORD")
  func ciSaysSo() throws {
    let scenario = try Scenario()
    let catalog = try scenario.catalog { try $0.register(Before.self, named: "Card", stub: { .init() }) }
    let verifier = ContractVerifier({ catalog }, command: "swift run app-contracts",
                                    environment: ["CI": "true", "CONTRACTKIT_RECORD": "missing"])
    #expect(verifier.recordMode == .never && verifier.onCI)
    let problems = verifier.catalogProblems()
    #expect(problems.contains(ContractVerifier.Problem(.warning,
      "CONTRACTKIT_RECORD=missing was not done: with CI=true nothing is ever recorded, so CI "
        + "cannot bless its own changes. Record on a development machine and commit "
        + "(CONTRACTKIT_RECORD_FORCE=1 forces it).")))
    let missing = verifier.problems(for: ContractCase("Card", "1.0.0", "en"))
    #expect(missing.map(\.severity) == [.error])
    let message = try #require(missing.first?.message)
    #expect(!message.contains("CONTRACTKIT_RECORD"))
    #expect(message.hasSuffix("Record it on a development machine and commit it: swift run "
      + "app-contracts record (CI never records)."))
    #expect(!FileManager.default.fileExists(atPath: scenario.baselines.path))
    // Off CI the same failure offers the environment variable.
    let local = ContractVerifier({ catalog }, command: "swift run app-contracts",
                                 environment: [:])
    #expect(local.problems(for: ContractCase("Card", "1.0.0", "en")).first?.message
      .contains("CONTRACTKIT_RECORD=missing swift test") == true)
  }

  @Test("CONTRACTKIT_RECORD=missing leaves the tree as record --missing does, contract.json and Baselines.md too")
  func environmentRecordMatchesRecord() throws {
    let viaEnvironment = try Scenario()
    let viaRecord = try Scenario()
    for scenario in [viaEnvironment, viaRecord] {
      try scenario.record(scenario.catalog(locales: ["en"], yaml: Scenario.yaml) {
        try $0.register(CardFixtures.Card.self, named: "Card", stub: { .init() })
      })
    }
    // A locale added: its baselines are missing, and contract.json lists the locales.
    func grown(_ scenario: Scenario) throws -> Catalog {
      try scenario.catalog(locales: ["en", "es"], yaml: Scenario.yaml) {
        try $0.register(CardFixtures.Card.self, named: "Card", stub: { .init() })
      }
    }
    let verifier = ContractVerifier({ try grown(viaEnvironment) }, command: "x",
                                    environment: ["CONTRACTKIT_RECORD": "missing"])
    #expect(verifier.catalogProblems() == [])
    _ = try Record(catalog: grown(viaRecord), mode: .missing).run()
    for file in ["Baselines.md", ".VersionedTestJSON/Card/1.0.0/contract.json",
                 ".VersionedTestJSON/Card/1.0.0/es.json"] {
      #expect(try viaEnvironment.directory.read(file) == viaRecord.directory.read(file), "\(file)")
    }
    // Nothing is left for a second record.
    #expect(try Record(catalog: grown(viaEnvironment)).run().written.isEmpty)
    #expect(briefs(try viaEnvironment.check(grown(viaEnvironment))) == [])
  }

  @Test("harmless changes nobody recorded are counted in swift test, with the next step")
  func pendingCount() throws {
    let scenario = try Scenario()
    try scenario.record(scenario.catalog { try $0.register(Before.self, named: "Card", stub: { .init() }) })
    let changed = try scenario.catalog { try $0.register(After.self, named: "Card", stub: { .init() }) }
    // The command names the program that recorded Baselines.md, so the document is current.
    let local = ContractVerifier({ changed }, command: "swift run contracts", environment: [:])
    #expect(local.catalogProblems() == [ContractVerifier.Problem(.warning,
      "4 harmless changes not recorded (became-non-null ×2, value-changed ×2): review them: "
        + "swift run contracts review.")])
    let ci = ContractVerifier({ changed }, command: "swift run contracts", environment: ["CI": "true"])
    #expect(ci.catalogProblems().first?.message.hasSuffix(
      "record them on a development machine with 'swift run contracts record' and commit them.") == true)
  }

  /// Issue 33: `CI=true … record` wrote 9 files and said nothing about CI.
  @Test("record on CI refuses with exit 2 and swift test's sentence, writing nothing; forced, it records",
        arguments: ["true", "yes", "woodpecker"])
  func recordOnCI(_ value: String) throws {
    let copy = try ReviewCopy()
    let before = try copy.files()
    let refused = copy.run(["record"], environment: ["CI": value])
    #expect(refused.code == 2)
    #expect(refused.stdout.isEmpty)
    #expect(refused.stderr == "Error: record was not done: with CI=\(value) nothing is ever "
      + "recorded, so CI cannot bless its own changes. Record on a development machine and "
      + "commit (CONTRACTKIT_RECORD_FORCE=1 forces it).\n")
    #expect(try copy.files() == before)
    // swift test says the same after its own subject.
    let verifier = ContractVerifier({ copy.catalog }, command: "swift run contracts",
                                    environment: ["CI": value, "CONTRACTKIT_RECORD": "all"])
    #expect(verifier.catalogProblems().contains { $0.message == refused.stderr
      .replacingOccurrences(of: "Error: record", with: "CONTRACTKIT_RECORD=all")
      .trimmingCharacters(in: .newlines) })
    // review's accepting records too.
    _ = copy.run(["check"])
    let review = copy.run(["review", "--accept", ReviewCopy.added], environment: ["CI": value])
    #expect(review.code == 2)
    #expect(review.stderr.hasPrefix("Error: review --accept was not done: with CI=\(value)"))
    #expect(try copy.files() == before)
    let forced = copy.run(["record", "--accept-breaking", "--reason", "forced on CI"],
                          environment: ["CI": value, "CONTRACTKIT_RECORD_FORCE": "1"])
    #expect(forced.code == 0, "\(forced.stderr)")
    #expect(try copy.files() != before)
  }

  @Test("counts count what they name: Baselines.md is not a file of the baseline directory")
  func recordCounts() throws {
    let scenario = try Scenario()
    let catalog = try scenario.catalog { try $0.register(Before.self, named: "Card", stub: { .init() }) }
    let first = runContracts(["record", "--baselines", scenario.baselines.path], catalog: { catalog })
    #expect(first.code == 0, "\(first.stderr)")
    // Two payloads and contract.json in the tree; Baselines.md beside it.
    #expect(first.stdout.hasPrefix("Recorded 3 files in \(scenario.baselines.path) (0 unchanged); "
      + "updated Baselines.md.\n  wrote Card/1.0.0/en.json\n  wrote Card/1.0.0/es.json\n"
      + "  wrote Card/1.0.0/contract.json\n"), "\(first.stdout)")
    #expect(!first.stdout.contains("wrote Baselines.md"))
    let again = runContracts(["record", "--baselines", scenario.baselines.path], catalog: { catalog })
    #expect(again.stdout.hasPrefix(
      "Baselines in \(scenario.baselines.path) are up to date (2 files unchanged).\n"), "\(again.stdout)")
  }

  @Test("check on an empty tree counts no baseline")
  func emptyTreeCounts() throws {
    let scenario = try Scenario()
    try FileManager.default.createDirectory(at: scenario.baselines, withIntermediateDirectories: true)
    let catalog = try scenario.catalog(locales: ["en"]) {
      try $0.register(Before.self, named: "Card", stub: { .init() })
    }
    let result = runContracts(["check", "--baselines", scenario.baselines.path], catalog: { catalog })
    #expect(result.stdout.contains("in 1 contract (0 baselines)"), "\(result.stdout)")
    #expect(try Check(catalog: catalog).run().summary.baselines == 0)
  }
}
