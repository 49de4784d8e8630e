import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// `import fostesting DIR` takes FOSTesting's `<Type>_<version>.json` files over as baselines,
/// so that the wire history they hold is checked: FOSMVVM of May 2025 spelled ids
/// `{"ts": …}`, FOSMVVM 0.13 spells them `{"fsh": …}`, and clients of 1.0.0 fail on today's.
@Suite("Coming from FOSTesting: import fostesting")
struct FOSTestingImportTests {
  /// What FOSTesting's `expectVersionedViewModel` wrote for the adopted home screen with the
  /// FOSMVVM of May 2025: one locale, keys unsorted, no indentation, `ts` time stamps.
  static let fostestingFile = #"{"vmId":{"ts":1748278758.7},"rows":[{"vmId":{"ts":1748278758.7},"#
    + #""name":"Nightly import"},{"name":"Invoice sync","vmId":{"ts":1748278758.7}}],"#
    + #""header":{"vmId":{"ts":1748278758.7},"title":"Home"},"banner":{"message":"Saved","#
    + #""vmId":{"ts":1748278758.7}},"footer":{"note":"All systems go","vmId":{"ts":1748278758.8}}}"#

  /// The same file canonicalized: what the baseline holds, ids as they are.
  static let imported = """
    {
      "banner" : {
        "message" : "Saved",
        "vmId" : {
          "ts" : 1748278758.7
        }
      },
      "footer" : {
        "note" : "All systems go",
        "vmId" : {
          "ts" : 1748278758.8
        }
      },
      "header" : {
        "title" : "Home",
        "vmId" : {
          "ts" : 1748278758.7
        }
      },
      "rows" : [
        {
          "name" : "Nightly import",
          "vmId" : {
            "ts" : 1748278758.7
          }
        },
        {
          "name" : "Invoice sync",
          "vmId" : {
            "ts" : 1748278758.7
          }
        }
      ],
      "vmId" : {
        "ts" : 1748278758.7
      }
    }

    """

  static let folder = "Tests/AppTests/.VersionedTestJSON"

  /// A scenario with FOSTesting's folder holding `files` (name to text).
  static func scenario(_ files: [String: String] = [
    "AdoptedHomeViewModel_1.0.0.json": fostestingFile,
  ]) throws -> Scenario {
    let scenario = try Scenario()
    for (name, text) in files { try scenario.directory.write(text, to: "\(folder)/\(name)") }
    return scenario
  }

  static func catalog(_ scenario: Scenario, versions: [SystemVersion] = [Scenario.v1, Scenario.v2])
    throws -> Catalog
  {
    try AdoptedApp.catalog(scenario, versions: versions, randomIdentities: ["**/vmId"])
  }

  @discardableResult
  static func importing(_ scenario: Scenario, versions: [SystemVersion] = [Scenario.v1, Scenario.v2],
                        reason: String? = nil) throws -> FOSTestingImport.Outcome
  {
    try FOSTestingImport(catalog: catalog(scenario, versions: versions),
                         source: scenario.directory.path(folder), acceptReason: reason,
                         date: "2026-01-01").run()
  }

  @Test("each file becomes its version's base-locale baseline, canonical, ids as they are, logged")
  func importsAndLogs() throws {
    let scenario = try Self.scenario()
    let outcome = try Self.importing(scenario)
    #expect(!outcome.refused)
    #expect(outcome.imported.map(\.target.relativePath) == ["AdoptedHomeViewModel/1.0.0/en.json"])
    #expect(try scenario.directory.read(".VersionedTestJSON/AdoptedHomeViewModel/1.0.0/en.json")
      == Self.imported)
    #expect(try scenario.directory.read("Baselines.md").contains("""
      | date | contract | version | event | details |
      | --- | --- | --- | --- | --- |
      | 2026-01-01 | AdoptedHomeViewModel | 1.0.0 | imported | FOSTesting's \
      AdoptedHomeViewModel_1.0.0.json as en.json |

      ## Accepted breaking changes
      """))
    // A second import changes nothing.
    let document = try scenario.directory.read("Baselines.md")
    let again = try Self.importing(scenario)
    #expect(again.imported.isEmpty)
    #expect(again.unchanged.count == 1)
    #expect(try scenario.directory.read("Baselines.md") == document)
  }

  @Test("after the import, check reports the ts member gone as a break of 1.0.0")
  func checkAfterImport() throws {
    let scenario = try Self.scenario()
    let only = [Scenario.v1]
    try Self.importing(scenario, versions: only)
    // The other locale, recorded from today's encoding.
    let missing = try Record(catalog: Self.catalog(scenario, versions: only), mode: .missing,
                             date: "2026-01-01").run()
    #expect(!missing.refused)
    #expect(missing.written.sorted() == [
      "AdoptedHomeViewModel/1.0.0/contract.json", "AdoptedHomeViewModel/1.0.0/es.json",
      "Baselines.md",
    ])
    let report = try scenario.check(Self.catalog(scenario, versions: only))
    let ids = ["/banner/vmId", "/footer/vmId", "/header/vmId", "/rows/0/vmId", "/rows/1/vmId",
               "/vmId"]
    #expect(briefs(report, excluding: [.decodeFailed]) == ids.map {
      "error field-removed AdoptedHomeViewModel 1.0.0 en default \($0)/ts"
    } + ids.map { "info field-added AdoptedHomeViewModel 1.0.0 en default \($0)/fsh" })
    #expect(report.findings.first { $0.kind == .fieldRemoved }?.message
      == "field '/banner/vmId/ts' is gone; clients that require it fail to decode")
    #expect(report.summary.requiredBump == .major)
    // Today's type cannot read what FOSMVVM of May 2025 sent either (forward direction).
    #expect(report.findings.filter { $0.kind == .decodeFailed }.map(\.severity) == [.warning])
    // And record refuses to bless today's shape as 1.0.0 without a reason.
    #expect(try Record(catalog: Self.catalog(scenario, versions: only)).run().refused)
  }

  @Test("a version recorded after an imported one is compared with it: FOSMVVM's ts to fsh broke it")
  func nextVersionAfterImport() throws {
    let scenario = try Self.scenario()
    try Self.importing(scenario)
    let refused = try Record(catalog: Self.catalog(scenario), mode: .missing).run()
    #expect(refused.refused)
    #expect(Set(refused.breaking.map(brief)) == Set(
      ["/banner/vmId", "/footer/vmId", "/header/vmId", "/rows/0/vmId", "/rows/1/vmId", "/vmId"]
        .map { "error field-removed AdoptedHomeViewModel 1.1.0 en default \($0)/ts" }))
    #expect(refused.breaking.first?.message.hasPrefix("new in 1.1.0, breaking 1.0.0 clients: ")
      == true)
  }

  @Test("a type no contract has, a version the catalog lacks, invalid JSON: named, nothing written")
  func refusals() throws {
    let unknown = try Self.scenario(["BannerViewModel_1.0.0.json": "{}",
                                     "AdoptedHomeViewModel_1.0.0.json": Self.fostestingFile])
    #expect {
      try Self.importing(unknown)
    } throws: { error in
      "\(error)" == unknown.directory.path(Self.folder).path + "/BannerViewModel_1.0.0.json: "
        + "no registered contract has the type 'BannerViewModel' (contracts: "
        + "AdoptedHomeViewModel): register it first, or leave the file out"
    }
    let version = try Self.scenario(["AdoptedHomeViewModel_0.9.0.json": Self.fostestingFile])
    #expect {
      try Self.importing(version)
    } throws: { error in
      "\(error)".hasSuffix("/AdoptedHomeViewModel_0.9.0.json: version 0.9.0 is not in the "
        + "catalog (versions: 1.0.0, 1.1.0)")
    }
    let invalid = try Self.scenario(["AdoptedHomeViewModel_1.0.0.json": #"{"vmId": {"ts": }}"#])
    #expect {
      try Self.importing(invalid)
    } throws: { error in
      (error as? InputError)?.file.hasSuffix("/AdoptedHomeViewModel_1.0.0.json") == true
        && (error as? InputError)?.byteOffset == 16
    }
    for scenario in [unknown, version, invalid] {
      #expect(!FileManager.default.fileExists(atPath: scenario.baselines.path))
      #expect(!FileManager.default.fileExists(atPath: scenario.directory.path("Baselines.md").path))
    }
  }

  @Test("a file that would replace a committed baseline is refused without a reason")
  func replacing() throws {
    let scenario = try Self.scenario()
    try scenario.record(Self.catalog(scenario))
    let recorded = try scenario.directory.read(".VersionedTestJSON/AdoptedHomeViewModel/1.0.0/en.json")
    let refused = try Self.importing(scenario)
    #expect(refused.refused)
    #expect(refused.refusedItems.map(\.name) == ["AdoptedHomeViewModel_1.0.0.json"])
    #expect(try scenario.directory.read(".VersionedTestJSON/AdoptedHomeViewModel/1.0.0/en.json")
      == recorded)
    let text = ImportReport.text(refused, baselines: ".VersionedTestJSON", source: Self.folder,
                                 command: "swift run app-contracts")
    #expect(text.hasSuffix("run: swift run app-contracts import fostesting "
      + "Tests/AppTests/.VersionedTestJSON --accept-breaking --reason \"…\"\n"))
    let accepted = try Self.importing(scenario, reason: "1.0.0 clients decode FOSTesting's shape")
    #expect(accepted.imported.map(\.replaces) == [true])
    #expect(try scenario.directory.read(".VersionedTestJSON/AdoptedHomeViewModel/1.0.0/en.json")
      == Self.imported)
    #expect(try scenario.directory.read("Baselines.md").contains(
      "| 2026-01-01 | AdoptedHomeViewModel | 1.0.0 | imported | FOSTesting's "
        + "AdoptedHomeViewModel_1.0.0.json as en.json, replacing the committed baseline: 1.0.0 "
        + "clients decode FOSTesting's shape |"))
  }

  @Test("the command line: exit 0, 1 and 2, and what it prints")
  func commandLine() throws {
    let scenario = try Self.scenario()
    let source = scenario.directory.path(Self.folder).path
    let catalog = { try Self.catalog(scenario) }
    let usage = runContracts(["import", "fostest", source], catalog: catalog)
    #expect(usage.code == 2)
    #expect(usage.stderr.hasPrefix("Error: Unknown source 'fostest': import takes baselines over "
      + "from fostesting\n"))
    // Importing writes baselines: on CI it refuses as record does, and writes nothing.
    var ciOut = "", ciErr = ""
    let onCI = ContractsCommandLine.run(
      arguments: ["import", "fostesting", source], catalog: catalog, program: "contracts",
      colored: false, environment: ["CI": "true"], terminal: { nil },
      stdout: { ciOut += $0 }, stderr: { ciErr += $0 })
    #expect(onCI == 2 && ciOut.isEmpty)
    #expect(ciErr == "Error: import was not done: with CI=true nothing is ever recorded, so CI "
      + "cannot bless its own changes. Record on a development machine and commit "
      + "(CONTRACTKIT_RECORD_FORCE=1 forces it).\n")
    #expect(!FileManager.default.fileExists(
      atPath: scenario.baselines.appendingPathComponent("AdoptedHomeViewModel").path))
    let imported = runContracts(["import", "fostesting", source], catalog: catalog)
    #expect(imported.code == 0, "\(imported.stderr)")
    #expect(imported.stdout == """
      Imported 1 FOSTesting file into \(scenario.baselines.path):
        \(source)/AdoptedHomeViewModel_1.0.0.json -> AdoptedHomeViewModel/1.0.0/en.json
      Logged in Baselines.md. check now compares today's encodings with them; record the other \
      locales and versions with: swift run contracts record --missing

      """)
    let recorded = try Self.scenario()
    try recorded.record(Self.catalog(recorded))
    let refused = runContracts(
      ["import", "fostesting", recorded.directory.path(Self.folder).path],
      catalog: { try Self.catalog(recorded) })
    #expect(refused.code == 1)
    #expect(refused.stdout.hasPrefix("Refused: 1 FOSTesting file would replace a different "
      + "committed baseline; nothing was written.\n"))
    let missing = runContracts(["import", "fostesting", source + "/nowhere"], catalog: catalog)
    #expect(missing.code == 2)
    #expect(missing.stderr == "Error: \(source)/nowhere: no such folder\n")
  }
}
