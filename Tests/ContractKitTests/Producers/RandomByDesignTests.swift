import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// An identity random by design is declared, written into `contract.json`, and accepted
/// there alone: any other identity that is random is still `identity-nondeterministic`.
@Suite("Random-by-design identities")
struct RandomByDesignTests {
  /// A page with a stable identity and a transient banner whose identity is random; with
  /// `pageRandom` the page's identity is random too.
  static func catalog(_ scenario: Scenario, pageRandom: Bool) throws -> Catalog {
    try scenario.catalog(locales: ["en"]) { catalog in
      try catalog.register(wire: "Page", randomIdentities: ["/banner/vmId"]) { _ in
        let stamp = WireDate.string(from: Date())
        let page = pageRandom ? #"{"fsh": "\#(stamp)"}"# : #"{"id": "App.Page", "fsh": "\#(stamp)"}"#
        return Data(#"{"banner": {"text": "Saved", "vmId": {"fsh": "\#(stamp)"}}, "vmId": \#(page)}"#.utf8)
      }
    }
  }

  @Test("record accepts the declared identity and writes the declaration into contract.json")
  func declared() throws {
    let scenario = try Scenario()
    let outcome = try scenario.record(Self.catalog(scenario, pageRandom: false))
    #expect(outcome.written.contains("Page/1.0.0/en.json"))
    #expect(try scenario.directory.read(".VersionedTestJSON/Page/1.0.0/contract.json").contains(
      "\"/banner/vmId\" : [\n      {\n        \"kind\" : \"random-identity\""))
    #expect(try scenario.check(Self.catalog(scenario, pageRandom: false)).findings.isEmpty)
  }

  @Test("a stable identity that becomes random is still reported, the declared one is not")
  func undeclaredStillReported() throws {
    let scenario = try Scenario()
    try scenario.record(Self.catalog(scenario, pageRandom: false))
    let report = try scenario.check(Self.catalog(scenario, pageRandom: true))
    #expect(briefs(report).contains("error identity-nondeterministic Page 1.0.0 en default /vmId"))
    #expect(!report.findings.contains { $0.path?.hasPrefix("/banner") == true })
    let refused = try Record(catalog: Self.catalog(scenario, pageRandom: true)).run()
    #expect(refused.refused)
  }
}
