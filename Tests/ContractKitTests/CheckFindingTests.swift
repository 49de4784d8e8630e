import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// Every finding `check` can report, provoked by the change a developer would make to a
/// test-only contract, asserted by kind, severity and path.
@Suite("Check: every finding kind from a purpose-made change")
struct CheckFindingTests {
  // MARK: - Wire shape

  typealias CardV1 = CardFixtures.Card
  typealias CardRenamed = CardFixtures.CardRenamed
  typealias CardRetyped = CardFixtures.CardRetyped

  @Test("a renamed field is field-removed (error, 'looks like a rename') plus field-added (info)")
  func renamedField() throws {
    let scenario = try Scenario()
    try scenario.record(scenario.catalog(yaml: Scenario.yaml) {
      try $0.register(CardV1.self, named: "Card", stub: { .init() })
    })
    let report = try scenario.check(scenario.catalog(yaml: Scenario.yaml) {
      try $0.register(CardRenamed.self, named: "Card", stub: { .init() })
    })
    #expect(briefs(report, excluding: [.decodeFailed]) == [
      "error field-removed Card 1.0.0 en default /legacyTitle",
      "error field-removed Card 1.0.0 es default /legacyTitle",
      "info field-added Card 1.0.0 en default /headline",
      "info field-added Card 1.0.0 es default /headline",
    ])
    let removal = try #require(report.findings.first { $0.kind == .fieldRemoved })
    #expect(removal.message.contains("looks like a rename to 'headline'"))
    #expect(removal.baseline == "Weekly" && removal.current == nil)
    #expect(ExitStatus.code(for: report) == 1)
  }

  @Test("Int to String is one type-changed; a value gone to null is became-null; a new vmId is identity-changed")
  func typeNullAndIdentity() throws {
    let scenario = try Scenario()
    try scenario.record(scenario.catalog(yaml: Scenario.yaml) {
      try $0.register(CardV1.self, named: "Card", stub: { .init() })
    })
    let report = try scenario.check(scenario.catalog(yaml: Scenario.yaml) {
      try $0.register(CardRetyped.self, named: "Card", stub: { .init() })
    })
    #expect(briefs(report) == [
      "error became-null Card 1.0.0 en default /note",
      "error became-null Card 1.0.0 es default /note",
      "error identity-changed Card 1.0.0 en default /vmId",
      "error identity-changed Card 1.0.0 es default /vmId",
      "error type-changed Card 1.0.0 en default /count",
      "error type-changed Card 1.0.0 es default /count",
    ])
  }

  @Test("null to a value is became-non-null (info); a changed number is value-changed (info)")
  func harmlessChanges() throws {
    typealias Before = CardFixtures.CounterBefore
    typealias After = CardFixtures.CounterAfter
    let scenario = try Scenario()
    try scenario.record(scenario.catalog { try $0.register(Before.self, named: "Card", stub: { .init() }) })
    let report = try scenario.check(scenario.catalog {
      try $0.register(After.self, named: "Card", stub: { .init() })
    })
    #expect(briefs(report) == [
      "info became-non-null Card 1.0.0 en default /note",
      "info became-non-null Card 1.0.0 es default /note",
      "info value-changed Card 1.0.0 en default /count",
      "info value-changed Card 1.0.0 es default /count",
    ])
    #expect(ExitStatus.code(for: report) == 0)
  }

  @Test("a new required field old baselines lack is decode-failed (forward: a warning) naming the file and key")
  func decodeFailed() throws {
    struct Old: Codable, Sendable { var title = "a" }
    struct New: Codable, Sendable {
      var title = "a"
      var count = 1
    }
    let scenario = try Scenario()
    try scenario.record(scenario.catalog(locales: ["en"]) {
      try $0.register(Old.self, named: "Card", stub: { .init() })
    })
    let report = try scenario.check(scenario.catalog(locales: ["en"]) {
      try $0.register(New.self, named: "Card", stub: { .init() })
    })
    #expect(briefs(report) == [
      "info field-added Card 1.0.0 en default /count",
      "warning decode-failed Card 1.0.0 en default /count",
    ])
    let failure = try #require(report.findings.first { $0.kind == .decodeFailed })
    #expect(failure.scope == .file(ContractCase("Card", "1.0.0", "en")))
    #expect(failure.message.contains("required key 'count' is missing"))
  }

  // MARK: - Identity and determinism

  @Test("a random ViewModelId is identity-nondeterministic at its path")
  func randomRowIdentity() throws {
    struct Row: Codable, Sendable { var vmId: ViewModelId }
    struct List: Codable, Sendable { var rows: [Row] }
    let scenario = try Scenario()
    try scenario.record(scenario.catalog(locales: ["en"]) {
      try $0.register(List.self, named: "List", stub: { .init(rows: [Row(vmId: .init(id: 1))]) })
    })
    let report = try scenario.check(scenario.catalog(locales: ["en"]) {
      try $0.register(List.self, named: "List", stub: { .init(rows: [Row(vmId: .init())]) })
    })
    #expect(briefs(report, excluding: [.identityChanged]) == [
      "error identity-nondeterministic List 1.0.0 en default /rows/0/vmId",
    ])
  }

  @Test("a type-based singleton id on list rows is identity-collision at the array")
  func singletonIdOnRows() throws {
    struct Row: Codable, Sendable { var vmId = ViewModelId(type: Row.self) }
    struct List: Codable, Sendable { var rows = [Row(), Row(), Row()] }
    let scenario = try Scenario()
    let catalog = try scenario.catalog(locales: ["en"]) {
      try $0.register(List.self, named: "List", stub: { .init() })
    }
    try scenario.record(catalog)
    let report = try scenario.check(catalog)
    #expect(briefs(report) == ["error identity-collision List 1.0.0 en default /rows"])
    #expect(report.findings.first?.message.contains("elements 0, 1, 2") == true)
  }

  @Test("Date() inside a stub is volatile-value, found by encoding the stub twice")
  func dateInStub() throws {
    struct Stamp: Codable, Sendable { var at: Date }
    let scenario = try Scenario()
    try scenario.record(scenario.catalog(locales: ["en"]) {
      try $0.register(Stamp.self, named: "Stamp", stub: { .init(at: Date(timeIntervalSince1970: 0)) })
    })
    let report = try scenario.check(scenario.catalog(locales: ["en"]) {
      try $0.register(Stamp.self, named: "Stamp", stub: { .init(at: Date()) })
    })
    #expect(briefs(report, excluding: [.valueChanged]) == [
      "error volatile-value Stamp 1.0.0 en default /at",
    ])
  }

  @Test("record refuses an unstable stub and writes nothing")
  func recordRefusesUnstableStub() throws {
    struct Stamp: Codable, Sendable { var at: Date }
    let scenario = try Scenario()
    let catalog = try scenario.catalog(locales: ["en"]) {
      try $0.register(Stamp.self, named: "Stamp", stub: { .init(at: Date()) })
    }
    let outcome = try Record(catalog: catalog).run()
    #expect(outcome.refused)
    #expect(outcome.breaking.map(brief) == ["error volatile-value Stamp 1.0.0 en default /at"])
    #expect(!FileManager.default.fileExists(atPath: scenario.baselines.path))
  }

  // MARK: - Localization

  @Test("a changed translation is text-changed (info)")
  func textChanged() throws {
    let scenario = try Scenario()
    try scenario.record(scenario.catalog(yaml: Scenario.yaml) {
      try $0.register(CardV1.self, named: "Card", stub: { .init() })
    })
    let yaml = Scenario.yaml.replacingOccurrences(of: "Resumen semanal", with: "Resumen de la semana")
    let report = try scenario.check(scenario.catalog(yaml: yaml) {
      try $0.register(CardV1.self, named: "Card", stub: { .init() })
    })
    #expect(briefs(report, excluding: [.baselinesStale]) == [
      "info text-changed Card 1.0.0 es default /title",
    ])
    let change = try #require(report.findings.first { $0.kind == .textChanged })
    #expect(change.baseline == "Resumen semanal")
    #expect(change.current == "Resumen de la semana")
  }

  @Test("a dropped Spanish key that was translated is translation-lost, and nothing else")
  func droppedSpanishKey() throws {
    let scenario = try Scenario()
    let catalog = try scenario.catalog(yaml: Scenario.yaml) {
      try $0.register(CardV1.self, named: "Card", stub: { .init() })
    }
    try scenario.record(catalog)
    let yaml = Scenario.greetingYAML.replacingOccurrences(of: "title: \"Resumen semanal\"", with: "")
    let report = try scenario.check(scenario.catalog(yaml: yaml) {
      try $0.register(CardV1.self, named: "Card", stub: { .init() })
    })
    // Spanish clients now see English where they saw Spanish: an error. Not also a fallback
    // or a changed text, and Baselines.md is not stale (only the YAML changed).
    #expect(briefs(report, excluding: [.keyUnused]) == [
      "error translation-lost Card 1.0.0 es default /title",
    ])
    let lost = try #require(report.findings.first { $0.kind == .translationLost })
    #expect(lost.message == "the translation of key 'Card.title' is lost: clients here now see "
      + "the en text; it belongs in card.yml")
    #expect(lost.baseline == "Resumen semanal")
    #expect(lost.current == "Weekly summary")
    #expect(ExitStatus.code(for: report) == 1)
  }

  @Test("a Spanish key never translated falls back to English: translation-fallback (warning)")
  func neverTranslatedSpanishKey() throws {
    let scenario = try Scenario()
    let yaml = Scenario.yaml.replacingOccurrences(of: "title: \"Resumen semanal\"", with: "")
    let catalog = try scenario.catalog(yaml: yaml) {
      try $0.register(CardV1.self, named: "Card", stub: { .init() })
    }
    try scenario.record(catalog)
    let report = try scenario.check(catalog)
    #expect(briefs(report) == ["warning translation-fallback Card 1.0.0 es default /title"])
    #expect(ExitStatus.code(for: report) == 0)
  }

  @Test("a key missing everywhere, or empty, is translation-missing (error)")
  func missingTranslation() throws {
    struct Texts: Codable, Sendable {
      var title: LocalizableString = .localized(key: "Card.title")
      var subtitle: LocalizableString = .localized(key: "Card.subtitle")
    }
    let scenario = try Scenario()
    let yaml = Scenario.yaml.replacingOccurrences(of: "Resumen semanal", with: "")
    let catalog = try scenario.catalog(yaml: yaml) {
      try $0.register(Texts.self, named: "Card", stub: { .init() })
    }
    // record refuses to commit a missing text without a reason.
    #expect(try Record(catalog: catalog).run().refused)
    _ = try Record(catalog: catalog, acceptBreakingReason: "texts come next sprint").run()
    let report = try scenario.check(catalog)
    #expect(briefs(report, excluding: [.keyUnused]) == [
      "error translation-missing Card 1.0.0 en default /subtitle",
      "error translation-missing Card 1.0.0 es default /subtitle",
      "error translation-missing Card 1.0.0 es default /title",
    ])
    // Each names the key and the YAML file it belongs in, or its file and line.
    #expect(report.findings.filter { $0.kind == .translationMissing }.map(\.message) == [
      "key 'Card.subtitle' has no translation in any locale, so the text is empty; add it to "
        + "card.yml",
      "key 'Card.subtitle' has no translation in any locale, so the text is empty; add it to "
        + "card.yml",
      "key 'Card.title' (card.yml:6) has an empty translation",
    ])
  }

  @Test("a key only another locale has names where that locale wrote it")
  func missingNamesWhereWritten() throws {
    struct Texts: Codable, Sendable {
      var title: LocalizableString = .localized(key: "Card.title")
    }
    let scenario = try Scenario()
    // Spanish only: English, the base locale, has nothing to fall back to.
    let yaml = "es:\n  Card:\n    title: \"Resumen semanal\"\n"
    let catalog = try scenario.catalog(yaml: yaml) {
      try $0.register(Texts.self, named: "Card", stub: { .init() })
    }
    let missing = try scenario.check(catalog).findings.filter { $0.kind == .translationMissing }
    #expect(missing.map(brief) == ["error translation-missing Card 1.0.0 en default /title"])
    #expect(missing.map(\.message) == [
      "key 'Card.title' has no translation here or in any fallback locale (es has it at card.yml:3)",
    ])
  }

  @Test("a template placeholder without a substitution is placeholder-unresolved")
  func unresolvedPlaceholder() throws {
    struct Greeting: Codable, Sendable {
      var greeting = LocalizableSubstitutions(
        template: .localized(key: "Card.greeting"), substitutions: ["user": .string("Ana")])
    }
    let scenario = try Scenario()
    let catalog = try scenario.catalog(yaml: Scenario.greetingYAML) {
      try $0.register(Greeting.self, named: "Card", stub: { .init() })
    }
    _ = try Record(catalog: catalog).run()
    #expect(briefs(try scenario.check(catalog), excluding: [.keyUnused]) == [
      "error placeholder-unresolved Card 1.0.0 en default /greeting",
      "error placeholder-unresolved Card 1.0.0 es default /greeting",
    ])
  }

  @Test("a German translation that drops a placeholder is placeholder-mismatch")
  func droppedPlaceholder() throws {
    let yaml = Scenario.greetingYAML + """

      de:
        Card:
          title: "Wochenübersicht"
          greeting: "Hallo!"
      """
    let scenario = try Scenario()
    let catalog = try scenario.catalog(locales: ["en", "es", "de"], yaml: yaml) {
      try $0.register(CardV1.self, named: "Card", stub: { .init() })
    }
    try scenario.record(catalog)
    let mismatches = try scenario.check(catalog).findings.filter { $0.kind == .placeholderMismatch }
    #expect(mismatches.map(brief) == ["error placeholder-mismatch de"])
    #expect(mismatches.first?.message.contains("'Card.greeting'") == true)
    #expect(mismatches.first?.message.contains("card.yml:") == true)
  }

  @Test("a key no contract resolves is key-unused (warning) in every locale that has it")
  func unusedKey() throws {
    let scenario = try Scenario()
    let catalog = try scenario.catalog(yaml: Scenario.greetingYAML) {
      try $0.register(CardV1.self, named: "Card", stub: { .init() })
    }
    try scenario.record(catalog)
    let unused = try scenario.check(catalog).findings.filter { $0.kind == .keyUnused }
    #expect(unused.map(brief) == ["warning key-unused en", "warning key-unused es"])
    #expect(unused.allSatisfy { $0.message == "key 'Card.greeting' is resolved by no contract" })
  }

  // MARK: - Enums and versions

  enum StatusV1: ViewModelEnum { case placed, shipped, returned }
  enum StatusV2: ViewModelEnum { case placed, shipped }

  @Test("an enum case removed from the type is enum-case-removed, from contract.json")
  func removedEnumCase() throws {
    struct Before: Codable, Sendable { var status = StatusV1.shipped }
    struct After: Codable, Sendable { var status = StatusV2.shipped }
    let scenario = try Scenario()
    try scenario.record(scenario.catalog(locales: ["en"]) {
      try $0.register(Before.self, named: "Order", stub: { .init() })
    })
    let report = try scenario.check(scenario.catalog(locales: ["en"]) {
      try $0.register(After.self, named: "Order", stub: { .init() })
    })
    #expect(briefs(report, excluding: [.baselinesStale]) == ["error enum-case-removed Order 1.0.0 /status"])
    #expect(report.findings.first { $0.kind == .enumCaseRemoved }?.message.contains("'returned'") == true)
  }

  @Test("a field removed between versions under a minor bump is version-bump-required")
  func versionBump() throws {
    struct Screen: Codable, Sendable {
      @Versioned(until: Scenario.v2) var legacy: String? = "old"
      var title = "Today"
    }
    let scenario = try Scenario()
    try scenario.record(scenario.catalog(versions: [Scenario.v1], locales: ["en"]) {
      try $0.register(Screen.self, named: "Screen", stub: { .init() })
    })
    let catalog = try scenario.catalog(versions: [Scenario.v1, Scenario.v2], locales: ["en"]) {
      try $0.register(Screen.self, named: "Screen", stub: { .init() })
    }
    // 1.1.0 is recorded for the first time and breaks 1.0.0: record asks for a reason.
    #expect(throws: Scenario.ScenarioError.self) { try scenario.record(catalog) }
    let outcome = try Record(catalog: catalog, acceptBreakingReason: "test", date: "2026-01-01").run()
    #expect(!outcome.refused)
    let report = try ReleaseGate(catalog: catalog).run()
    #expect(briefs(report) == ["error version-bump-required 1.1.0"])
    #expect(report.summary.requiredBump == .major)
    #expect(report.findings.first?.message == "1.0.0 → 1.1.0 is a minor bump, but the changes "
      + "require major (compared each of 1.0.0, 1.1.0 with its baselines; 1.1.0 with 1.0.0): "
      + "Screen: field-removed")
  }

  @Test("the release gate states the bump: minor for an added field")
  func minorBump() throws {
    struct Screen: Codable, Sendable {
      @Versioned(since: Scenario.v2) var badge: Int? = 3
      var title = "Today"
    }
    let scenario = try Scenario()
    let catalog = try scenario.catalog(versions: [Scenario.v1, Scenario.v2], locales: ["en"]) {
      try $0.register(Screen.self, named: "Screen", stub: { .init() })
    }
    try scenario.record(catalog)
    let report = try ReleaseGate(catalog: catalog).run()
    #expect(report.findings.isEmpty)
    #expect(report.summary.requiredBump == .minor)
    #expect(report.summary.gatePasses)
  }
}
