import Foundation
import Testing

@testable import ContractKit
@testable import ContractKitRuntime

/// An app's wire payload whose type names its translations (FOSMVVM's key rules) is
/// respelled from the app's tokens when nothing in it is redacted, like one without a type:
/// it must give exactly what the exact path gives (parse, key rules, redact, write).
@Suite("An app's keyed wire with nothing to redact, respelled from its tokens")
struct KeyedWirePathTests {
  /// The app's type: its name is the key group of its texts.
  struct KeyedCard: Decodable {
    var title: String
  }

  static let yaml = """
    en:
      KeyedCard:
        title: "Weekly summary"
        tags: ["new", "sale"]
      Status:
        running: "Running"
    es:
      KeyedCard:
        title: "Resumen semanal"
        tags: ["nuevo", "oferta"]
      Status:
        running: "En curso"
    """

  /// The payload of `locale`: texts, plain strings, numbers, a list of texts, an enum's
  /// display text beside its value, and an identity that is a string or, with
  /// `identityObject`, FOSMVVM's `{"id", "fsh"}` object.
  static func payload(locale: String, identityObject: Bool) -> JSONValue {
    let english = locale == "en"
    return [
      "title": .string(english ? "Weekly summary" : "Resumen semanal"),
      "tags": english ? ["new", "sale"] : ["nuevo", "oferta"],
      "sku": "SKU-1", "count": 3, "ratio": 0.5, "isNew": true, "note": .null,
      "rows": [[
        "name": "A", "state": ["running": [:]],
        "stateText": .string(english ? "Running" : "En curso"),
      ]],
      "vmId": identityObject ? ["id": "card", "fsh": 1_764_000_000] : "card",
    ]
  }

  static func catalog(_ scenario: Scenario, identityObject: Bool) throws -> Catalog {
    try scenario.catalog(yaml: yaml) { catalog in
      try catalog.register(wire: "Card", decoding: KeyedCard.self) { request in
        Data(compact(payload(locale: request.locale, identityObject: identityObject)).utf8)
      }
    }
  }

  /// `value` as an app might write it: no spaces, members in reverse order.
  static func compact(_ value: JSONValue) -> String {
    switch value {
    case .object(let members):
      "{" + members.keys.sorted(by: >).map {
        CanonicalJSON.string(.string($0)) + ":" + compact(members[$0] ?? .null)
      }.joined(separator: ",") + "}"
    case .array(let items): "[" + items.map(compact).joined(separator: ",") + "]"
    default: CanonicalJSON.string(value)
    }
  }

  struct NotKeyed: Error {}

  /// What the exact path makes of the app's bytes for `contractCase`.
  static func exact(_ catalog: Catalog, _ contract: Contract, _ contractCase: ContractCase)
    throws -> (bytes: [UInt8], value: JSONValue, lookups: [KeyLookup])
  {
    guard case .wire(let produce) = contract.variants[0].source, let type = contract.keyType
    else { throw NotKeyed() }
    let raw = try produce(WireRequest(
      contract: contract.name, variant: contractCase.variant, locale: contractCase.locale,
      baseLocale: catalog.baseLocale, version: contractCase.version))
    let value = try JSONParser.parse(raw, file: "the app's payload")
    let found = FOSMVVMKeys(
      type: type, index: catalog.keyIndex, store: catalog.store, locale: contractCase.locale,
      baseLocale: catalog.baseLocale
    ).found(in: value)
    let redacted = contract.redactor.apply(to: value)
    return (CanonicalJSON.encode(redacted), redacted, found.lookups)
  }

  @Test("string identities: respelled, with the exact path's bytes, value, lookups and no live value")
  func respelled() throws {
    let scenario = try Scenario()
    let catalog = try Self.catalog(scenario, identityObject: false)
    let contract = try #require(catalog.contract(named: "Card"))
    for contractCase in catalog.cases {
      let payload = try catalog.encodeCase(contract.variants[0], of: contract, for: contractCase)
      let exact = try Self.exact(catalog, contract, contractCase)
      #expect(payload.bytes == exact.bytes)
      #expect(payload.value == exact.value)
      #expect(payload.lookups == exact.lookups)
      #expect(payload.live == nil)
      // The key rules ran, members in code-point order: the enum's display text in the
      // row, the list, the title.
      #expect(payload.lookups.map(\.key) == ["Status.running", "KeyedCard.tags", "KeyedCard.title"])
      #expect(payload.annotations["/title"] == [.localized(keys: ["KeyedCard.title"])])
    }
  }

  @Test("identity objects: redacted from the parsed value, which decoding gets back")
  func identityObjects() throws {
    let scenario = try Scenario()
    let catalog = try Self.catalog(scenario, identityObject: true)
    let contract = try #require(catalog.contract(named: "Card"))
    for contractCase in catalog.cases {
      let payload = try catalog.encodeCase(contract.variants[0], of: contract, for: contractCase)
      let exact = try Self.exact(catalog, contract, contractCase)
      #expect(payload.bytes == exact.bytes)
      #expect(payload.lookups == exact.lookups)
      #expect(payload.live?["vmId"]?["fsh"] == 1_764_000_000)
      #expect(payload.value["vmId"]?["fsh"] != 1_764_000_000)
    }
  }
}
