import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

@Suite("Redactions")
struct RedactionTests {
  static let payload: JSONValue = [
    "meta": ["requestId": "r-1", "served": 1_767_225_600, "fresh": true],
    "rows": [["at": "09:00", "n": 1], ["at": "09:01", "n": 2]],
    "deep": ["a": ["b": ["traceId": "t-1"]], "traceId": "t-0"],
    "vmId": ["id": "App.Card", "fsh": "2026-12-01T08:49:40.570Z"],
    "other": ["fsh": "kept: not an identity"],
  ]

  @Test("patterns: exact, * for one index or key, ** for any depth; placeholders keep the type")
  func patterns() throws {
    let redactor = Redactor(
      redactions: try ["/meta/requestId", "/meta/served", "/meta/fresh", "/rows/*/at",
                       "/**/traceId"].map(Redaction.init),
      redactsFreshness: true)
    #expect(redactor.apply(to: Self.payload) == [
      "meta": ["requestId": "<redacted>", "served": 0, "fresh": false],
      "rows": [["at": "<redacted>", "n": 1], ["at": "<redacted>", "n": 2]],
      "deep": ["a": ["b": ["traceId": "<redacted>"]], "traceId": "<redacted>"],
      "vmId": ["id": "App.Card", "fsh": "<redacted>"],
      "other": ["fsh": "kept: not an identity"],
    ])
  }

  @Test("a redacted object or array keeps its shape with redacted leaves")
  func containers() throws {
    let redactor = Redactor(redactions: [try Redaction("/meta"), try Redaction("/rows")],
                            redactsFreshness: false)
    let redacted = redactor.apply(to: Self.payload)
    #expect(redacted["meta"] == ["requestId": "<redacted>", "served": 0, "fresh": false])
    #expect(redacted["rows"] == [["at": "<redacted>", "n": 0], ["at": "<redacted>", "n": 0]])
    #expect(redacted["vmId"] == Self.payload["vmId"])
  }

  @Test("restoring a baseline puts live values where placeholders of their type stand")
  func restore() throws {
    let redactor = Redactor(redactions: [try Redaction("/meta/requestId")],
                            redactsFreshness: true)
    let baseline = redactor.apply(to: Self.payload)
    var live = Self.payload
    live.set("/meta/requestId", to: 42)
    let restored = redactor.restore(baseline, from: live)
    // A live value of another type does not stand in: the placeholder stays.
    #expect(restored["meta"]?["requestId"] == "<redacted>")
    #expect(restored["vmId"]?["fsh"] == "2026-12-01T08:49:40.570Z")
  }

  @Test("a pattern that is not a JSON Pointer is refused when the contract is registered")
  func badPattern() throws {
    #expect(throws: Redaction.PatternError.self) { try Redaction("meta/requestId") }
    let scenario = try Scenario()
    #expect(throws: CatalogError.self) {
      try scenario.catalog { try $0.register(WireContractTests.OrderDTO.self, stub: { .init() },
                                             redacting: ["requestId"]) }
    }
  }

  @Test("the app's encoder runs in UTC: check is clean under another time zone")
  func pinnedTimeZone() throws {
    let result = try runBinary(["check", "--fail-on", "info"], in: packageRoot,
                               environment: ["TZ": "America/New_York"])
    #expect(result.code == 0, "\(result.stdout)\(result.stderr)")
  }
}
