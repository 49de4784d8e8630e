import Foundation
import Synchronization
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// Compatibility direction (issue 21.1) and the decode check on every run (issue 22.1):
/// `decode-failed` of a committed baseline is the forward direction, a warning under
/// `backward` and an error under `full`; today's type that cannot read today's own payload
/// is an error on every run, whatever the bytes.
@Suite("Compatibility direction and the decode check")
struct DirectionTests {
  struct Old: Codable, Sendable { var title = "a" }
  struct New: Codable, Sendable {
    var title = "a"
    var signOutButton = "Sign out"
  }

  func scenario(_ guarantee: Compatibility) throws -> (Scenario, Catalog) {
    let scenario = try Scenario()
    try scenario.record(scenario.catalog(locales: ["en"]) {
      try $0.register(Old.self, named: "Card", stub: { .init() })
    })
    var catalog = try scenario.catalog(locales: ["en"]) {
      try $0.register(New.self, named: "Card", stub: { .init() })
    }
    catalog.compatibility = guarantee
    return (scenario, catalog)
  }

  @Test("under backward a new required member is a forward warning with its own remedy, recorded without a reason")
  func backwardWarns() throws {
    let (scenario, catalog) = try scenario(.backward)
    let report = try scenario.check(catalog)
    #expect(briefs(report) == [
      "info field-added Card 1.0.0 en default /signOutButton",
      "warning decode-failed Card 1.0.0 en default /signOutButton",
    ])
    let failure = try #require(report.findings.first { $0.kind == .decodeFailed })
    #expect(failure.direction == .forward)
    #expect(failure.message.contains("released clients are not affected"))
    let remedy = failure.remedy(command: "swift run app-contracts")
    #expect(remedy.contains("make the new member optional or @Versioned(since:)"))
    #expect(!remedy.contains("Clients of released versions break"))
    #expect(ExitStatus.code(for: report) == 0)
    // The bump is the added field's; the gate passes.
    #expect(report.summary.requiredBump == .minor)
    #expect(ExitStatus.code(for: try ReleaseGate(catalog: catalog).run()) == 0)
    // record needs no --accept-breaking and logs nothing.
    let outcome = try Record(catalog: catalog, date: "2026-01-01").run()
    #expect(!outcome.refused && outcome.breaking.isEmpty)
    #expect(outcome.written.contains("Card/1.0.0/en.json"))
    #expect(try BaselinesDocument.logRows(of: scenario.directory.read("Baselines.md")).isEmpty)
    #expect(briefs(try scenario.check(catalog)) == [])
  }

  @Test("under full the same change is an error that record refuses without a reason")
  func fullFails() throws {
    let (scenario, catalog) = try scenario(.full)
    let report = try scenario.check(catalog)
    #expect(briefs(report) == [
      "error decode-failed Card 1.0.0 en default /signOutButton",
      "info field-added Card 1.0.0 en default /signOutButton",
    ])
    #expect(ExitStatus.code(for: report) == 1)
    #expect(ExitStatus.code(for: try ReleaseGate(catalog: catalog).run()) == 1)
    let failure = try #require(report.findings.first { $0.kind == .decodeFailed })
    #expect(failure.remedy(command: "swift run x").hasSuffix("The catalog guarantees full "
      + "compatibility: if the break is intended, run: swift run x record --accept-breaking "
      + "--reason \"…\""))
    let refused = try Record(catalog: catalog).run()
    #expect(refused.refused && refused.breaking.map(brief) == [
      "error decode-failed Card 1.0.0 en default /signOutButton"])
    let accepted = try Record(catalog: catalog, acceptBreakingReason: "rolling deploy done",
                              date: "2026-01-01").run()
    #expect(!accepted.refused && accepted.breaking.count == 1)
    #expect(try BaselinesDocument.logRows(of: scenario.directory.read("Baselines.md")) == [
      "| 2026-01-01 | Card | 1.0.0 | decode-failed | rolling deploy done | `/signOutButton` |"])
  }

  @Test("check and diff agree on the kind and severity of the wire change behind it")
  func diffAgrees() throws {
    let (scenario, catalog) = try scenario(.backward)
    let old = try copyTree(scenario.baselines, into: scenario.directory, as: "old")
    let check = try scenario.check(catalog)
    _ = try Record(catalog: catalog).run()
    let diff = try TreeDiff(old: old, new: scenario.baselines).run()
    let shared = { (report: Report) in
      report.findings.filter { $0.kind == .fieldAdded }.map(brief)
    }
    #expect(shared(diff) == ["info field-added Card 1.0.0 en default /signOutButton"])
    #expect(shared(diff) == shared(check))
  }

  /// A wire contract decoded by a type that cannot read the app's own wire.
  struct Strict: Decodable {
    let title: String
    let required: Int
  }

  @Test("a type that cannot read today's own payload is decode-failed on every run, bytes equal or not")
  func undecodableOnEqualBytes() throws {
    let scenario = try Scenario()
    let catalog = try scenario.catalog(locales: ["en"]) { catalog in
      try catalog.register(wire: "Doc", decoding: Strict.self) { _ in
        Data(#"{"title":"x","vmId":"D"}"#.utf8)
      }
    }
    let expected = ["error decode-failed Doc 1.0.0 en default /required"]
    // record writes the baseline and says the failure remains.
    let first = try Record(catalog: catalog).run()
    #expect(!first.refused && first.written.contains("Doc/1.0.0/en.json"))
    // The bytes now equal the baseline: check still decodes them.
    let report = try scenario.check(catalog)
    #expect(briefs(report) == expected)
    let failure = try #require(report.findings.first)
    #expect(failure.direction == .backward)
    #expect(failure.remedy(command: "x").contains("Recording cannot fix this"))
    #expect(ExitStatus.code(for: report) == 1)
    // A second record writes nothing, refuses nothing, and names it as still failing.
    let second = try Record(catalog: catalog).run()
    #expect(!second.refused && second.written.isEmpty)
    #expect(second.remaining.map(brief) == expected)
    // swift test fails the case.
    let verifier = ContractVerifier({ catalog }, command: "swift run app-contracts",
                                    environment: [:])
    let problems = verifier.problems(for: ContractCase("Doc", "1.0.0", "en"))
    #expect(problems.map(\.severity) == [.error])
    #expect(problems.first?.message.hasPrefix("decode-failed at Doc 1.0.0 /required") == true)
  }

  /// A card that counts how often it is decoded.
  struct CountedCard: Codable, Sendable {
    static let decodes = Mutex(0)
    var title: LocalizableString = .localized(key: "Card.title")
    var vmId = ViewModelId(id: "card-1")

    init() {}

    init(from decoder: any Decoder) throws {
      Self.decodes.withLock { $0 += 1 }
      let container = try decoder.container(keyedBy: CodingKeys.self)
      title = try container.decode(LocalizableString.self, forKey: .title)
      vmId = try container.decode(ViewModelId.self, forKey: .vmId)
    }
  }

  /// A wire payload's type that counts how often it is decoded.
  struct CountedWire: Decodable {
    static let decodes = Mutex(0)
    let title: String

    init(from decoder: any Decoder) throws {
      Self.decodes.withLock { $0 += 1 }
      title = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .title)
    }

    enum CodingKeys: String, CodingKey { case title }
  }

  @Test("an unchanged contract is decoded once per version and variant where its locales differ in texts")
  func decodesOnEveryRun() throws {
    let scenario = try Scenario()
    let versions = [Scenario.v1, Scenario.v2]
    let catalog = try scenario.catalog(versions: versions, yaml: Scenario.yaml) { catalog in
      try catalog.register(CountedCard.self, named: "Card", stub: { .init() })
      try catalog.register(wire: "Doc", decoding: CountedWire.self) { request in
        Data(#"{"title":"\#(request.locale)"}"#.utf8)
      }
    }
    try scenario.record(catalog)
    CountedCard.decodes.withLock { $0 = 0 }
    CountedWire.decodes.withLock { $0 = 0 }
    #expect(briefs(try scenario.check(catalog), excluding: [.baselinesStale]) == [])
    // Texts aside, ContractKit's encoder gives every locale the same shape: one locale of
    // each version is decoded. The app's bytes are compared: here too the texts alone differ
    // (`WireDecodeTests` has the payloads that differ in more).
    #expect(CountedCard.decodes.withLock { $0 } == 2)
    #expect(CountedWire.decodes.withLock { $0 } == 2)
  }

  struct Order: Codable, Sendable {
    var orderNumber = "ORD-1"
    var placedAt = Date(timeIntervalSince1970: 1_773_480_600)
    var lineItems = [Item()]
    struct Item: Codable, Sendable { var productName = "Tea" }
  }

  @Test("a decoder missing the encoder's .iso8601 is decode-failed at the wire path on every run")
  func decoderWithoutDates() throws {
    let scenario = try Scenario()
    let catalog = try scenario.catalog(locales: ["en"]) { catalog in
      try catalog.register(Order.self, stub: { .init() }, encoder: { _ in
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        return encoder
      }, decoder: {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
      })
    }
    try scenario.record(catalog)
    #expect(briefs(try scenario.check(catalog)) == [
      "error decode-failed DirectionTests.Order 1.0.0 en default /placed_at"])
  }

  @Test("decode-failed names the wire path, not the Swift names a key strategy made of it")
  func wirePaths() throws {
    let payload: JSONValue = ["line_items": [["product_name": 1]], "order_number": "A"]
    let path = BaselineDecoder.wirePointer(
      [.key("lineItems"), .index(0), .key("productName")], in: payload)
    #expect(path == "/line_items/0/product_name")
    // A key the object lacks is spelled as its siblings are.
    #expect(BaselineDecoder.wirePointer([.key("signOutButton")], in: payload)
      == "/sign_out_button")
    #expect(BaselineDecoder.wirePointer([.key("signOutButton")], in: ["title": "a"])
      == "/signOutButton")
  }
}
