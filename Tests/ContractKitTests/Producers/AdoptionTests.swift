import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// A FOSMVVM app adopted as it is (the replica's framework, ``AdoptedHomeViewModel``): every
/// child's `vmId = ViewModelId()`, declared in one line per screen, the ids then fixed one by
/// one the FOSMVVM way, and declarations that outlive what they declared.
@Suite("Adopting a FOSMVVM app as it is")
struct AdoptionTests {
  static let everyId = ["/vmId", "/header/vmId", "/banner/vmId", "/rows/*/vmId", "/footer/vmId"]

  @Test("without declarations, each random id names the property that makes it and both fixes")
  func remedyNamesTheProperty() throws {
    let scenario = try Scenario()
    let catalog = try AdoptedApp.catalog(scenario, randomIdentities: [])
    let report = try scenario.check(catalog)
    let random = report.findings.filter { $0.kind == .identityNondeterministic }
    #expect(random.filter { $0.locale == "en" }.map(brief) == [
      "error identity-nondeterministic AdoptedHomeViewModel 1.0.0 en default /banner/vmId",
      "error identity-nondeterministic AdoptedHomeViewModel 1.0.0 en default /footer/vmId",
      "error identity-nondeterministic AdoptedHomeViewModel 1.0.0 en default /header/vmId",
      "error identity-nondeterministic AdoptedHomeViewModel 1.0.0 en default /rows/0/vmId",
      "error identity-nondeterministic AdoptedHomeViewModel 1.0.0 en default /rows/1/vmId",
      "error identity-nondeterministic AdoptedHomeViewModel 1.0.0 en default /vmId",
    ])
    let header = try #require(random.first { $0.path == "/header/vmId" })
    #expect(header.message == "'/header/vmId' is a random ViewModelId(), made by "
      + "AdoptedHomeViewModel.Header.vmId (its property default or its initializer): SwiftUI "
      + "sees a new view model on every render")
    let row = try #require(random.first { $0.path == "/rows/1/vmId" })
    #expect(row.message.contains("made by AdoptedHomeViewModel.Row.vmId"))
    #expect(row.remedy(command: "swift run app-contracts") == "Give it a stable identity where "
      + "it is made (a property default such as `vmId = ViewModelId()`, or an initializer that "
      + "stub() calls): ViewModelId(type: Self.self) for a screen or a child shown once, "
      + "ViewModelId(id:) from its data for a row. If it is random by design, declare it in the "
      + "contract's registration: randomIdentities: [\"/rows/*/vmId\"]. Recording cannot fix "
      + "this.")
    // record refuses, and says what to declare: one line for the screen.
    let refused = try Record(catalog: catalog).run()
    #expect(refused.refused)
    let text = RecordReport.text(refused, baselines: ".VersionedTestJSON",
                                 command: "swift run app-contracts")
    #expect(text.contains("\n  AdoptedHomeViewModel: randomIdentities: [\"/banner/vmId\", "
      + "\"/footer/vmId\", \"/header/vmId\", \"/rows/*/vmId\", \"/vmId\"]\n"))
    #expect(!text.contains("no ViewModelId()"))
  }

  @Test("swift test suggests no command that refuses while random ids block record")
  func noRefusingHint() async throws {
    let scenario = try Scenario()
    let catalog = try AdoptedApp.catalog(scenario, randomIdentities: ["/header/vmId"])
    let verifier = ContractVerifier({ catalog }, command: "swift run app-contracts",
                                    environment: ["CONTRACTKIT_PENDING": scenario.directory.path("pending").path])
    let problems = await verifier.problems(for: ContractCase("AdoptedHomeViewModel", "1.0.0", "en"))
    let missing = try #require(problems.first { $0.message.hasPrefix("baseline-missing") })
    #expect(missing.message.hasSuffix("Record refuses while 10 identity-nondeterministic "
      + "findings (AdoptedHomeViewModel) remain: fix them first. Record it: swift run "
      + "app-contracts record."))
    for problem in problems {
      #expect(!problem.message.contains("review"), "\(problem.message)")
      #expect(!problem.message.contains("CONTRACTKIT_RECORD"), "\(problem.message)")
    }
    // The check's own next step says the same.
    let text = ReportFormat.text.render(try scenario.check(catalog), colored: false,
                                        command: "swift run app-contracts")
    #expect(text.hasSuffix("\nFix 10 identity-nondeterministic findings (AdoptedHomeViewModel) "
      + "first (see each one's remedy): 'swift run app-contracts record' refuses while any "
      + "remains.\n"))
  }

  @Test("nested paths and a pattern declare every child's random id: one line per screen")
  func nestedAndPatternDeclarations() throws {
    for declared in [Self.everyId, ["**/vmId"]] {
      let scenario = try Scenario()
      let outcome = try scenario.record(
        AdoptedApp.catalog(scenario, randomIdentities: declared))
      #expect(outcome.written.contains("AdoptedHomeViewModel/1.0.0/en.json"))
      // Each id keeps its shape in the baseline: an object without `id`, `fsh` redacted.
      let baseline = try scenario.directory.read(
        ".VersionedTestJSON/AdoptedHomeViewModel/1.0.0/en.json")
      #expect(baseline.contains("""
          "header" : {
            "title" : "Home",
            "vmId" : {
              "fsh" : "<redacted>"
            }
          },
        """))
      let metadata = try scenario.directory.read(
        ".VersionedTestJSON/AdoptedHomeViewModel/1.0.0/contract.json")
      for pattern in declared.map({ $0.hasPrefix("**") ? "/" + $0 : $0 }) {
        #expect(metadata.contains("\"\(pattern)\" : [\n      {\n        \"kind\" : \"random-identity\""),
                "\(pattern)")
      }
      #expect(try scenario.check(AdoptedApp.catalog(scenario, randomIdentities: declared))
        .findings.map(brief) == [], "\(declared)")
    }
  }

  @Test("an id fixed the FOSMVVM way is identity-stabilized: info, recorded without a reason")
  func randomToStable() throws {
    let scenario = try Scenario()
    try scenario.record(AdoptedApp.catalog(scenario, randomIdentities: ["**/vmId"]))
    let fixed = try AdoptedApp.catalog(
      scenario, randomIdentities: ["**/vmId"], edits: .init(stableHeader: true))
    let report = try scenario.check(fixed)
    #expect(briefs(report) == [
      "info identity-stabilized AdoptedHomeViewModel 1.0.0 en default /header/vmId",
      "info identity-stabilized AdoptedHomeViewModel 1.0.0 es default /header/vmId",
    ])
    let finding = try #require(report.findings.first)
    #expect(finding.message == "identity '/header/vmId' was random and is stable now: SwiftUI "
      + "keeps the view model across renders, and no client breaks")
    #expect(finding.current == .string("ContractKitTests.AdoptedHomeViewModel.Header"))
    // An `id` appearing is a change of the wire that breaks nothing: a patch.
    #expect(report.summary.requiredBump == .patch)
    #expect(ExitStatus.code(for: report) == 0)
    // No --accept-breaking: written, and logged as an improvement.
    let outcome = try scenario.record(fixed)
    #expect(outcome.improvements.count == 2)
    #expect(outcome.breaking.isEmpty)
    let document = try scenario.directory.read("Baselines.md")
    #expect(document.contains("""
      ## Baseline history

      Baselines taken over from FOSTesting (`contracts import fostesting`) and changes that \
      break no client (`contracts record`).

      | date | contract | version | event | details |
      | --- | --- | --- | --- | --- |
      | 2026-01-01 | AdoptedHomeViewModel | 1.0.0 | identity-stabilized | random identity made \
      stable at /header/vmId: view churn ends, no client breaks |

      ## Accepted breaking changes
      """))
    #expect(try scenario.check(fixed).findings.isEmpty)
    // The history stays: a later record keeps the row.
    try scenario.record(fixed)
    #expect(try scenario.directory.read("Baselines.md") == document)
  }

  @Test("stable to random stays an error; stable to another stable stays identity-changed")
  func otherDirections() throws {
    let scenario = try Scenario()
    let declared = ["/vmId", "/banner/vmId", "/rows/*/vmId", "/footer/vmId"]
    try scenario.record(AdoptedApp.catalog(
      scenario, randomIdentities: declared, edits: .init(stableHeader: true)))
    let random = try scenario.check(AdoptedApp.catalog(scenario, randomIdentities: declared))
    #expect(briefs(random).filter { $0.contains(" en ") } == [
      "error identity-nondeterministic AdoptedHomeViewModel 1.0.0 en default /header/vmId",
    ])
    // A stable id renamed: the declaration does not change what a stable id is.
    let renamed = try AdoptedApp.catalog(
      scenario, randomIdentities: declared, edits: .init(stableHeader: true, stableBanner: true))
    try scenario.record(renamed)
    let other = try scenario.directory.read(".VersionedTestJSON/AdoptedHomeViewModel/1.0.0/en.json")
      .replacingOccurrences(of: "\"id\" : \"banner\"", with: "\"id\" : \"promo\"")
    try scenario.directory.write(other, to: ".VersionedTestJSON/AdoptedHomeViewModel/1.0.0/en.json")
    #expect(briefs(try scenario.check(renamed)).contains(
      "error identity-changed AdoptedHomeViewModel 1.0.0 en default /banner/vmId"))
  }

  @Test("a declared path no payload has is a warning naming it; the rest is still checked")
  func removedDeclaredPath() throws {
    let scenario = try Scenario()
    try scenario.record(AdoptedApp.catalog(scenario, randomIdentities: Self.everyId))
    let line = #line + 1
    let catalog = try AdoptedApp.catalog(
      scenario, randomIdentities: Self.everyId, edits: .init(removeFooter: true), line: line)
    let report = try scenario.check(catalog)
    // The footer's text is unused now, and the coverage in Baselines.md changed: true, and
    // beside the point here.
    #expect(briefs(report, excluding: [.keyUnused, .baselinesStale]) == [
      "error field-removed AdoptedHomeViewModel 1.0.0 en default /footer",
      "error field-removed AdoptedHomeViewModel 1.0.0 es default /footer",
      "warning declaration-unused AdoptedHomeViewModel /footer/vmId",
    ])
    let warning = try #require(report.findings.first { $0.kind == .declarationUnused })
    #expect(warning.message == "randomIdentities: [\"/footer/vmId\"] "
      + "(ContractKitTests/AdoptionTests.swift:\(line)) matches no path of any "
      + "payload of any version or variant: no longer needed: remove it")
    #expect(ExitStatus.code(for: report) == 1)
    // The command line: exit 1 for the break, never 2.
    let result = runContracts(["check"], catalog: { catalog })
    #expect(result.code == 1)
    #expect(result.stdout.contains("warning  declaration-unused  AdoptedHomeViewModel /footer/vmId:"))
  }

  @Test("a declared random id made stable later is seen, and its declaration is unneeded")
  func declaredIdMadeStable() throws {
    let scenario = try Scenario()
    try scenario.record(AdoptedApp.catalog(scenario, randomIdentities: Self.everyId))
    let report = try scenario.check(AdoptedApp.catalog(
      scenario, randomIdentities: Self.everyId, edits: .init(stableBanner: true)))
    #expect(briefs(report) == [
      "info identity-stabilized AdoptedHomeViewModel 1.0.0 en default /banner/vmId",
      "info identity-stabilized AdoptedHomeViewModel 1.0.0 es default /banner/vmId",
      "warning declaration-unused AdoptedHomeViewModel /banner/vmId",
    ])
    #expect(report.findings.first { $0.kind == .declarationUnused }?.message.hasSuffix(
      "declares an identity that is stable in every payload now: no longer needed: remove it")
      == true)
    #expect(report.findings.first { $0.kind == .identityStabilized }?.current == .string("banner"))
  }

  @Test("an identity object's members are wire: ts renamed to fsh is field-removed at /vmId/ts")
  func identityMemberRename() throws {
    let scenario = try Scenario()
    let catalog = try AdoptedApp.catalog(scenario, randomIdentities: ["**/vmId"])
    try scenario.record(catalog)
    let file = ".VersionedTestJSON/AdoptedHomeViewModel/1.0.0/en.json"
    let old = try scenario.directory.read(file)
    // The header's id as FOSMVVM of May 2025 wrote it; the banner's with an `id` gone.
    let edited = old.replacingOccurrences(
      of: "\"title\" : \"Home\",\n    \"vmId\" : {\n      \"fsh\" : \"<redacted>\"\n    }",
      with: "\"title\" : \"Home\",\n    \"vmId\" : {\n      \"ts\" : 1748278758.7\n    }")
    #expect(edited != old)
    try scenario.directory.write(edited, to: file)
    let report = try scenario.check(catalog)
    #expect(briefs(report, excluding: [.decodeFailed]) == [
      "error field-removed AdoptedHomeViewModel 1.0.0 en default /header/vmId/ts",
      "info field-added AdoptedHomeViewModel 1.0.0 en default /header/vmId/fsh",
    ])
    #expect(report.findings.first { $0.kind == .fieldRemoved }?.baseline
      == .number(JSONNumber(1748278758.7)))
  }

  /// A toast in ContractKit's own vocabulary, whose `ViewModelId` encodes as a string.
  struct Toast: Encodable, Sendable {
    var message = "Saved"
    var vmId: ViewModelId
  }

  static func toastCatalog(_ scenario: Scenario, id: @escaping @Sendable () -> ViewModelId,
                           declared: [String]) throws -> Catalog
  {
    try scenario.catalog(locales: ["en"]) {
      try $0.register(Toast.self, named: "Toast", stub: { Toast(vmId: id()) },
                      randomIdentities: declared)
    }
  }

  @Test("ContractKit's own ViewModelId(): declared, redacted while random; made stable, seen")
  func builtInContract() throws {
    let scenario = try Scenario()
    try scenario.record(Self.toastCatalog(scenario, id: { ViewModelId() }, declared: ["/vmId"]))
    #expect(try scenario.directory.read(".VersionedTestJSON/Toast/1.0.0/en.json")
      .contains("\"vmId\" : \"<redacted>\""))
    #expect(try scenario.check(Self.toastCatalog(scenario, id: { ViewModelId() },
                                                 declared: ["/vmId"])).findings.isEmpty)
    let stable = try scenario.check(Self.toastCatalog(
      scenario, id: { ViewModelId(id: "toast") }, declared: ["/vmId"]))
    #expect(briefs(stable) == [
      "info identity-stabilized Toast 1.0.0 en default /vmId",
      "warning declaration-unused Toast /vmId",
    ])
    // Undeclared, the finding names the property.
    let undeclared = try scenario.check(Self.toastCatalog(scenario, id: { ViewModelId() },
                                                          declared: []))
    #expect(undeclared.findings.first { $0.kind == .identityNondeterministic }?.message
      .contains("made by AdoptionTests.Toast.vmId") == true)
  }

  @Test("a finding in a contract without random ids is told record --only, which records")
  func recordOnlyWhereUnblocked() async throws {
    let scenario = try Scenario()
    var catalog = try AdoptedApp.catalog(scenario, randomIdentities: [])
    try catalog.register(wire: "Card") { _ in Data(#"{"title": "A"}"#.utf8) }
    let built = catalog
    let verifier = ContractVerifier({ built }, command: "swift run app-contracts",
                                    environment: [:])
    let problems = await verifier.problems(for: ContractCase("Card", "1.0.0", "en"))
    #expect(problems.map(\.message) == ["""
      baseline-missing at Card 1.0.0 in en (default): no committed baseline yet
      Record it: swift run app-contracts record --only Card. (--only: record refuses while 12 \
      identity-nondeterministic findings (AdoptedHomeViewModel) elsewhere remain.)
      Review the pending change: swift run app-contracts review
      """])
    // And so it does.
    let recorded = try Record(catalog: catalog, selection: [try CaseSelector(parsing: "Card")])
      .run()
    #expect(!recorded.refused)
    #expect(recorded.written.contains("Card/1.0.0/en.json"))
  }
}
