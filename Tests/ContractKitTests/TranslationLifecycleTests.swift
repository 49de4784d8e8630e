import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// Stale translations stay visible until the translation changes or is confirmed
/// (issue 21.3), and a coverage floor per locale (issue 21.7).
@Suite("Translation lifecycle and the coverage floor")
struct TranslationLifecycleTests {
  typealias Card = CardFixtures.Card

  static func yaml(en: String, es: String) -> String {
    """
    en:
      Card:
        title: "\(en)"
    es:
      Card:
        title: "\(es)"
    """
  }

  func catalog(_ scenario: Scenario, en: String, es: String = "Resumen semanal") throws
    -> Catalog
  {
    try scenario.catalog(yaml: Self.yaml(en: en, es: es)) {
      try $0.register(Card.self, named: "Card", stub: { .init() })
    }
  }

  let stale = ["warning translation-stale Card 1.0.0 es default /title"]

  @Test("translation-stale stays on every run, record included, until confirmed")
  func staysUntilConfirmed() throws {
    let scenario = try Scenario()
    try scenario.record(catalog(scenario, en: "Weekly summary"))
    let reworded = try catalog(scenario, en: "Summary of the week")
    #expect(briefs(try scenario.check(reworded)) == ["info text-changed Card 1.0.0 en default /title"]
      + stale)
    // record writes the new English text and says it keeps the warning.
    let recorded = try Record(catalog: reworded).run()
    #expect(recorded.written.contains("Card/1.0.0/contract.json"))
    #expect(recorded.staleTranslations.map(brief) == stale)
    let text = RecordReport.text(recorded, baselines: ".VersionedTestJSON", command: "swift run x")
    #expect(text.contains("Kept 1 translation-stale warning until the translation changes, or "
      + "confirm it is still right with: swift run x record --confirm-translations "
      + "<Contract/version/locale>"))
    let metadata = try scenario.directory.read(".VersionedTestJSON/Card/1.0.0/contract.json")
    #expect(metadata.contains("""
        "staleTranslations" : [
          {
            "base" : "Weekly summary",
            "locale" : "es",
            "path" : "/title",
            "translation" : "Resumen semanal",
            "variant" : "default"
          }
        ]
      """))
    // Every later run still reports it; a second record changes no byte.
    #expect(briefs(try scenario.check(reworded)) == stale)
    let again = try Record(catalog: reworded).run()
    #expect(again.written.isEmpty && again.staleTranslations.map(brief) == stale)
    // swift test shows it, as a warning.
    let verifier = ContractVerifier({ reworded }, command: "swift run contracts", environment: [:])
    #expect(verifier.catalogProblems().map(\.severity) == [.warning])
    #expect(verifier.catalogProblems().first?.message.hasPrefix(
      "translation-stale at Card 1.0.0 /title in es (default)") == true)
    // Someone checked the Spanish: confirmed, it goes.
    var confirm = Record(catalog: reworded)
    confirm.confirmingTranslations = [try CaseSelector(parsing: "Card/1.0.0/es")]
    let confirmed = try confirm.run()
    #expect(confirmed.written == ["Card/1.0.0/contract.json"])
    #expect(confirmed.staleTranslations.isEmpty)
    #expect(briefs(try scenario.check(reworded)) == [])
    #expect(try scenario.directory.read(".VersionedTestJSON/Card/1.0.0/contract.json")
      .contains("staleTranslations") == false)
  }

  @Test("a changed translation ends it, and the command line confirms with --confirm-translations")
  func translationChanges() throws {
    let scenario = try Scenario()
    try scenario.record(catalog(scenario, en: "Weekly summary"))
    let reworded = try catalog(scenario, en: "Summary of the week")
    try scenario.record(reworded)
    let translated = try catalog(scenario, en: "Summary of the week", es: "Resumen de la semana")
    #expect(briefs(try scenario.check(translated)) == [
      "info text-changed Card 1.0.0 es default /title"])
    try scenario.record(translated)
    #expect(briefs(try scenario.check(translated)) == [])
    // The command line: help names the option, and a confirmation that selects no case is
    // a usage error.
    let help = runContracts(["record", "--help"])
    #expect(help.stdout.contains("--confirm-translations <selector> ..."))
    let typo = runContracts(["record", "--baselines", scenario.baselines.path,
                             "--confirm-translations", "Crad/1.0.0/es"],
                            catalog: { translated })
    #expect(typo.code == 2)
    #expect(typo.stderr.contains("'--confirm-translations Crad/1.0.0/es' selects no case"))
  }

  @Test("the command line's --confirm-translations confirms the selected locale only")
  func commandLineConfirm() throws {
    let scenario = try Scenario()
    try scenario.record(catalog(scenario, en: "Weekly summary"))
    let reworded = try catalog(scenario, en: "Summary of the week")
    try scenario.record(reworded)
    let result = runContracts(["record", "--baselines", scenario.baselines.path,
                               "--confirm-translations", "Card/*/es"], catalog: { reworded })
    #expect(result.code == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Confirmed the translations of Card/*/es as still right."))
    #expect(briefs(try scenario.check(reworded)) == [])
  }

  /// Issue 34.18: with `--only` another contract, or `--missing`, the confirmation was
  /// reported ("Confirmed …") and nothing was written.
  @Test("--confirm-translations with --only or --missing confirms what it says or says why not")
  func confirmationsThatWouldWriteNothing() throws {
    let scenario = try Scenario()
    func catalog(_ english: String) throws -> Catalog {
      try scenario.catalog(yaml: Self.yaml(en: english, es: "Resumen semanal")) {
        try $0.register(Card.self, named: "Card", stub: { .init() })
        try $0.register(Card.self, named: "Other", stub: { .init() })
      }
    }
    try scenario.record(catalog("Weekly summary"))
    let reworded = try catalog("Summary of the week")
    try scenario.record(reworded)
    let metadata = try scenario.directory.read(".VersionedTestJSON/Card/1.0.0/contract.json")
    for (arguments, message) in [
      (["--only", "Other"], "Error: '--confirm-translations Card/*/es' confirms Card/1.0.0 (es), "
        + "which '--only' does not select: its contract.json would not be written, so nothing "
        + "would be confirmed. Add it to --only, or confirm without --only"),
      (["--missing"], "Error: '--confirm-translations Card/*/es' cannot go with '--missing': a "
        + "confirmation is kept in contract.json, which --missing never rewrites; confirm "
        + "without --missing"),
    ] {
      let result = runContracts(["record", "--baselines", scenario.baselines.path,
                                 "--confirm-translations", "Card/*/es"] + arguments,
                                catalog: { reworded })
      #expect(result.code == 2, "\(arguments): \(result.stdout)")
      #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
      #expect(!result.stdout.contains("Confirmed"))
      #expect(try scenario.directory.read(".VersionedTestJSON/Card/1.0.0/contract.json") == metadata)
    }
    // --only that selects the confirmed cases confirms them.
    let confirmed = runContracts(["record", "--baselines", scenario.baselines.path,
                                  "--confirm-translations", "Card/*/es", "--only", "Card"],
                                 catalog: { reworded })
    #expect(confirmed.code == 0, "\(confirmed.stderr)")
    #expect(confirmed.stdout.contains("Confirmed the translations of Card/*/es as still right."))
    #expect(briefs(try scenario.check(reworded)).filter { $0.contains(" Card ") } == [])
  }

  @Test("swift test shows one stale text in several locales as one warning")
  func oneWarningForLocales() throws {
    let scenario = try Scenario()
    func catalog(_ english: String) throws -> Catalog {
      try scenario.catalog(locales: ["en", "es", "de"], yaml: Self.yaml(en: english, es: "Resumen")
        + "\nde:\n  Card:\n    title: \"Wochenübersicht\"\n") {
        try $0.register(Card.self, named: "Card", stub: { .init() })
      }
    }
    try scenario.record(catalog("Weekly summary"))
    let reworded = try catalog("Summary of the week")
    try scenario.record(reworded)
    let verifier = ContractVerifier({ reworded }, command: "swift run contracts", environment: [:])
    let problems = verifier.catalogProblems()
    #expect(problems.map(\.severity) == [.warning])
    #expect(problems.first?.message.hasPrefix(
      "translation-stale at Card 1.0.0 /title in es, de (default)") == true)
  }

  struct TwoTexts: Codable, Sendable {
    var title: LocalizableString = .localized(key: "Card.title")
    var subtitle: LocalizableString = .localized(key: "Card.subtitle")
  }

  static let partialYAML = """
    en:
      Card:
        title: "Weekly summary"
        subtitle: "This week"
    es:
      Card:
        title: "Resumen semanal"
    """

  @Test("a locale below the coverage floor fails the gate, from --min-coverage or the catalog")
  func coverageFloor() throws {
    let scenario = try Scenario()
    var catalog = try scenario.catalog(yaml: Self.partialYAML) {
      try $0.register(TwoTexts.self, named: "Card", stub: { .init() })
    }
    try scenario.record(catalog)
    let plain = try scenario.check(catalog)
    #expect(briefs(plain) == ["warning translation-fallback Card 1.0.0 es default /subtitle"])
    #expect(ExitStatus.code(for: plain) == 0)
    let floored = try Check(catalog: catalog, options: RunOptions(minimumCoverage: 95)).run()
    let below = try #require(floored.findings.first { $0.kind == .translationMissing })
    #expect(brief(below) == "error translation-missing es")
    #expect(below.message == "coverage is 50.0% (1 of 2 lookups translated here, 1 fell back, "
      + "0 missing), below the floor of 95%")
    #expect(ExitStatus.code(for: floored) == 1)
    #expect(ExitStatus.code(for: try Check(
      catalog: catalog, options: RunOptions(minimumCoverage: 50)).run()) == 0)
    catalog.minimumCoverage = 75
    #expect(ExitStatus.code(for: try ReleaseGate(catalog: catalog).run()) == 1)
    let cli = runContracts(["check", "--baselines", scenario.baselines.path,
                            "--min-coverage", "95"], catalog: { catalog })
    #expect(cli.code == 1)
    let bad = runContracts(["check", "--min-coverage", "120"], catalog: { catalog })
    #expect(bad.code == 2)
    #expect(bad.stderr.contains("The value '120' is invalid for '--min-coverage <percent>'"))
    let sharded = runContracts(["check", "--min-coverage", "95", "--shard", "1/2"],
                               catalog: { catalog })
    #expect(sharded.code == 2)
    #expect(sharded.stderr.contains("'--min-coverage' needs the coverage of every contract"))
  }
}
