import Foundation
import SampleContracts
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// `check` on copies of the committed sample baselines, changed the way a tree drifts.
@Suite("Check: the sample tree and its drift")
struct CheckTreeTests {
  @Test("the committed sample tree checks clean, exit 0")
  func clean() throws {
    let copy = try SampleCopy()
    let report = try Check(catalog: copy.catalog).run()
    #expect(report.findings.map(brief) == [])
    #expect(report.summary.baselines == 624)
    #expect(ExitStatus.code(for: report) == 0)
  }

  @Test("a field the copied baseline has and the encoding lacks: field-removed, exit 1")
  func extraFieldInBaseline() throws {
    let copy = try SampleCopy()
    try copy.edit("DashboardViewModel/1.1.0/es.json") { $0.set("/cards/0/subtitle", to: "Resumen") }
    let result = runContracts(["check", "--baselines", copy.baselines.path])
    #expect(result.code == 1)
    #expect(result.stdout.contains("field-removed  DashboardViewModel 1.1.0 /cards/0/subtitle in es"))
    #expect(result.stdout.contains("baseline: \"Resumen\""))
    #expect(result.stdout.contains("current:  (absent)"))
  }

  @Test("key order and whitespace alone give no finding")
  func reformattedBaseline() throws {
    let copy = try SampleCopy()
    let path = "UserProfileViewModel/2.0.0/ja.json"
    let compact = try JSONSerialization.data(
      withJSONObject: JSONSerialization.jsonObject(with: Data(try copy.read(path).utf8)))
    try compact.write(to: copy.baselines.appendingPathComponent(path))
    #expect(try Check(catalog: copy.catalog).run().findings.isEmpty)
  }

  @Test("a deleted baseline is baseline-missing for exactly that file")
  func missingBaseline() throws {
    let copy = try SampleCopy()
    try copy.remove("SettingsViewModel/1.0.0/fr.json")
    let report = try Check(catalog: copy.catalog).run()
    #expect(briefs(report, excluding: [.baselinesStale]) == [
      "error baseline-missing SettingsViewModel 1.0.0 fr default",
    ])
  }

  @Test("baselines of an unregistered contract are one contract-removed")
  func removedContract() throws {
    let copy = try SampleCopy()
    try FileManager.default.copyItem(
      at: copy.baselines.appendingPathComponent("SignInViewModel"),
      to: copy.baselines.appendingPathComponent("LegacySignInViewModel"))
    let report = try Check(catalog: copy.catalog).run()
    #expect(briefs(report, excluding: [.baselinesStale]) == ["error contract-removed LegacySignInViewModel"])
  }

  @Test("retiring a version reports one version-removed per contract, kept on disk")
  func retiredVersion() throws {
    let copy = try SampleCopy()
    let full = copy.catalog
    let catalog = try Catalog(
      versions: [.v1_1, .v2_0, .v2_1], unreleased: .v2_1, locales: full.locales, store: full.store,
      baselines: copy.baselines
    ).registering(full)
    let report = try Check(catalog: catalog).run()
    let retired = report.findings.filter { $0.kind == .versionRemoved }
    #expect(retired.count == full.contracts.count)
    #expect(retired.allSatisfy { $0.version == "1.0.0" && $0.severity == .warning && $0.locale == nil })
    #expect(FileManager.default.fileExists(
      atPath: copy.baselines.appendingPathComponent("SignInViewModel/1.0.0/en.json").path))
  }

  @Test("dropping a locale reports one locale-removed per contract and version")
  func droppedLocale() throws {
    let copy = try SampleCopy()
    let full = copy.catalog
    let catalog = try Catalog(
      versions: full.versions, locales: full.locales.filter { $0 != "ja" }, store: full.store,
      baselines: copy.baselines
    ).registering(full)
    let removed = try Check(catalog: catalog).run().findings.filter { $0.kind == .localeRemoved }
    #expect(removed.count == full.contracts.count * full.versions.count)
    #expect(removed.allSatisfy { $0.locale == "ja" && $0.variant == nil && $0.severity == .error })
  }

  @Test("an edited Baselines.md is baselines-stale; record restores it")
  func staleDocument() throws {
    let copy = try SampleCopy()
    let committed = try copy.directory.read("Baselines.md")
    try copy.directory.write(
      committed.replacingOccurrences(of: "20 contracts", with: "17 contracts"), to: "Baselines.md")
    #expect(briefs(try Check(catalog: copy.catalog).run()) == ["warning baselines-stale"])
    #expect(runContracts(["check", "--baselines", copy.baselines.path, "--strict"]).code == 1)
    _ = try Record(catalog: copy.catalog).run()
    #expect(try copy.directory.read("Baselines.md")
      == String(contentsOf: packageRoot.appendingPathComponent("Baselines.md"), encoding: .utf8))
  }

  @Test("record lists a file of no registered variant and leaves it in place")
  func orphanFileListed() throws {
    let copy = try SampleCopy()
    let orphan = "SignInViewModel/1.0.0/en.extra.json"
    try copy.write(try copy.read("SignInViewModel/1.0.0/en.json"), to: orphan)
    let result = runContracts(["record", "--baselines", copy.baselines.path])
    #expect(result.code == 0)
    #expect(result.stdout.contains("\(orphan) belongs to no registered variant"))
    #expect(try copy.read(orphan) == copy.read("SignInViewModel/1.0.0/en.json"))
  }

  @Test("record refuses a file whose name breaks the layout, exit 2, and writes nothing")
  func badNameRefused() throws {
    let copy = try SampleCopy()
    try copy.write("{}", to: "SignInViewModel/1.0.0/pt_BR.json")
    let before = DirectorySnapshot(copy.directory.url)
    let result = runContracts(["record", "--baselines", copy.baselines.path])
    #expect(result.code == 2)
    #expect(result.stderr.contains("SignInViewModel/1.0.0/pt_BR.json: 'pt_BR' is not a locale"))
    #expect(DirectorySnapshot(copy.directory.url) == before)
  }

  @Test("a Baselines.md that is not UTF-8 is exit 2, and its break log is not rewritten away")
  func corruptDocument() throws {
    let copy = try SampleCopy()
    var bytes = Array(try copy.directory.read("Baselines.md").utf8)
    bytes[10] = 0xFF
    try Data(bytes).write(to: copy.directory.path("Baselines.md"))
    for command in ["check", "record"] {
      let result = runContracts([command, "--baselines", copy.baselines.path])
      #expect(result.code == 2)
      #expect(result.stderr.contains("Baselines.md: is not valid UTF-8"))
      #expect(result.stderr.contains("(byte offset 10)"))
    }
    #expect(try Data(contentsOf: copy.directory.path("Baselines.md")) == Data(bytes))
  }

  @Test("record on the committed tree changes no byte")
  func idempotentRecord() throws {
    let copy = try SampleCopy()
    let outcome = try Record(catalog: copy.catalog).run()
    #expect(outcome.written == [])
    #expect(!outcome.refused)
    let result = runContracts(["record", "--baselines", copy.baselines.path])
    #expect(result.code == 0)
    #expect(result.stdout.hasPrefix("Baselines in "))
  }

  @Test("record refuses a breaking change to a released version, exit 1, nothing written")
  func guardedRecord() throws {
    let copy = try SampleCopy()
    let path = "OrderStatusViewModel/1.1.0/de.json"
    try copy.edit(path) { $0.set("/carrier", to: "DHL") }
    let before = try copy.read(path)
    let refused = runContracts(["record", "--baselines", copy.baselines.path])
    #expect(refused.code == 1)
    #expect(refused.stdout.contains("Refused"))
    #expect(refused.stdout.contains("error  field-removed  OrderStatusViewModel 1.1.0 /carrier in de (default)"))
    #expect(try copy.read(path) == before)
    let accepted = runContracts([
      "record", "--baselines", copy.baselines.path, "--accept-breaking", "--reason", "carrier moved",
    ])
    #expect(accepted.code == 0)
    #expect(try !copy.read(path).contains("carrier"))
    let log = try copy.directory.read("Baselines.md")
    #expect(log.contains("| OrderStatusViewModel | 1.1.0 | field-removed | carrier moved |"))
  }
}

extension Catalog {
  /// A copy of this catalog with every contract of `other` registered.
  func registering(_ other: Catalog) throws -> Catalog {
    var copy = self
    for contract in other.contracts { try copy.add(contract) }
    return copy
  }
}
