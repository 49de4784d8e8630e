import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// Wire contracts: payloads the app's own encoder writes, checked with the shape rules and
/// the registration's hints. Every kind those can produce fires on a purpose-made change.
@Suite("Wire contracts: the app's own bytes")
struct WireContractTests {
  /// A FOSMVVM-shaped payload: identities as `{"id", "fsh"}` objects with a fresh stamp on
  /// every call, an enum case object, a localized title, rows with identities.
  static func payload(_ request: WireRequest) -> JSONValue {
    let stamp = JSONValue.string(WireDate.string(from: Date()))
    return [
      "title": request.locale == "es" ? "Resumen semanal" : "Weekly summary",
      "count": 3,
      "note": nil,
      "state": ["open": [:]],
      "stamp": "2026-01-01T00:00:00Z",
      "rows": [
        ["name": "A", "vmId": ["id": "row-a", "fsh": stamp]],
        ["name": "B", "vmId": ["id": "row-b", "fsh": stamp]],
      ],
      "vmId": ["id": "App.Card", "fsh": stamp],
    ]
  }

  static let hints: [WireHint] = [
    .localized("/title", keys: ["Card.title"]),
    .enumeration("/state", type: "Card.State", cases: ["open", "closed"]),
    .redacted("/stamp"),
  ]

  /// A catalog whose one wire contract `Card` writes `payload`, changed by `change`.
  static func catalog(
    _ scenario: Scenario, hints: [WireHint] = hints, decoding: (any Decodable.Type)? = nil,
    change: @escaping @Sendable (WireRequest, inout JSONValue) -> Void = { _, _ in }
  ) throws -> Catalog {
    try scenario.catalog(yaml: Scenario.yaml) { catalog in
      try catalog.register(wire: "Card", decoding: decoding, hints: hints) { request in
        var value = payload(request)
        change(request, &value)
        return Data(CanonicalJSON.encode(value))
      }
    }
  }

  /// A change to the recorded payload and the findings `check` must give for it.
  struct Change: CustomTestStringConvertible, Sendable {
    var name: String
    var hints: [WireHint] = WireContractTests.hints
    var change: @Sendable (WireRequest, inout JSONValue) -> Void
    var expected: [String]
    var testDescription: String { name }
  }

  static let changes: [Change] = [
    Change(name: "a removed field", change: { $1.set("/count", to: nil) },
           expected: both("error field-removed", "/count")),
    Change(name: "an added field", change: { $1.set("/extra", to: 1) },
           expected: both("info field-added", "/extra")),
    Change(name: "a changed type", change: { $1.set("/count", to: "3") },
           expected: both("error type-changed", "/count")),
    Change(name: "a value that became null", change: { $1.set("/count", to: .null) },
           expected: both("error became-null", "/count")),
    Change(name: "a null that became a value", change: { $1.set("/note", to: "hi") },
           expected: both("info became-non-null", "/note")),
    Change(name: "a changed number", change: { $1.set("/count", to: 4) },
           expected: both("info value-changed", "/count")),
    Change(name: "a hinted text that changed", change: { request, value in
      if request.locale == "en" { value.set("/title", to: "Weekly report") }
    }, expected: ["info text-changed Card 1.0.0 en default /title",
                  "warning translation-stale Card 1.0.0 es default /title"]),
    Change(name: "another enum case", change: { $1.set("/state", to: ["closed": [:]]) },
           expected: both("info value-changed", "/state")),
    Change(name: "a row whose id changed", change: { $1.set("/rows/0/vmId/id", to: "row-z") },
           expected: both("error identity-changed", "/rows/0/vmId")),
    Change(name: "a row whose id is gone", change: { $1.set("/rows/0/vmId/id", to: nil) },
           expected: both("error identity-nondeterministic", "/rows/0/vmId")),
    Change(name: "two rows sharing an id", change: { $1.set("/rows/1/vmId/id", to: "row-a") },
           expected: both("error identity-collision", "/rows")),
    Change(name: "a volatile value",
           change: { $1.set("/count", to: .number(JSONNumber(Int.random(in: 0...1_000_000)))) },
           expected: both("error volatile-value", "/count") + both("info value-changed", "/count")),
    Change(name: "an unresolved placeholder", change: { $1.set("/title", to: "Hi %{name}") },
           expected: both("error placeholder-unresolved", "/title")
             + both("info text-changed", "/title")),
    Change(name: "a hinted text that became empty", change: { request, value in
      if request.locale == "es" { value.set("/title", to: "") }
    }, expected: ["error translation-lost Card 1.0.0 es default /title"]),
    Change(name: "a redacted string that became a number", change: { $1.set("/stamp", to: 7) },
           expected: both("error type-changed", "/stamp")),
    Change(name: "a redacted string whose value changed", change: { $1.set("/stamp", to: "later") },
           expected: []),
    Change(name: "reordered rows", change: { _, value in
      guard case .array(let rows)? = value["rows"] else { return }
      value.set("/rows", to: .array(rows.reversed()))
    }, expected: []),
    Change(name: "an enum case the hints list newly on a released version",
           hints: [.localized("/title", keys: ["Card.title"]),
                   .enumeration("/state", type: "Card.State", cases: ["open", "closed", "held"]),
                   .redacted("/stamp")],
           change: { _, _ in },
           expected: ["error enum-case-added Card 1.0.0 /state"]),
    Change(name: "an enum case the hints no longer list",
           hints: [.localized("/title", keys: ["Card.title"]),
                   .enumeration("/state", type: "Card.State", cases: ["open"]),
                   .redacted("/stamp")],
           change: { _, _ in },
           expected: ["error enum-case-removed Card 1.0.0 /state"]),
  ]

  static func both(_ head: String, _ path: String) -> [String] {
    ["en", "es"].map { "\(head) Card 1.0.0 \($0) default \(path)" }
  }

  @Test("every kind the shape rules and hints give fires with its kind, severity and path",
        arguments: changes)
  func change(_ change: Change) throws {
    let scenario = try Scenario()
    try scenario.record(Self.catalog(scenario))
    let report = try scenario.check(
      Self.catalog(scenario, hints: change.hints, change: change.change))
    #expect(briefs(report, excluding: [.baselinesStale]) == change.expected.sorted())
  }

  @Test("fsh stamps that change on every encoding record once: a second record writes nothing")
  func idempotentRecord() throws {
    let scenario = try Scenario()
    let catalog = try Self.catalog(scenario)
    let first = try scenario.record(catalog)
    #expect(first.written.contains("Card/1.0.0/en.json"))
    let second = try scenario.record(catalog)
    #expect(second.written == [])
    #expect(try scenario.check(catalog).findings == [])
    let recorded = try scenario.directory.read(".VersionedTestJSON/Card/1.0.0/en.json")
    #expect(recorded.contains(#""fsh" : "<redacted>""#))
    #expect(recorded.contains(#""stamp" : "<redacted>""#))
    let metadata = try scenario.directory.read(".VersionedTestJSON/Card/1.0.0/contract.json")
    #expect(metadata.contains(#""redactions" : ["#))
    #expect(metadata.contains(#""type" : "Card.State""#))
  }

  /// The app's type, which decodes `fsh` as a time stamp and needs `count`.
  struct Decoded: Decodable {
    struct Identity: Decodable {
      var id: String
      var fsh: String
      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        fsh = try container.decode(String.self, forKey: .fsh)
        guard WireDate.date(from: fsh) != nil else {
          throw DecodingError.dataCorruptedError(forKey: .fsh, in: container,
                                                 debugDescription: "not a time stamp")
        }
      }
      enum CodingKeys: String, CodingKey { case id, fsh }
    }
    var count: Int
    var extra: Int
    var vmId: Identity
  }

  @Test("baselines decode with the app's type, live values standing in for redacted ones")
  func decodeFailed() throws {
    let scenario = try Scenario()
    try scenario.record(Self.catalog(scenario))
    let report = try scenario.check(Self.catalog(scenario, decoding: Decoded.self) {
      $1.set("/extra", to: 1)
    })
    // Baselines lack `extra`; their `fsh` placeholders did not fail the decode.
    // The forward direction: a warning under the default `backward` guarantee.
    #expect(briefs(report) == Self.both("info field-added", "/extra")
      + Self.both("warning decode-failed", "/extra"))
  }

  @Test("an error the app's encoder throws, or invalid JSON, is encoding-failed naming the case")
  func producerError() throws {
    struct Broken: Error, CustomStringConvertible { var description: String { "no store" } }
    let scenario = try Scenario()
    let catalog = try scenario.catalog(locales: ["en"]) { catalog in
      try catalog.register(wire: "Card") { _ in throw Broken() }
    }
    let report = try scenario.check(catalog)
    let failures = report.findings.filter { $0.kind == .encodingFailed }
    #expect(briefs(report, excluding: [.baselinesStale])
      == ["error encoding-failed Card 1.0.0 en default"])
    #expect(failures.map(\.message) == ["cannot be encoded: no store"])
    let invalid = try scenario.catalog(locales: ["en"]) { catalog in
      try catalog.register(wire: "Card") { _ in Data("{\"a\": }".utf8) }
    }
    let second = try scenario.check(invalid)
    #expect(briefs(second, excluding: [.baselinesStale])
      == ["error encoding-failed Card 1.0.0 en default"])
    #expect(second.findings.first { $0.kind == .encodingFailed }?.message.hasPrefix(
      "cannot be encoded: the app's encoder wrote invalid JSON: ") == true)
  }

  /// A DTO the app sends in snake_case with ISO 8601 dates.
  struct OrderDTO: Codable, Sendable {
    var orderNumber = "ORD-1"
    var placedAt = Date(timeIntervalSince1970: 1_773_480_600)
  }

  @Test("an Encodable stub through the app's configured JSONEncoder keeps its wire spelling")
  func configuredEncoder() throws {
    let scenario = try Scenario()
    let catalog = try scenario.catalog(locales: ["en"]) { catalog in
      try catalog.register(OrderDTO.self, named: "Order", stub: { .init() }, encoder: { _ in
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        return encoder
      })
    }
    try scenario.record(catalog)
    #expect(try scenario.directory.read(".VersionedTestJSON/Order/1.0.0/en.json") == """
      {
        "order_number" : "ORD-1",
        "placed_at" : "2026-03-14T09:30:00Z"
      }

      """)
  }
}
