import Foundation
import Testing

@testable import ContractKit

@Suite("Localization store")
struct LocalizationStoreTests {
  static let baseFile = (name: "base.yml", text: """
    en:
      DashboardViewModel:
        title: "Dashboard"
        subtitle: Your week at a glance
        Card:
          title: Card
        weekdays:
          - Mon
          - Tue
        maxItems: 12
        ratio: 0.75
        enabled: true
    pt:
      DashboardViewModel:
        title: Painel

    """)

  static let brazilFile = (name: "pt-BR.yml", text: """
    pt-BR:
      DashboardViewModel:
        subtitle: Sua semana

    """)

  /// The error `LocalizationStore(files:)` throws for `files`, or `nil` when they load.
  func loadError(_ files: [(name: String, text: String)]) -> InputError? {
    do {
      _ = try LocalizationStore(files: files)
      return nil
    } catch {
      return error
    }
  }

  @Test("Flattens nested mappings into sorted dotted keys with typed values")
  func flattening() throws {
    let store = try LocalizationStore(files: [Self.baseFile, Self.brazilFile])
    #expect(store.locales == ["en", "pt", "pt-BR"])
    #expect(store.keys(in: "en") == [
      "DashboardViewModel.Card.title", "DashboardViewModel.enabled",
      "DashboardViewModel.maxItems", "DashboardViewModel.ratio",
      "DashboardViewModel.subtitle", "DashboardViewModel.title",
      "DashboardViewModel.weekdays",
    ])
    #expect(store.keys(in: "fr") == [])
    #expect(store.value(forKey: "DashboardViewModel.Card.title", locale: "en") == .string("Card"))
    #expect(store.value(forKey: "DashboardViewModel.weekdays", locale: "en")
      == .list([.string("Mon"), .string("Tue")]))
    #expect(store.value(forKey: "DashboardViewModel.maxItems", locale: "en") == .int(12))
    #expect(store.value(forKey: "DashboardViewModel.ratio", locale: "en") == .double(0.75))
    #expect(store.value(forKey: "DashboardViewModel.enabled", locale: "en") == .bool(true))
    #expect(store.value(forKey: "DashboardViewModel.Card", locale: "en") == nil)
    #expect(store.value(forKey: "DashboardViewModel.title", locale: "pt-BR") == nil)
    #expect(store.location(ofKey: "DashboardViewModel.Card.title", locale: "en")
      == TranslationLocation(file: "base.yml", line: 6, column: 7))
    #expect(store.location(ofKey: "DashboardViewModel.subtitle", locale: "pt-BR")?.description
      == "pt-BR.yml:3:5")
  }

  @Test("Resolves in the locale, falls back to its parent, then to the base, else misses")
  func resolution() throws {
    let store = try LocalizationStore(files: [Self.baseFile, Self.brazilFile])
    #expect(store.resolve("DashboardViewModel.subtitle", locale: "pt-BR", baseLocale: "en")
      == .resolved(.string("Sua semana")))
    #expect(store.resolve("DashboardViewModel.title", locale: "pt-BR", baseLocale: "en")
      == .fellBack(.string("Painel"), from: "pt"))
    #expect(store.resolve("DashboardViewModel.maxItems", locale: "pt-BR", baseLocale: "en")
      == .fellBack(.int(12), from: "en"))
    #expect(store.resolve("DashboardViewModel.nope", locale: "pt-BR", baseLocale: "en")
      == .missing)
    #expect(store.resolve("DashboardViewModel.title", locale: "en", baseLocale: "en")
      == .resolved(.string("Dashboard")))
    #expect(store.resolve("DashboardViewModel.title", locale: "fr", baseLocale: "en")
      == .fellBack(.string("Dashboard"), from: "en"))
  }

  @Test("Builds the fallback chain from specific to general, then the base")
  func fallbackChain() {
    #expect(LocalizationStore.fallbackChain(locale: "zh-Hant-TW", baseLocale: "en")
      == ["zh-Hant-TW", "zh-Hant", "zh", "en"])
    #expect(LocalizationStore.fallbackChain(locale: "pt-BR", baseLocale: "pt") == ["pt-BR", "pt"])
    #expect(LocalizationStore.fallbackChain(locale: "en", baseLocale: "en-GB")
      == ["en", "en-GB"])
  }

  @Test("Merges one locale spread over several files")
  func mergesFiles() throws {
    let store = try LocalizationStore(files: [
      (name: "a.yml", text: "en:\n  A:\n    title: One\n"),
      (name: "b.yml", text: "en:\n  A:\n    subtitle: Two\n  B:\n    title: Three\n"),
    ])
    #expect(store.keys(in: "en") == ["A.subtitle", "A.title", "B.title"])
    #expect(store.location(ofKey: "A.title", locale: "en")?.file == "a.yml")
    #expect(store.location(ofKey: "B.title", locale: "en")?.file == "b.yml")
  }

  @Test("Rejects a key defined twice, naming both places")
  func duplicateAcrossFiles() throws {
    let error = try #require(loadError([
      (name: "a.yml", text: "en:\n  A:\n    title: One\n"),
      (name: "b.yml", text: "# again\nen:\n  A:\n    title: Two\n"),
    ]))
    #expect(error.file == "b.yml")
    #expect(error.line == 4)
    #expect(error.column == 5)
    #expect(error.byteOffset == 21)
    #expect(error.reason == "duplicate key 'A.title' for locale 'en' (first defined at a.yml:3:5)")
  }

  @Test("Rejects a key that is a value in one file and a mapping in another")
  func leafAndMappingConflict() throws {
    let error = try #require(loadError([
      (name: "a.yml", text: "en:\n  A:\n    title: One\n"),
      (name: "b.yml", text: "en:\n  A:\n    title:\n      short: T\n"),
    ]))
    #expect(error.file == "b.yml")
    #expect(error.line == 3)
    #expect(error.reason.contains("is a mapping here but a value at a.yml:3:5"))
  }

  @Test("Rejects misplaced structure and bad names at their position", arguments: [
    ("pt_BR:\n  A:\n    t: x\n", 1, 1, "'pt_BR' is not a BCP-47 locale tag"),
    ("en:\n  A:\n    t: x\nenglish:\n  A:\n    t: y\n", 4, 1, "'english' is not a BCP-47"),
    ("en-:\n  A:\n    t: x\n", 1, 1, "not a BCP-47"),
    ("en: Hello\n", 1, 1, "locale 'en' must hold a mapping of type names, found a string"),
    ("en:\n  - x\n", 1, 1, "found a list"),
    ("en:\n  title: Hi\n", 2, 3, "'title' sits directly under locale 'en'"),
    ("en:\n  A:\n    \"a.b\": x\n", 3, 5, "contains '.'"),
    ("en:\n  A:\n    '': x\n", 3, 5, "empty keys"),
    ("- en\n", 1, 1, "expected a mapping of locales at the top level, found a list"),
    ("en:\n  A:\n    t: x\nen:\n  B:\n    t: y\n", 4, 1,
     "duplicate key 'en' (first written at 1:1)"),
    ("en:\n  A:\n    t: &x y\n", 3, 8, "anchors"),
  ] as [(String, Int, Int, String)])
  func structureErrors(text: String, line: Int, column: Int, reason: String) throws {
    let error = try #require(loadError([(name: "x.yml", text: text)]))
    #expect(error.file == "x.yml")
    #expect(error.line == line)
    #expect(error.column == column)
    #expect(error.reason.contains(reason), "\(error.reason)")
  }

  @Test("Accepts BCP-47 style locale tags", arguments: ["en", "EN", "fil", "pt-BR", "zh-Hant-TW",
                                                         "es-419", "de-CH-1996"])
  func localeTags(tag: String) throws {
    let store = try LocalizationStore(files: [(name: "x.yml", text: "\(tag):\n  A:\n    t: x\n")])
    #expect(store.locales == [tag])
  }

  @Test("The empty store has no locales and misses every key")
  func emptyStore() {
    #expect(LocalizationStore.empty.locales.isEmpty)
    #expect(LocalizationStore.empty.resolve("A.t", locale: "en", baseLocale: "en") == .missing)
  }

  @Test("Loads *.yml and *.yaml files recursively in sorted order, skipping others")
  func directory() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("LocalizationStoreTests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let files = [
      "en.yml": "en:\n  A:\n    title: One\n",
      "nested/es.yaml": "es:\n  A:\n    title: Uno\n",
      "nested/deeper/en-more.YML": "en:\n  B:\n    title: Two\n",
      "notes.txt": "not: [yaml\n",
      ".hidden/skip.yml": "en:\n  A:\n    title: Hidden\n",
    ]
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    let store = try LocalizationStore(directory: root)
    #expect(store.locales == ["en", "es"])
    #expect(store.keys(in: "en") == ["A.title", "B.title"])
    #expect(store.location(ofKey: "B.title", locale: "en")?.file
      == root.appendingPathComponent("nested/deeper/en-more.YML").path)

    try Data("en:\n  A:\n    title: \"open\n".utf8)
      .write(to: root.appendingPathComponent("nested/bad.yml"))
    do {
      _ = try LocalizationStore(directory: root)
      Issue.record("loaded a bad file")
    } catch {
      #expect(error.file == root.appendingPathComponent("nested/bad.yml").path)
      #expect(error.line == 3)
      #expect(error.column == 12)
    }
  }

  @Test("Reports a missing directory as an input error naming it")
  func missingDirectory() {
    let missing = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString)")
    do {
      _ = try LocalizationStore(directory: missing)
      Issue.record("loaded a missing directory")
    } catch {
      #expect(error.file == missing.path)
      #expect(error.line == nil)
      #expect(error.reason.contains("does not exist"))
    }
  }
}
