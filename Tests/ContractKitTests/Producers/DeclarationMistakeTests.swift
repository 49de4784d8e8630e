import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// A mistake in a declaration is a thrown error naming the type or field: exit 2 from the
/// command line and a failing case in `swift test`, never a trap of the whole process.
@Suite("Declaration mistakes throw, naming what is wrong")
struct DeclarationMistakeTests {
  enum Looping: ViewModelEnum {
    case placed, shipped, returned
    static let caseAvailability: [Self: CaseAvailability<Self>] = [
      .returned: .since(Scenario.v2, olderWires: .show(.shipped)),
      .shipped: .since(Scenario.v2, olderWires: .show(.returned)),
    ]
  }

  enum SelfShown: ViewModelEnum {
    case placed, returned
    static let caseAvailability: [Self: CaseAvailability<Self>] = [
      .returned: .since(Scenario.v2, olderWires: .show(.returned)),
    ]
  }

  struct Order<Status: ViewModelEnum>: Codable, Sendable {
    var status: Status
    var vmId = ViewModelId(id: "ord-1")
  }

  struct Badge: Codable, Sendable {
    @Versioned(since: Scenario.v2, until: Scenario.v2) var empty: Int? = 1
    var vmId = ViewModelId(id: "badge")
  }

  struct Reversed: Codable, Sendable {
    @Versioned(since: Scenario.v2, until: Scenario.v1) var count: Int? = 1
    var vmId = ViewModelId(id: "reversed")
  }

  /// Runs `check` over a catalog of `register` and returns its exit code and standard error.
  static func check(_ register: @escaping (inout Catalog) throws -> Void) throws
    -> (code: Int32, stderr: String)
  {
    let scenario = try Scenario()
    let result = runContracts(["check"], catalog: {
      try scenario.catalog(versions: [Scenario.v1, Scenario.v2], locales: ["en"], register)
    })
    return (result.code, result.stderr)
  }

  @Test("a redaction hint without a leading slash throws a CatalogError naming the contract")
  func redactionWithoutSlash() throws {
    let scenario = try Scenario()
    #expect(throws: CatalogError.invalidDeclaration(
      "contract 'Card' (ContractKitTests/DeclarationMistakeTests.swift:54) redacts "
        + "'requestId', which is not a path pattern: 'requestId' is not a redaction pattern: "
        + "a pattern is a JSON Pointer: '' or '/…'"))
    {
      _ = try scenario.catalog { catalog in
        try catalog.register(wire: "Card", hints: [.redacted("requestId")]) { _ in Data("{}".utf8) }
      }
    }
    let result = try Self.check { catalog in
      try catalog.register(wire: "Card", hints: [.redacted("requestId")]) { _ in Data("{}".utf8) }
    }
    #expect(result.code == 2)
    #expect(result.stderr.hasPrefix("Error: the catalog cannot be built: contract 'Card' ("))
  }

  @Test("an enum caseAvailability cycle is exit 2 naming the enum and the cycle")
  func availabilityCycle() throws {
    let result = try Self.check { catalog in
      try catalog.register(Order<Looping>.self, named: "Order", stub: { .init(status: .returned) })
    }
    #expect(result.code == 2)
    #expect(result.stderr == "Error: Order 1.0.0 en default cannot be encoded: the "
      + "caseAvailability of DeclarationMistakeTests.Looping forms a cycle (returned → shipped → "
      + "returned): each case's olderWires must show a case that older wires already "
      + "carry\n")
  }

  @Test("a case shown in its own place is exit 2 too")
  func selfShownCase() throws {
    let result = try Self.check { catalog in
      try catalog.register(Order<SelfShown>.self, named: "Order", stub: { .init(status: .returned) })
    }
    #expect(result.code == 2)
    #expect(result.stderr.contains(
      "the caseAvailability of DeclarationMistakeTests.SelfShown forms a cycle (returned → "
        + "returned)"))
  }

  @Test("an empty or reversed @Versioned range is exit 2 naming the field")
  func versionedRanges() throws {
    let empty = try Self.check { catalog in
      try catalog.register(Badge.self, named: "Badge", stub: { .init() })
    }
    #expect(empty.code == 2)
    #expect(empty.stderr == "Error: Badge 1.0.0 en default cannot be encoded: @Versioned field "
      + "'empty' declares the range [1.1.0, 1.1.0), which is empty: 'until' must come after "
      + "'since'\n")
    let reversed = try Self.check { catalog in
      try catalog.register(Reversed.self, named: "Reversed", stub: { .init() })
    }
    #expect(reversed.code == 2)
    #expect(reversed.stderr.contains("@Versioned field 'count' declares the range [1.1.0, "
      + "1.0.0), which is reversed"))
  }

  @Test("in swift test a declaration mistake fails its case with the message")
  func failingTestCase() async throws {
    let scenario = try Scenario()
    let catalog = try scenario.catalog(locales: ["en"]) { catalog in
      try catalog.register(Order<SelfShown>.self, named: "Order", stub: { .init(status: .returned) })
    }
    let verifier = ContractVerifier({ catalog }, environment: [:])
    let problems = await verifier.problems(for: ContractCase("Order", "1.0.0", "en"))
    #expect(problems.map(\.severity) == [.error])
    #expect(problems.first?.message.contains("forms a cycle (returned → returned)") == true)
    withExtendedLifetime(scenario) {}
  }

  @Test("a hint on a path no payload has is a warning naming the hint and where it is; the run goes on")
  func hintOnMissingPath() throws {
    let scenario = try Scenario()
    let result = runContracts(["check"], catalog: {
      try scenario.catalog(versions: [Scenario.v1, Scenario.v2], locales: ["en"]) { catalog in
        try catalog.register(wire: "Card", hints: [.localized("/titel"), .localized("/title")]) {
          _ in Data(#"{"title": "A"}"#.utf8)
        }
      }
    })
    // Nothing recorded yet: baseline-missing errors, and the hint a warning beside them.
    #expect(result.code == 1)
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.contains(
      "warning  declaration-unused  Card /titel: the hint at '/titel' "
        + "(ContractKitTests/DeclarationMistakeTests.swift:128) matches no path of any payload "
        + "of any version or variant: no longer needed: remove it, or fix its path (a misspelt "
        + "one leaves the real path unchecked)"))
    #expect(!result.stdout.contains("/title:"))
  }

  @Test("a hint that matches in one variant or version only is not reported")
  func hintInOneVariant() throws {
    let scenario = try Scenario()
    let catalog = try scenario.catalog(versions: [Scenario.v1, Scenario.v2], locales: ["en"]) {
      try $0.register(wire: "Card", variants: ["empty"], hints: [.localized("/rows/*/title")]) {
        request in
        let rows = request.variant == "empty" || request.version == Scenario.v1
          ? "[]" : #"[{"title": "A"}]"#
        return Data(#"{"rows": \#(rows)}"#.utf8)
      }
    }
    #expect(try Record(catalog: catalog).run().refused == false)
    withExtendedLifetime(scenario) {}
  }
}
