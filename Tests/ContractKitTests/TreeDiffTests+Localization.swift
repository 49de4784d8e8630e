import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

@Suite("tree diff: localization (shape rules)")
struct TreeDiffLocalizationTests {
  @Test("a string that differs between locales changed in one locale is text-changed")
  func textChanged() throws {
    let run = try runDiff(old: Dashboard.tree(), new: Dashboard.tree { locale, value in
      if locale == "de" { value.set("/greeting", to: "Schön, dass du da bist") }
    })
    #expect(run.lines == ["text-changed info Dashboard 1.0.0 de default /greeting"])
    #expect(run.code == 0)
    #expect(run.summary["requiredBump"] == "patch")
  }

  @Test("a localized string changed in every locale is text-changed in each")
  func textChangedEverywhere() throws {
    let run = try runDiff(old: Dashboard.tree(), new: Dashboard.tree { locale, value in
      value.set("/cards/0/open", to: .string("» " + (Dashboard.open[locale] ?? "")))
    })
    #expect(run.lines == [
      "text-changed info Dashboard 1.0.0 de default /cards/0/open",
      "text-changed info Dashboard 1.0.0 en default /cards/0/open",
      "text-changed info Dashboard 1.0.0 es default /cards/0/open",
    ])
  }

  @Test("a string the same in every locale is value-changed, not text-changed")
  func plainString() throws {
    let run = try runDiff(old: Dashboard.tree(), new: Dashboard.tree { _, value in
      value.set("/title", to: "Summary")
    })
    #expect(Set(run.kinds) == ["value-changed"])
    #expect(run.findings.count == 3)
  }

  @Test("a translation that became empty is one translation-lost error")
  func translationMissing() throws {
    let run = try runDiff(old: Dashboard.tree(), new: Dashboard.tree { locale, value in
      if locale == "es" { value.set("/greeting", to: "") }
    })
    #expect(run.lines == ["translation-lost error Dashboard 1.0.0 es default /greeting"])
    #expect(run.code == 1)
  }

  @Test("a translation in a row that became empty is translation-lost at that row")
  func translationMissingInRow() throws {
    let run = try runDiff(old: Dashboard.tree(), new: Dashboard.tree { locale, value in
      if locale == "de" { value.set("/cards/1/open", to: "") }
    })
    #expect(run.lines == ["translation-lost error Dashboard 1.0.0 de default /cards/1/open"])
  }

  @Test("a translation that became the base locale's text is one translation-lost error")
  func translationFallback() throws {
    let run = try runDiff(old: Dashboard.tree(), new: Dashboard.tree { locale, value in
      if locale == "es" { value.set("/greeting", to: "Welcome back") }
    })
    #expect(run.lines == ["translation-lost error Dashboard 1.0.0 es default /greeting"])
    #expect(run.code == 1)
    #expect(run.summary["errors"] == 1)
  }

  @Test("every locale falling back to English is one translation-lost per locale")
  func translationFallbackEverywhere() throws {
    let run = try runDiff(old: Dashboard.tree(), new: Dashboard.tree { _, value in
      value.set("/cards/0/open", to: "Open")
    })
    #expect(run.lines == [
      "translation-lost error Dashboard 1.0.0 de default /cards/0/open",
      "translation-lost error Dashboard 1.0.0 es default /cards/0/open",
    ])
  }

  /// German already showing the English greeting (never translated), then the English text
  /// reworded and German still showing it.
  static var neverTranslated: (old: [String: TreeFile], new: [String: TreeFile]) {
    (old: Dashboard.tree { locale, value in
      if locale == "de" { value.set("/greeting", to: "Welcome back") }
    },
    new: Dashboard.tree { locale, value in
      if locale != "es" { value.set("/greeting", to: "Welcome") }
    })
  }

  @Test("a text never translated that falls back to a changed English text is a fallback")
  func neverTranslatedFallback() throws {
    // German was never translated, so nothing is lost.
    let (old, new) = Self.neverTranslated
    let run = try runDiff(old: old, new: new)
    #expect(run.lines == [
      "translation-fallback warning Dashboard 1.0.0 de default /greeting",
      "text-changed info Dashboard 1.0.0 en default /greeting",
      "translation-stale warning Dashboard 1.0.0 es default /greeting",
    ])
    #expect(run.code == 0)
  }

  @Test("a fallback already in OLD is not reported again")
  func fallbackKept() throws {
    let old = Dashboard.tree { locale, value in
      if locale == "de" { value.set("/cards/0/open", to: "Open") }
    }
    let new = Dashboard.tree { locale, value in
      if locale == "de" { value.set("/cards/0/open", to: "Open") }
      value.set("/count", to: 9)
    }
    let run = try runDiff(old: old, new: new)
    #expect(Set(run.kinds) == ["value-changed"])
  }

  @Test("a text kept where the base locale's text became it is a new fallback")
  func fallbackByBaseChange() throws {
    // German's text is where it was, unchanged; only English now says the same. The walk
    // that leaves out texts the old file had must ask the old base too, not the old text
    // alone.
    let old = Dashboard.tree { locale, value in
      if locale == "de" { value.set("/greeting", to: "Hallo") }
    }
    let new = Dashboard.tree { locale, value in
      if locale != "es" { value.set("/greeting", to: "Hallo") }
      value.set("/count", to: 9)
    }
    let run = try runDiff(old: old, new: new)
    #expect(run.lines == [
      "value-changed info Dashboard 1.0.0 de default /count",
      "translation-fallback warning Dashboard 1.0.0 de default /greeting",
      "value-changed info Dashboard 1.0.0 en default /count",
      "text-changed info Dashboard 1.0.0 en default /greeting",
      "value-changed info Dashboard 1.0.0 es default /count",
      "translation-stale warning Dashboard 1.0.0 es default /greeting",
    ])
  }

  @Test("a fallback with --strict exits 1")
  func fallbackStrict() throws {
    let (old, new) = Self.neverTranslated
    #expect(try runDiff(old: old, new: new).code == 0)
    #expect(try runDiff(old: old, new: new, ["--strict"]).code == 1)
  }

  @Test("the base locale's own text change is text-changed, not a fallback; the others stale")
  func baseChanged() throws {
    let run = try runDiff(old: Dashboard.tree(), new: Dashboard.tree { locale, value in
      if locale == "en" { value.set("/greeting", to: "Hello again") }
    })
    #expect(run.lines == [
      "translation-stale warning Dashboard 1.0.0 de default /greeting",
      "text-changed info Dashboard 1.0.0 en default /greeting",
      "translation-stale warning Dashboard 1.0.0 es default /greeting",
    ])
  }

  @Test("trees that differ in one locale's file report only that file's findings")
  func oneLocaleFile() throws {
    let run = try runDiff(old: Dashboard.tree(), new: Dashboard.tree { locale, value in
      guard locale == "es" else { return }
      value.set("/count", to: 4)
      value.set("/cards/1/title", to: nil)
      value.set("/greeting", to: "¡Hola otra vez!")
    })
    #expect(run.lines == [
      "field-removed error Dashboard 1.0.0 es default /cards/1/title",
      "value-changed info Dashboard 1.0.0 es default /count",
      "text-changed info Dashboard 1.0.0 es default /greeting",
    ])
    #expect(Set(run.findings.compactMap { $0["locale"]?.stringValue }) == ["es"])
  }

  @Test("a fallback and a missing text in different locales of one change")
  func mixed() throws {
    let run = try runDiff(old: Dashboard.tree(), new: Dashboard.tree { locale, value in
      if locale == "es" { value.set("/greeting", to: "") }
      if locale == "de" { value.set("/greeting", to: "Welcome back") }
    })
    #expect(run.lines == [
      "translation-lost error Dashboard 1.0.0 de default /greeting",
      "translation-lost error Dashboard 1.0.0 es default /greeting",
    ])
  }

  @Test("rows ordered differently per locale are compared by vmId across locales")
  func rowOrderPerLocale() throws {
    func payload(_ locale: String, sku: String) -> JSONValue {
      let apple: JSONValue = ["vmId": "p1", "name": locale == "en" ? "Apple" : "Manzana",
                              "sku": .string(sku)]
      let pear: JSONValue = ["vmId": "p2", "name": locale == "en" ? "Pear" : "Pera",
                             "sku": "P-2"]
      // A list sorted per locale: the Spanish one shows the pears first.
      return ["rows": locale == "en" ? [apple, pear] : [pear, apple]]
    }
    let old = TreeBuilder.contract("Shop", ["en": payload("en", sku: "A-1"),
                                            "es": payload("es", sku: "A-1")])
    let new = TreeBuilder.contract("Shop", ["en": payload("en", sku: "A-1b"),
                                            "es": payload("es", sku: "A-1b")])
    let run = try runDiff(old: old, new: new)
    #expect(run.lines == [
      "value-changed info Shop 1.0.0 en default /rows/0/sku",
      "value-changed info Shop 1.0.0 es default /rows/1/sku",
    ])
  }

  @Test("a plain string in a row that moved stays plain")
  func plainInMovedRow() throws {
    func payload(_ locale: String, label: String, reversed: Bool) -> JSONValue {
      let a: JSONValue = ["vmId": "a", "label": locale == "en" ? "Open" : "Abrir"]
      let b: JSONValue = ["vmId": "b", "label": .string(label)]
      return ["rows": reversed ? [b, a] : [a, b]]
    }
    let old = TreeBuilder.contract("List", ["en": payload("en", label: "OK", reversed: false),
                                            "es": payload("es", label: "OK", reversed: false)])
    let new = TreeBuilder.contract("List", ["en": payload("en", label: "Okay", reversed: true),
                                            "es": payload("es", label: "Okay", reversed: true)])
    let run = try runDiff(old: old, new: new)
    #expect(run.lines == [
      "value-changed info List 1.0.0 en default /rows/0/label",
      "value-changed info List 1.0.0 es default /rows/0/label",
    ])
  }

  @Test("a localized string in a row that moved is text-changed at its new index")
  func localizedInMovedRow() throws {
    func payload(_ locale: String, reversed: Bool, open: String) -> JSONValue {
      let a: JSONValue = ["vmId": "a", "label": .string(open)]
      let b: JSONValue = ["vmId": "b", "label": "OK"]
      return ["rows": reversed ? [b, a] : [a, b]]
    }
    let old = TreeBuilder.contract("List", ["en": payload("en", reversed: false, open: "Open"),
                                            "es": payload("es", reversed: false, open: "Abrir")])
    let new = TreeBuilder.contract("List", ["en": payload("en", reversed: true, open: "Open"),
                                            "es": payload("es", reversed: true, open: "Abre")])
    let run = try runDiff(old: old, new: new)
    #expect(run.lines == ["text-changed info List 1.0.0 es default /rows/1/label"])
  }

  @Test("a row that moved and fell back is a fallback where OLD showed that text unlocalized")
  func fallbackInMovedRow() throws {
    // In OLD, de's first row is b, whose label is "X" in every locale (plain); in NEW it is
    // a, whose label is localized (es says "Xs") and now shows English's "X". The same text
    // at the same index is another row: a new fallback.
    func payload(_ a: String, _ b: String, reversed: Bool = false) -> JSONValue {
      let rows: [JSONValue] = [["vmId": "a", "label": .string(a)],
                               ["vmId": "b", "label": .string(b)]]
      return ["rows": .array(reversed ? rows.reversed() : rows)]
    }
    let old = TreeBuilder.contract("L", ["en": payload("X", "X"), "es": payload("Xs", "X"),
                                         "de": payload("Xd", "X", reversed: true)])
    let new = TreeBuilder.contract("L", ["en": payload("X", "X"), "es": payload("Xs", "X"),
                                         "de": payload("X", "X")])
    let run = try runDiff(old: old, new: new)
    #expect(run.lines == [
      "translation-fallback warning L 1.0.0 de default /rows/0/label",
    ])
  }

  @Test("with a contract.json, its baseLocale is the base for fallbacks")
  func metadataBaseLocale() throws {
    let metadata: TreeFile = .json([
      "contract": "Dashboard", "version": "1.0.0", "baseLocale": "de",
      "locales": ["de", "en", "es"], "variants": ["default"],
      "paths": ["/greeting": [["kind": "localized", "keys": ["Dashboard.greeting"]]]],
    ])
    let old = Dashboard.tree() + ["Dashboard/1.0.0/contract.json": metadata]
    let new = Dashboard.tree { locale, value in
      if locale == "es" { value.set("/greeting", to: "Willkommen zurück") }
    } + ["Dashboard/1.0.0/contract.json": metadata]
    let run = try runDiff(old: old, new: new)
    #expect(run.lines == ["translation-lost error Dashboard 1.0.0 es default /greeting"])
  }

  @Test("with a contract.json, a path it marks localized is text-changed even if equal")
  func metadataLocalized() throws {
    let metadata: TreeFile = .json([
      "contract": "Dashboard", "version": "1.0.0", "baseLocale": "en",
      "locales": ["en", "es", "de"], "variants": ["default"],
      "paths": ["/title": [["kind": "localized", "keys": ["Dashboard.title"]]]],
    ])
    let old = Dashboard.tree() + ["Dashboard/1.0.0/contract.json": metadata]
    let new = Dashboard.tree { locale, value in
      if locale == "en" { value.set("/title", to: "Summary") }
    } + ["Dashboard/1.0.0/contract.json": metadata]
    let run = try runDiff(old: old, new: new)
    #expect(run.lines == [
      "translation-stale warning Dashboard 1.0.0 de default /title",
      "text-changed info Dashboard 1.0.0 en default /title",
      "translation-stale warning Dashboard 1.0.0 es default /title",
    ])
  }
}

@Suite("tree diff: the committed sample tree")
struct TreeDiffSampleTests {
  private let contract = "DashboardViewModel/2.0.0"

  @Test("the committed tree against itself is clean")
  func itself() throws {
    let run = try runDiff(committedBaselines, committedBaselines)
    #expect(run.code == 0)
    #expect(run.lines == [])
  }

  @Test("cards reordered in every locale and variant of the sample are no change")
  func reorderedCards() throws {
    let copy = try SampleCopy()
    let names = try FileManager.default.contentsOfDirectory(
      atPath: copy.baselines.appendingPathComponent(contract).path)
    for name in names where name != BaselineLayout.metadataFileName {
      try copy.edit("\(contract)/\(name)") { value in
        if case .array(let cards)? = value["cards"] { value.set("/cards", to: .array(cards.reversed())) }
      }
    }
    let run = try runDiff(committedBaselines, copy.baselines)
    #expect(run.lines == [])
  }

  @Test("one edited sample file reports only that file's findings")
  func oneFile() throws {
    let copy = try SampleCopy()
    try copy.edit("\(contract)/pt-BR.json") { value in
      value.set("/cards/0/title", to: nil)
    }
    let run = try runDiff(committedBaselines, copy.baselines)
    #expect(run.lines == [
      "field-removed error DashboardViewModel 2.0.0 pt-BR default /cards/0/title",
    ])
    #expect(run.code == 1)
  }

  @Test("a collision in the sample is identity-collision only, not old fallbacks again")
  func sampleCollision() throws {
    let copy = try SampleCopy()
    for locale in ["en", "fr"] {
      try copy.edit("\(contract)/\(locale).json") { value in
        value.set("/cards/1/vmId", to: JSONPointer.value(at: "/cards/0/vmId", in: value))
      }
    }
    let run = try runDiff(committedBaselines, copy.baselines)
    #expect(run.lines == [
      "identity-collision error DashboardViewModel 2.0.0 en default /cards",
      "identity-collision error DashboardViewModel 2.0.0 fr default /cards",
    ])
  }

  @Test("a row added to the sample is one finding per locale, no fallback for a shared word")
  func sampleRowAdded() throws {
    let copy = try SampleCopy()
    let locales = ["de", "en", "es", "fr", "ja", "pt-BR"]
    for locale in locales {
      try copy.edit("\(contract)/\(locale).json") { value in
        guard case .array(var cards)? = value["cards"] else { return }
        var card = cards[0]
        card.set("/vmId", to: "act-9999")
        cards.append(card)
        value.set("/cards", to: .array(cards))
      }
    }
    let run = try runDiff(committedBaselines, copy.baselines)
    #expect(run.lines == locales.map {
      "value-changed info DashboardViewModel 2.0.0 \($0) default /cards/3"
    })
  }

  @Test("a fallback in an added row is reported when the old file had none at that pattern")
  func fallbackInAddedRow() throws {
    func payload(_ rows: [(String, String)]) -> JSONValue {
      ["rows": .array(rows.map { ["vmId": .string($0.0), "label": .string($0.1)] })]
    }
    let old = TreeBuilder.contract("L", ["en": payload([("a", "Open")]),
                                         "es": payload([("a", "Abrir")]),
                                         "de": payload([("a", "Öffnen")])])
    let new = TreeBuilder.contract("L", ["en": payload([("a", "Open"), ("b", "Close")]),
                                         "es": payload([("a", "Abrir"), ("b", "Close")]),
                                         "de": payload([("a", "Öffnen"), ("b", "Schließen")])])
    let run = try runDiff(old: old, new: new)
    #expect(run.lines == [
      "value-changed info L 1.0.0 de default /rows/1",
      "value-changed info L 1.0.0 en default /rows/1",
      "value-changed info L 1.0.0 es default /rows/1",
      "translation-fallback warning L 1.0.0 es default /rows/1/label",
    ])
  }

  @Test("a sample translation emptied is translation-lost in that locale only")
  func sampleMissing() throws {
    let copy = try SampleCopy()
    try copy.edit("\(contract)/ja.json") { value in value.set("/banner/greeting", to: "") }
    let run = try runDiff(committedBaselines, copy.baselines)
    #expect(run.lines == [
      "translation-lost error DashboardViewModel 2.0.0 ja default /banner/greeting",
    ])
  }

  @Test("a sample translation replaced by English is translation-lost only")
  func sampleFallback() throws {
    let copy = try SampleCopy()
    let english = try JSONParser.parse(Array(copy.read("\(contract)/en.json").utf8), file: "en")
    let greeting = try #require(JSONPointer.value(at: "/banner/greeting", in: english))
    try copy.edit("\(contract)/de.json") { value in value.set("/banner/greeting", to: greeting) }
    let run = try runDiff(committedBaselines, copy.baselines)
    #expect(run.lines == [
      "translation-lost error DashboardViewModel 2.0.0 de default /banner/greeting",
    ])
  }
}
