import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

@Suite("Vocabulary")
struct VocabularyTests {
  struct Row: ViewModel {
    @LocalizedString var title
    let vmId: ViewModelId
    static func stub() -> Self { .init(vmId: .init(id: "row-1")) }
  }

  struct Screen: ViewModel {
    enum Mood: ViewModelEnum { case calm, busy }
    @LocalizedString var title
    let mood: Mood
    let moodText: LocalizableString
    let rows: [Row]
    @Versioned(since: SystemVersion(1, 1, 0)) var badge: Int? = 3
    @Versioned(until: SystemVersion(2, 0, 0)) var legacy: String? = "old"
    let vmId: ViewModelId

    init(mood: Mood = .busy) {
      self.mood = mood
      moodText = mood.displayText
      rows = [Row.stub()]
      vmId = .init(type: Self.self)
    }
    static func stub() -> Self { .init() }
  }

  static let yaml = """
    en:
      VocabularyTests:
        Screen:
          title: "Today"
          Mood:
            calm: "Calm"
            busy: "Busy"
        Row:
          title: "Row"
    es:
      VocabularyTests:
        Screen:
          title: "Hoy"
          Mood:
            calm: "Tranquilo"
            busy: "Ocupado"
    """

  @Test("ViewModelId spells type, string, integer and UUID ids deterministically")
  func identities() throws {
    #expect(ViewModelId(type: Screen.self).id == "VocabularyTests.Screen")
    #expect(ViewModelId(id: "ord-1").id == "ord-1")
    #expect(ViewModelId(id: 42).id == "42")
    let uuid = try #require(UUID(uuidString: "6F1C2A7E-9B1D-4B8E-8F2A-1E5C3D7A9B01"))
    #expect(ViewModelId(id: uuid).id == "6F1C2A7E-9B1D-4B8E-8F2A-1E5C3D7A9B01")
    #expect(ViewModelId().origin == .random)
    #expect(ViewModelId(id: 42).origin == .data)
    #expect(try canonical(ViewModelId(id: 7)) == "\"7\"\n")
  }

  @Test("a random ViewModelId is recorded by the encoder")
  func randomIdentity() throws {
    struct Bad: Encodable { let vmId = ViewModelId() }
    let payload = try LocalizingEncoder(locale: "en", store: .empty, version: .init(1, 0, 0))
      .encode(Bad())
    #expect(payload.randomIdentities == ["/vmId"])
  }

  @Test("SystemVersion parses, compares, encodes and explains bad input")
  func systemVersion() throws {
    let version = try SystemVersion(parsing: "1.10.2")
    #expect(version.versionString == "1.10.2")
    // Spelled digit by digit: every number of digits, round trips included.
    for part in [0, 7, 10, 99, 100, 1_000, 65_536, 123_456_789, Int.max] {
      let spelled = SystemVersion(part, 0, part).versionString
      #expect(spelled == "\(part).0.\(part)")
      #expect(try SystemVersion(parsing: spelled) == SystemVersion(part, 0, part))
    }
    #expect(SystemVersion(1, 2, 0) < version)
    #expect(try canonical(version) == "\"1.10.2\"\n")
    #expect(SystemVersion(1, 1, 0).bump(to: SystemVersion(2, 0, 0)) == .major)
    #expect(SystemVersion(1, 1, 0).bump(to: SystemVersion(1, 2, 0)) == .minor)
    #expect(SystemVersion(1, 1, 0).bump(to: SystemVersion(1, 1, 1)) == .patch)
    let cases: [(String, String)] = [
      ("1.2", "expected three parts 'major.minor.patch', found 2"),
      ("1..2", "the minor part is empty"),
      ("1.x.2", "the minor part 'x' is not a non-negative whole number"),
      ("01.2.3", "the major part '01' has a leading zero"),
    ]
    for (text, reason) in cases {
      #expect(throws: SystemVersion.ParseError(text: text, reason: reason)) {
        try SystemVersion(parsing: text)
      }
    }
  }

  @Test("@LocalizedString keys come from the owner type and the property name")
  func localizedStringKeys() throws {
    let store = try makeStore(Self.yaml)
    let english = try canonical(Screen.stub(), store: store)
    let spanish = try canonical(Screen.stub(), locale: "es", store: store)
    #expect(english.contains("\"title\" : \"Today\""))
    #expect(spanish.contains("\"title\" : \"Hoy\""))
    #expect(spanish.contains("\"moodText\" : \"Ocupado\""))
    #expect(spanish.contains("\"mood\" : \"busy\""))
    // Spanish has no Row.title: it falls back to the base locale.
    #expect(spanish.contains("\"title\" : \"Row\""))
  }

  @Test("@Versioned fields appear only in [since, until)")
  func versionedFields() throws {
    let store = try makeStore(Self.yaml)
    let v1 = try canonical(Screen.stub(), store: store, version: .init(1, 0, 0))
    let v11 = try canonical(Screen.stub(), store: store, version: .init(1, 1, 0))
    let v2 = try canonical(Screen.stub(), store: store, version: .init(2, 0, 0))
    #expect(!v1.contains("badge") && v1.contains("legacy"))
    #expect(v11.contains("\"badge\" : 3") && v11.contains("legacy"))
    #expect(v2.contains("badge") && !v2.contains("legacy"))
  }

  @Test("Versioned fields decode when absent")
  func versionedDecoding() throws {
    let json = #"{"title":"Hoy","mood":"calm","moodText":"Tranquilo","rows":[],"vmId":"x"}"#
    let screen = try JSONDecoder().decode(Screen.self, from: Data(json.utf8))
    #expect(screen.badge == nil)
    #expect(screen.mood == .calm)
  }

  @Test("localizable numbers and dates are formatted per locale in UTC")
  func localizableFormatting() throws {
    let date = Date(timeIntervalSince1970: 1_773_480_600)  // 2026-03-14 09:30 UTC
    #expect(try canonical(LocalizableInt(value: 12_480), locale: "en") == "\"12,480\"\n")
    #expect(try canonical(LocalizableInt(value: 12_480), locale: "de") == "\"12.480\"\n")
    #expect(try canonical(LocalizableDouble(value: 4.25, fractionDigits: 1), locale: "de")
      .hasPrefix("\"4,"))
    #expect(try canonical(LocalizableDouble(value: 0.85, style: .percent, fractionDigits: 0),
                          locale: "en") == "\"85%\"\n")
    #expect(try canonical(LocalizableDate(value: date, dateStyle: .medium), locale: "en")
      == "\"Mar 14, 2026\"\n")
    #expect(try canonical(LocalizableDate(value: date, dateStyle: .short), locale: "de")
      == "\"14.03.26\"\n")
  }

  @Test("substitutions and compound strings resolve per locale")
  func substitutionsAndCompounds() throws {
    let store = try makeStore("""
      en:
        Banner:
          greeting: "Welcome back, %{name}!"
      de:
        Banner:
          greeting: "Willkommen zurück, %{name}!"
      """)
    let greeting = LocalizableSubstitutions(
      template: .localized(key: "Banner.greeting"),
      substitutions: ["name": .string(.constant("Ana"))])
    #expect(try canonical(greeting, store: store) == "\"Welcome back, Ana!\"\n")
    #expect(try canonical(greeting, locale: "de", store: store) == "\"Willkommen zurück, Ana!\"\n")
    let unresolved = LocalizableSubstitutions(template: .localized(key: "Banner.greeting"),
                                              substitutions: [:])
    #expect(try canonical(unresolved, store: store) == "\"Welcome back, %{name}!\"\n")
    let name = LocalizableCompound([.constant("Ana"), .empty, .constant("Souza")])
    #expect(try canonical(name) == "\"Ana Souza\"\n")
  }

  @Test("the resolution log records resolved, fallen back and missing keys")
  func resolutionLog() throws {
    let store = try makeStore("""
      en:
        T:
          a: "A"
          b: "B"
      pt:
        T:
          a: "Á"
      """)
    struct Texts: Encodable {
      let a = LocalizableString.localized(key: "T.a")
      let b = LocalizableString.localized(key: "T.b")
      let c = LocalizableString.localized(key: "T.c")
    }
    let payload = try LocalizingEncoder(locale: "pt-BR", baseLocale: "en", store: store,
                                        version: .init(1, 0, 0)).encode(Texts())
    let byPointer = Dictionary(uniqueKeysWithValues: payload.lookups.map { ($0.pointer, $0.resolution) })
    #expect(byPointer["/a"] == .fellBack(.string("Á"), from: "pt"))
    #expect(byPointer["/b"] == .fellBack(.string("B"), from: "en"))
    #expect(byPointer["/c"] == .missing)
    #expect(CanonicalJSON.string(payload.value) == """
      {
        "a" : "Á",
        "b" : "B",
        "c" : ""
      }

      """)
  }

  @Test("annotations record localized keys, identities, enums, versioned and optional fields")
  func annotations() throws {
    let store = try makeStore(Self.yaml)
    let payload = try LocalizingEncoder(locale: "en", store: store, version: .init(1, 1, 0))
      .encode(Screen.stub())
    #expect(payload.annotations["/title"] == [.localized(keys: ["VocabularyTests.Screen.title"])])
    #expect(payload.annotations["/vmId"] == [.identity])
    #expect(payload.annotations["/rows/*/vmId"] == [.identity])
    #expect(payload.annotations["/mood"] == [.enumeration(type: "VocabularyTests.Screen.Mood",
                                                          cases: ["calm", "busy"])])
    #expect(payload.annotations["/badge"] == [.versioned(since: .init(1, 1, 0), until: nil)])
  }

  @Test("an enum case's name, display key and wire spelling, under ContractKit's encoder and any other")
  func enumCaseSpelling() throws {
    #expect(Screen.Mood.busy.caseName == "busy")
    #expect(Screen.Mood.calm.localizationKey == "VocabularyTests.Screen.Mood.calm")
    #expect(Screen.Mood.busy.displayText == .localized(key: "VocabularyTests.Screen.Mood.busy"))
    let store = try makeStore(Self.yaml)
    for mood in Screen.Mood.allCases {
      let payload = try LocalizingEncoder(locale: "de", store: store, version: .init(1, 1, 0))
        .encode(Screen(mood: mood))
      #expect(payload.value["mood"] == .string(mood.caseName))
      let plain = try JSONEncoder().encode([mood])
      #expect(String(decoding: plain, as: UTF8.self) == "[\"\(mood.caseName)\"]")
      #expect(try JSONDecoder().decode([Screen.Mood].self, from: plain) == [mood])
    }
  }

  @Test("dates on the wire are ISO 8601 UTC, whatever the machine's time zone")
  func wireDates() throws {
    #expect(WireDate.string(from: Date(timeIntervalSince1970: 1_773_480_600)) == "2026-03-14T09:30:00Z")
    #expect(WireDate.string(from: Date(timeIntervalSince1970: -86_400.25)) == "1969-12-30T23:59:59.75Z")
    #expect(WireDate.date(from: "2026-03-14T09:30:00Z") == Date(timeIntervalSince1970: 1_773_480_600))
    struct Stamp: Encodable { let at = Date(timeIntervalSince1970: 0) }
    #expect(try canonical(Stamp()) == "{\n  \"at\" : \"1970-01-01T00:00:00Z\"\n}\n")
  }
}

@Suite("Vocabulary: wire spellings inside wrappers")
struct WrappedWireSpellingTests {
  struct Link: Encodable {
    @Versioned(since: SystemVersion(1, 0, 0)) var url: URL? = URL(string: "https://example.com/a")
    @Versioned var at: Date? = Date(timeIntervalSince1970: 0)
  }

  @Test("a URL or Date inside @Versioned is written as a string, not its raw Codable form")
  func versionedURL() throws {
    #expect(try canonical(Link()) == """
      {
        "at" : "1970-01-01T00:00:00Z",
        "url" : "https://example.com/a"
      }

      """)
  }
}
