import Foundation
import Testing

@testable import ContractKit
@testable import ContractKitRuntime

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

  /// The error `LocalizationStore(directory:)` throws, or `nil` when it loads.
  func loadError(directory: URL) -> InputError? {
    do {
      _ = try LocalizationStore(directory: directory)
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

  @Test("Rejects a key written twice with different values, naming both places")
  func duplicateAcrossFiles() throws {
    let error = try #require(loadError([
      (name: "a.yml", text: "en:\n  A:\n    title: One\n"),
      (name: "b.yml", text: "# again\nen:\n  A:\n    title: Two\n"),
    ]))
    #expect(error.file == "b.yml")
    #expect(error.line == 4)
    #expect(error.column == 5)
    #expect(error.byteOffset == 21)
    #expect(error.reason == "key 'A.title' of locale 'en' is written here and at a.yml:3:5 with "
      + "different values; FOSMVVM shows whichever it happens to read last, which changes from "
      + "run to run, so keep one")
  }

  @Test("Rejects a dotted key and a nested key that flatten alike, in one file")
  func duplicateInOneFile() throws {
    let error = try #require(loadError([
      (name: "a.yml", text: "en:\n  A:\n    b.c: dotted\n    b:\n      c: nested\n"),
    ]))
    #expect(error.line == 5)
    #expect(error.column == 7)
    #expect(error.reason.hasPrefix("key 'A.b.c' of locale 'en' is written here and at a.yml:3:5"))
    let twins = try #require(loadError([(name: "a.yml", text: "en:\n  a: x\nEN:\n  a: y\n")]))
    #expect(twins.reason.hasPrefix("key 'a' of locale 'en' is written here and at a.yml:2:3"))
  }

  @Test("Accepts the same value written twice, which FOSMVVM shows either way")
  func sameValueTwice() throws {
    let store = try LocalizationStore(files: [
      (name: "a.yml", text: "en:\n  A:\n    title: Same\n"),
      (name: "b.yml", text: "en:\n  A:\n    title: \" Same \"\n"),
    ])
    #expect(store.value(forKey: "A.title", locale: "en") == .string("Same"))
    #expect(store.location(ofKey: "A.title", locale: "en")?.file == "a.yml")
  }

  @Test("Keeps a key that is a value in one file and a mapping in another, as FOSMVVM does")
  func leafAndMapping() throws {
    let store = try LocalizationStore(files: [
      (name: "a.yml", text: "en:\n  A:\n    title: One\n"),
      (name: "b.yml", text: "en:\n  A:\n    title:\n      short: T\n"),
    ])
    #expect(store.keys(in: "en") == ["A.title", "A.title.short"])
    #expect(store.value(forKey: "A.title", locale: "en") == .string("One"))
    #expect(store.value(forKey: "A.title.short", locale: "en") == .string("T"))
  }

  @Test("Rejects what Yams rejects, at its position", arguments: [
    ("en:\n  A:\n    t: x\nen:\n  B:\n    t: y\n", 4, 1,
     "duplicate key 'en' (first written at 1:1)"),
    ("en:\n  A:\n    t: &x y\n", 3, 8, "anchors"),
    ("en:\n  A:\n    rows:\n      - a: 1\n", 4, 7,
     "the list at key 'A.rows' holds no string, integer, number or boolean"),
    ("en:\n  A:\n    days:\n      - 2024-01-01\n      - ~\n", 4, 7, "holds no string"),
  ] as [(String, Int, Int, String)])
  func structureErrors(text: String, line: Int, column: Int, reason: String) throws {
    let error = try #require(loadError([(name: "x.yml", text: text)]))
    #expect(error.file == "x.yml")
    #expect(error.line == line)
    #expect(error.column == column)
    #expect(error.reason.contains(reason), "\(error.reason)")
  }

  /// A document earlier versions refused, and the table FOSMVVM builds from it.
  struct FormerRefusal: Sendable, CustomTestStringConvertible {
    let text: String
    /// Locale → key → value.
    let table: [String: [String: LocalizedValue]]
    var testDescription: String { text.debugDescription }
  }

  static let formerRefusals: [FormerRefusal] = [(String, [String: [String: LocalizedValue]])]([
    ("pt_BR:\n  A:\n    t: x\n", ["pt_BR": ["A.t": .string("x")]]),
    ("en:\n  A:\n    t: x\nenglish:\n  A:\n    t: y\n",
     ["en": ["A.t": .string("x")], "english": ["A.t": .string("y")]]),
    ("en-:\n  A:\n    t: x\n", ["en-": ["A.t": .string("x")]]),
    ("en: Hello\nes:\n  t: Hola\n", ["es": ["t": .string("Hola")]]),
    ("en:\n  - x\n", [:]),
    ("en:\n  title: Hi\n", ["en": ["title": .string("Hi")]]),
    ("en:\n  A:\n    \"a.b\": x\n", ["en": ["A.a.b": .string("x")]]),
    ("en:\n  A:\n    '': x\n", ["en": ["A.": .string("x")]]),
    ("en:\n  '':\n    title: x\n", ["en": ["title": .string("x")]]),
    ("- en\n", [:]),
    ("just text\n", [:]),
    ("", [:]),
  ]).map { FormerRefusal(text: $0.0, table: $0.1) }

  @Test("Builds FOSMVVM's table from files earlier versions refused", arguments: formerRefusals)
  func formerRefusal(_ document: FormerRefusal) throws {
    let expected = document.table
    let store = try LocalizationStore(files: [(name: "x.yml", text: document.text)])
    #expect(store.locales.sorted() == expected.keys.sorted())
    for (locale, keys) in expected {
      #expect(store.keys(in: locale) == keys.keys.sorted())
      for (key, value) in keys { #expect(store.value(forKey: key, locale: locale) == value) }
    }
  }

  @Test("Reads values as FOSMVVM keeps them: trimmed strings, typed scalars, filtered lists")
  func fosmvvmValues() throws {
    let store = try LocalizationStore(files: [(name: "x.yml", text: """
      en:
        A:
          padded: "  padded\\t "
          block: |
            text
          yes: Yes
          zip: 01234
          clock: 12:30
          version: 1.0
          items: ["  a ", " b "]
          mixed: [one, 2, three, 4.5, true]
          numbers: [1, 2.5, 3]
          gaps: [~, Jan, ~]
          inf: .inf
          nothing: ~
          empty:
          date: 2024-01-15
          list: []
          map: {}

      """)])
    #expect(store.keys(in: "en") == [
      "A.block", "A.clock", "A.gaps", "A.inf", "A.items", "A.mixed", "A.numbers", "A.padded",
      "A.version", "A.yes", "A.zip",
    ])
    #expect(store.value(forKey: "A.padded", locale: "en") == .string("padded"))
    #expect(store.value(forKey: "A.block", locale: "en") == .string("text"))
    #expect(store.value(forKey: "A.yes", locale: "en") == .bool(true))
    #expect(store.value(forKey: "A.zip", locale: "en") == .int(668))
    #expect(store.value(forKey: "A.clock", locale: "en") == .int(750))
    #expect(store.value(forKey: "A.version", locale: "en") == .double(1))
    #expect(store.value(forKey: "A.items", locale: "en")
      == .list([.string("  a "), .string(" b ")]))
    #expect(store.value(forKey: "A.mixed", locale: "en")
      == .list([.string("one"), .string("three")]))
    #expect(store.value(forKey: "A.numbers", locale: "en") == .list([.int(1), .int(3)]))
    #expect(store.value(forKey: "A.gaps", locale: "en") == .list([.string("Jan")]))
    #expect(store.value(forKey: "A.inf", locale: "en") == .double(.infinity))
    for dropped in ["A.nothing", "A.empty", "A.date", "A.list", "A.map"] {
      #expect(store.value(forKey: dropped, locale: "en") == nil)
      #expect(store.location(ofKey: dropped, locale: "en") == nil)
    }
  }

  @Test("A null writes nothing: it never erases a value from another file")
  func nullDoesNotErase() throws {
    for order in [["a.yml", "b.yml"], ["b.yml", "a.yml"]] {
      let texts = ["a.yml": "en:\n  A:\n    title: kept\n", "b.yml": "en:\n  A:\n    title: ~\n"]
      let store = try LocalizationStore(files: order.map { (name: $0, text: texts[$0] ?? "") })
      #expect(store.value(forKey: "A.title", locale: "en") == .string("kept"))
      #expect(store.location(ofKey: "A.title", locale: "en")?.file == "a.yml")
    }
  }

  @Test("Merges locales written in any case, keeps the first spelling, and looks up in any case")
  func localeCase() throws {
    let store = try LocalizationStore(files: [
      (name: "a.yml", text: "en-GB:\n  A:\n    a: one\nEN:\n  A:\n    b: two\n"),
      (name: "b.yml", text: "en-gb:\n  A:\n    c: three\nen:\n  A:\n    d: four\n"),
    ])
    #expect(store.locales == ["EN", "en-GB"])
    #expect(store.keys(in: "en-gb") == ["A.a", "A.c"])
    #expect(store.keys(in: "EN-GB") == ["A.a", "A.c"])
    #expect(store.value(forKey: "A.d", locale: "En") == .string("four"))
    #expect(store.resolve("A.a", locale: "en-GB", baseLocale: "en") == .resolved(.string("one")))
    #expect(store.resolve("A.b", locale: "en-GB", baseLocale: "en")
      == .fellBack(.string("two"), from: "en"))
  }

  @Test("Accepts BCP-47 style locale tags, and any other top-level key over a mapping",
        arguments: ["en", "EN", "fil", "pt-BR", "zh-Hant-TW", "es-419", "de-CH-1996", "pt_BR",
                    "419"])
  func localeTags(tag: String) throws {
    let store = try LocalizationStore(files: [(name: "x.yml", text: "\(tag):\n  A:\n    t: x\n")])
    #expect(store.locales == [tag])
  }

  @Test("The empty store has no locales and misses every key")
  func emptyStore() {
    #expect(LocalizationStore.empty.locales.isEmpty)
    #expect(LocalizationStore.empty.resolve("A.t", locale: "en", baseLocale: "en") == .missing)
  }

  @Test("Loads the files FOSMVVM loads: extension exactly 'yml', subfolders and hidden ones")
  func directory() throws {
    let folder = try TemporaryDirectory()
    let root = folder.url
    let files = [
      "en.yml": "en:\n  A:\n    title: One\n",
      "nested/deeper/more.yml": "en:\n  B:\n    title: Two\n",
      ".hidden/also.yml": "en:\n  C:\n    title: Hidden\n",
      ".dot.yml": "es:\n  A:\n    title: Uno\n",
      "nested/es.yaml": "es:\n  A:\n    title: Not loaded\n",
      "upper.YML": "fr:\n  A:\n    title: Not loaded\n",
      ".yml": "de:\n  A:\n    title: Not loaded\n",
      "notes.txt": "not: [yaml\n",
      "backup.yml.bak": "it:\n  A:\n    title: Not loaded\n",
    ]
    for (path, text) in files { try folder.write(text, to: path) }
    let store = try LocalizationStore(directory: root)
    #expect(store.locales == ["en", "es"])
    #expect(store.keys(in: "en") == ["A.title", "B.title", "C.title"])
    #expect(store.location(ofKey: "B.title", locale: "en")?.file
      == root.appendingPathComponent("nested/deeper/more.yml").path)

    try folder.write("en:\n  A:\n    title: \"open\n", to: "nested/bad.yml")
    do {
      _ = try LocalizationStore(directory: root)
      Issue.record("loaded a bad file")
    } catch {
      #expect(error.file == root.appendingPathComponent("nested/bad.yml").path)
      #expect(error.line == 3)
      #expect(error.column == 12)
    }
  }

  @Test("Fails on a folder named like a translation file, as FOSMVVM does")
  func folderNamedYML() throws {
    let folder = try TemporaryDirectory()
    try folder.write("en:\n  A:\n    title: One\n", to: "Strings.yml/inner.yml")
    let error = try #require(loadError(directory: folder.url))
    #expect(error.file == folder.path("Strings.yml").path)
    #expect(error.reason.hasPrefix("this folder's name ends in '.yml'"))
  }

  @Test("Names a built bundle's file by the package source it was copied from")
  func bundleFilesNameTheirSource() throws {
    let folder = try TemporaryDirectory()
    let source = "Sources/SampleContracts/Localization/fr.yml"
    let bundle = ".build/x86_64-unknown-linux-gnu/debug/ContractKit_SampleContracts.resources"
    for path in [source, "\(bundle)/Localization/fr.yml"] {
      try folder.write("fr:\n  A:\n    title: Titre\n    ok: Yes\n", to: path)
    }
    try folder.write("fr:\n  B:\n    t: x\n", to: "\(bundle)/Localization/only-in-bundle.yml")
    let store = try LocalizationStore(directory: folder.path("\(bundle)/Localization"))
    #expect(store.location(ofKey: "A.title", locale: "fr")?.file == folder.path(source).path)
    #expect(store.location(ofKey: "B.t", locale: "fr")?.file
      == folder.path("\(bundle)/Localization/only-in-bundle.yml").path)
    guard case .flawed(_, let issue) = store.resolve(
      "A.ok", along: FallbackChain(locale: "fr", baseLocale: "fr"), expecting: .text) else {
      Issue.record("a boolean resolved as text")
      return
    }
    #expect(issue.location.file == folder.path(source).path)

    try folder.write("fr:\n  A:\n    title: \"open\n", to: "\(bundle)/Localization/fr.yml")
    let error = try #require(loadError(directory: folder.path("\(bundle)/Localization")))
    #expect(error.file == folder.path(source).path)
    #expect(error.line == 3)

    let darwin = "\(folder.url.path)/.build/debug/My_Package_SampleContracts.bundle/Contents/"
      + "Resources/Localization/fr.yml"
    #expect(TranslationFiles.sourcePath(of: URL(fileURLWithPath: darwin))
      == folder.path(source).path)
    #expect(TranslationFiles.sourcePath(of: folder.path(source)) == nil)
  }

  @Test("Names the shared Sources/Resources file a target copies with .copy(\"../Resources\")")
  func sharedResourcesNameTheirSource() throws {
    let folder = try TemporaryDirectory()
    let source = "Sources/Resources/es.yml"
    let bundle = ".build/aarch64-unknown-linux-gnu/debug/FOSMVVMApp_AppViewModels.resources"
    for path in [source, "\(bundle)/Resources/es.yml"] {
      try folder.write("es:\n  A:\n    title: Título\n", to: path)
    }
    // A target of that name exists, without the file: the search goes on above it.
    try folder.write("// code\n", to: "Sources/AppViewModels/A.swift")
    let store = try LocalizationStore(directory: folder.path("\(bundle)/Resources"))
    #expect(store.location(ofKey: "A.title", locale: "es")?.file == folder.path(source).path)

    // A copy of a folder at the package root: .copy("../../Shared").
    try folder.write("es:\n  B:\n    t: x\n", to: "Shared/b.yml")
    #expect(TranslationFiles.sourcePath(of: folder.path("\(bundle)/Shared/b.yml"))
      == folder.path("Shared/b.yml").path)
    // Nothing above the bundle's package root is taken for the source.
    #expect(TranslationFiles.sourcePath(of: folder.path("\(bundle)/Elsewhere/c.yml")) == nil)
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
