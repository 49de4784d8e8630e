import Foundation
import Testing

@testable import ContractKit
@testable import ContractKitRuntime

/// Where FOSMVVM would show nothing, or less than was written, ContractKit shows the same on
/// the wire and says why, naming the YAML line and the fix.
@Suite("Translation issues")
struct TranslationIssueTests {
  static let yaml = """
    en:
      A:
        text: Hello
        confirm: Yes
        zip: 01234
        version: 1.0
        day: 2024-01-15
        nothing: ~
        empty:
        spaces: " "
        blank: ""
        days: [Mon, Tue]
        mixed: [one, 2, three, 4.5]
        flat: []
    pt-BR:
      A:
        text: ~
    pt:
      A:
        text: Olá

    """

  struct Texts: Encodable {
    let text = LocalizableString.localized(key: "A.text")
    let confirm = LocalizableString.localized(key: "A.confirm")
    let zip = LocalizableString.localized(key: "A.zip")
    let version = LocalizableString.localized(key: "A.version")
    let day = LocalizableString.localized(key: "A.day")
    let nothing = LocalizableString.localized(key: "A.nothing")
    let empty = LocalizableString.localized(key: "A.empty")
    let spaces = LocalizableString.localized(key: "A.spaces")
    let blank = LocalizableString.localized(key: "A.blank")
    let days = LocalizableString.localized(key: "A.days")
    let flat = LocalizableString.localized(key: "A.flat")
  }

  func encode(locale: String) throws -> EncodedPayload {
    let store = try LocalizationStore(files: [(name: "en.yml", text: Self.yaml)])
    return try LocalizingEncoder(locale: locale, baseLocale: "en", store: store,
                                 version: .init(1, 0, 0)).encode(Texts())
  }

  /// Each lookup's message, by pointer; `nil` for lookups FOSMVVM shows as written.
  func messages(_ payload: EncodedPayload) -> [String: String] {
    var messages: [String: String] = [:]
    for lookup in payload.lookups {
      if case .flawed(_, let issue) = lookup.resolution { messages[lookup.pointer] = issue.message }
    }
    return messages
  }

  @Test("A text lookup of a boolean, number, date, null or list puts \"\" on the wire, as FOSMVVM")
  func wire() throws {
    #expect(CanonicalJSON.string(try encode(locale: "en").value) == """
      {
        "blank" : "",
        "confirm" : "",
        "day" : "",
        "days" : "",
        "empty" : "",
        "flat" : "",
        "nothing" : "",
        "spaces" : "",
        "text" : "Hello",
        "version" : "",
        "zip" : ""
      }

      """)
  }

  @Test("Each such lookup is flawed, with the YAML line and the fix")
  func explanations() throws {
    #expect(messages(try encode(locale: "en")) == [
      "/confirm": "en.yml:4:14 writes `Yes`, the boolean true in YAML, and FOSMVVM shows no "
        + "text for it; quote it: \"Yes\"",
      "/zip": "en.yml:5:10 writes `01234`, the integer 668 in YAML, and FOSMVVM shows no text "
        + "for it; quote it: \"01234\"",
      "/version": "en.yml:6:14 writes `1.0`, the number 1.0 in YAML, and FOSMVVM shows no text "
        + "for it; quote it: \"1.0\"",
      "/day": "en.yml:7:10 writes `2024-01-15`, a date in YAML, which FOSMVVM drops; quote it "
        + "to keep it as text: \"2024-01-15\"",
      "/nothing": "en.yml:8:14 writes `~`, null in YAML, which FOSMVVM drops; quote it to keep "
        + "it as text: \"~\"",
      "/empty": "en.yml:9:5 gives the key no value, which YAML reads as null, and FOSMVVM drops "
        + "the key; write its text after the ':'",
      "/spaces": "en.yml:10:13 writes \" \", only whitespace, which FOSMVVM trims to an empty "
        + "text; FOSMVVM cannot show a text of only whitespace, so give it in code",
      "/days": "en.yml:12:11 writes a list, and FOSMVVM shows no text for a list; write one text",
      "/flat": "en.yml:14:11 writes an empty list, which FOSMVVM drops",
    ])
  }

  @Test("The first locale of the chain that has the key decides, even with a null")
  func firstLocaleDecides() throws {
    let payload = try encode(locale: "pt-BR")
    #expect(messages(payload)["/text"] == "en.yml:17:11 writes `~`, null in YAML, which "
      + "FOSMVVM drops; quote it to keep it as text: \"~\"")
    #expect(CanonicalJSON.string(payload.value).contains("\"text\" : \"\""))
  }

  @Test("A value lookup of a list FOSMVVM keeps in part gets the part, and the dropped items")
  func partialList() throws {
    let store = try LocalizationStore(files: [(name: "en.yml", text: Self.yaml)])
    #expect(store.resolve("A.mixed", locale: "en", baseLocale: "en") == .flawed(
      shown: .list([.string("one"), .string("three")]),
      TranslationIssue(
        location: TranslationLocation(file: "en.yml", line: 13, column: 12),
        message: "en.yml:13:12 writes a list FOSMVVM keeps only the strings of, dropping item 2 "
          + "(`2`, the integer 2), item 4 (`4.5`, the number 4.5); quote those items")))
    #expect(store.resolve("A.days", locale: "en", baseLocale: "en")
      == .resolved(.list([.string("Mon"), .string("Tue")])))
    #expect(store.resolve("A.confirm", locale: "en", baseLocale: "en") == .resolved(.bool(true)))
  }

  @Test("check reports each as translation-missing, naming the key, the line and the fix")
  func checkFinding() throws {
    struct Card: Codable, Sendable {
      var title: LocalizableString = .localized(key: "Card.title")
    }
    let scenario = try Scenario()
    let catalog = try scenario.catalog(yaml: "en:\n  Card:\n    title: No\nes:\n  Card:\n"
      + "    title: \"No\"\n") {
      try $0.register(Card.self, named: "Card", stub: { .init() })
    }
    _ = try Record(catalog: catalog).run()
    let findings = try scenario.check(catalog).findings.filter { $0.kind == .translationMissing }
    #expect(findings.map(\.locale) == ["en"])
    #expect(findings.first?.severity == .error)
    #expect(findings.first?.message == "key 'Card.title': card.yml:3:12 writes `No`, the "
      + "boolean false in YAML, and FOSMVVM shows no text for it; quote it: \"No\"")
  }
}
