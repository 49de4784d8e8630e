import Foundation
import Synchronization
import Testing

@testable import ContractKit
@testable import ContractKitRuntime

/// An app's wire is decoded with its type on every check. A locale whose payload equals its
/// baseline and differs from a payload decoded in this run in texts alone decodes alike, and
/// is not decoded again; any other difference, or a payload that changed, and it is.
@Suite("An app's wire, decoded once where its locales differ in texts alone")
struct WireDecodeTests {
  /// How often each test's type was decoded, by the token its payloads carry.
  static let decodes = Mutex<[String: Int]>([:])

  /// The app's type: needs `count` as a number, counts its decodes.
  struct Counted: Decodable {
    var token: String
    var title: String
    var count: Int

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      token = try container.decode(String.self, forKey: .token)
      title = try container.decode(String.self, forKey: .title)
      count = try container.decode(Int.self, forKey: .count)
      WireDecodeTests.decodes.withLock { [token] in $0[token, default: 0] += 1 }
    }

    enum CodingKeys: String, CodingKey { case token, title, count }
  }

  static let titles = ["en": "Weekly summary", "es": "Resumen semanal", "de": "Wochenübersicht"]

  /// One wire contract `Card` at two versions in three locales, decoded with `Counted` when
  /// `decoding`; `change` edits a locale's payload.
  static func catalog(
    _ scenario: Scenario, token: String, decoding: Bool = true,
    change: @escaping @Sendable (WireRequest, inout JSONValue) -> Void = { _, _ in }
  ) throws -> Catalog {
    try scenario.catalog(versions: [Scenario.v1, Scenario.v2], locales: ["en", "es", "de"]) {
      catalog in
      try catalog.register(
        wire: "Card", decoding: decoding ? Counted.self : nil, hints: [.localized("/title")]
      ) { request in
        var value: JSONValue = [
          "token": .string(token), "title": .string(titles[request.locale] ?? ""), "count": 3,
          "rows": [["name": "A"], ["name": "B"]],
        ]
        change(request, &value)
        return Data(CanonicalJSON.encode(value))
      }
    }
  }

  static func decodeCount(_ token: String) -> Int { decodes.withLock { $0[token] ?? 0 } }

  @Test("locales that differ in texts alone: one decode per version")
  func textsAlone() throws {
    let scenario = try Scenario()
    let token = "texts-\(UUID())"
    try scenario.record(Self.catalog(scenario, token: token, decoding: false))
    let report = try scenario.check(Self.catalog(scenario, token: token))
    #expect(briefs(report) == [])
    #expect(Self.decodeCount(token) == 2)
  }

  @Test("a locale of another shape is decoded, and its failure is reported")
  func anotherShape() throws {
    let scenario = try Scenario()
    let token = "shape-\(UUID())"
    let spelledOut: @Sendable (WireRequest, inout JSONValue) -> Void = { request, value in
      if request.locale == "de" { value.set("/count", to: "drei") }
    }
    try scenario.record(Self.catalog(scenario, token: token, decoding: false, change: spelledOut))
    let report = try scenario.check(Self.catalog(scenario, token: token, change: spelledOut))
    #expect(briefs(report) == ["error decode-failed Card 1.0.0 de default /count",
                               "error decode-failed Card 1.1.0 de default /count"])
    // Decoded at each version: en, then de, which failed (es has en's shape).
    #expect(Self.decodeCount(token) == 2)
    let extraRow = try Scenario()
    let other = "rows-\(UUID())"
    let longer: @Sendable (WireRequest, inout JSONValue) -> Void = { request, value in
      if request.locale == "es" {
        value.set("/rows", to: [["name": "A"], ["name": "B"], ["name": "C"]])
      }
    }
    try extraRow.record(Self.catalog(extraRow, token: other, decoding: false, change: longer))
    #expect(briefs(try extraRow.check(Self.catalog(extraRow, token: other, change: longer)))
      == [])
    // en and es at each version; de has en's shape.
    #expect(Self.decodeCount(other) == 4)
  }

  @Test("a payload that differs from its baseline is decoded in every locale")
  func changedPayloads() throws {
    let scenario = try Scenario()
    let token = "changed-\(UUID())"
    try scenario.record(Self.catalog(scenario, token: token, decoding: false))
    let report = try scenario.check(Self.catalog(scenario, token: token) { _, value in
      value.set("/count", to: 4)
    })
    #expect(report.findings.map(\.kind).allSatisfy { $0 == .valueChanged })
    #expect(report.findings.count == 6)
    // Today's payload and the committed baseline, in every locale at both versions.
    #expect(Self.decodeCount(token) == 12)
  }

  static let pairs: [(String, String, Bool)] = [
    (#"{ "a" : "x" }"#, #"{ "a" : "x" }"#, true),
    (#"{ "a" : "x" }"#, #"{ "a" : "longer text" }"#, true),
    (#"{ "a" : "" }"#, #"{ "a" : "x" }"#, true),
    (#"{ "a" : "say \"hi\"" }"#, #"{ "a" : "x" }"#, true),
    (#"[ "a", "b" ]"#, #"[ "c", "d" ]"#, true),
    (#"{ "a" : "x" }"#, #"{ "b" : "x" }"#, false),
    (#"{ "a" : "x" }"#, #"{ "a\"" : "x" }"#, false),
    (#"{ "a" : 1 }"#, #"{ "a" : 2 }"#, false),
    (#"{ "a" : "1" }"#, #"{ "a" : 1 }"#, false),
    (#"{ "a" : null }"#, #"{ "a" : "x" }"#, false),
    (#"[ "a" ]"#, #"[ "a", "b" ]"#, false),
    (#"{ "a" : "x" }"#, #"{ "a" : "x" }  "#, false),
    (#"{ "a" : "x }"#, #"{ "a" : "x }"#, false),
  ]

  @Test("texts alone: keys, numbers, literals and lengths must be equal", arguments: pairs)
  func textOnly(_ first: String, _ second: String, _ expected: Bool) {
    let (a, b) = (Array(first.utf8), Array(second.utf8))
    #expect(TextOnlyDifference.holds(between: a, and: b) == expected)
    #expect(TextOnlyDifference.holds(between: b, and: a) == expected)
  }

  @Test("on the sample's baselines, each locale against English agrees with the values")
  func sampleBaselines() throws {
    let root = committedBaselines
    var compared = 0
    for file in try FileManager.default.subpathsOfDirectory(atPath: root.path)
    where file.hasSuffix(".json") && !file.hasSuffix("contract.json") {
      let url = root.appendingPathComponent(file)
      let name = url.lastPathComponent
      guard let dot = name.firstIndex(of: "."), name[..<dot] != "en" else { continue }
      let base = url.deletingLastPathComponent().appendingPathComponent("en" + name[dot...])
      guard let english = try? Data(contentsOf: base) else { continue }
      let (baseBytes, bytes) = ([UInt8](english), [UInt8](try Data(contentsOf: url)))
      let expected = Self.textsAlone(try JSONParser.parse(baseBytes, file: base.path),
                                     try JSONParser.parse(bytes, file: file))
      #expect(TextOnlyDifference.holds(between: baseBytes, and: bytes) == expected, "\(file)")
      compared += 1
    }
    #expect(compared > 100)
  }

  /// The definition on values: the same structure, equal non-strings, strings anywhere.
  static func textsAlone(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.string, .string): return true
    case (.object(let x), .object(let y)):
      return Set(x.keys) == Set(y.keys) && x.keys.allSatisfy { textsAlone(x[$0]!, y[$0]!) }
    case (.array(let x), .array(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { textsAlone($0, $1) }
    default: return a == b
    }
  }
}
