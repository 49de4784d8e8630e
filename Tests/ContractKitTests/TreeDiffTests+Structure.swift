import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

@Suite("tree diff: contracts, versions, locales")
struct TreeDiffStructureTests {
  @Test("a removed contract is one contract-removed with only the contract set")
  func contractRemoved() throws {
    let run = try runDiff(
      old: Dashboard.tree() + Dashboard.tree(contract: "Profile")
        + Dashboard.tree(contract: "Profile", version: "2.0.0")
        + Dashboard.tree(contract: "Profile", variant: "empty"),
      new: Dashboard.tree())
    #expect(run.lines == ["contract-removed error Profile - - - -"])
    #expect(run.code == 1)
    #expect(run.summary["requiredBump"] == "major")
    #expect(run.summary["contracts"] == 2)
  }

  @Test("an added contract is one contract-added info")
  func contractAdded() throws {
    let run = try runDiff(
      old: Dashboard.tree(),
      new: Dashboard.tree() + Dashboard.tree(contract: "Settings")
        + Dashboard.tree(contract: "Settings", version: "1.1.0"))
    #expect(run.lines == ["contract-added info Settings - - - -"])
    #expect(run.code == 0)
    #expect(run.summary["requiredBump"] == "minor")
  }

  @Test("a version folder gone from one contract is one version-removed warning")
  func versionRemoved() throws {
    let run = try runDiff(
      old: Dashboard.tree(version: "1.0.0") + Dashboard.tree(version: "1.1.0")
        + Dashboard.tree(version: "1.0.0", variant: "empty")
        + Dashboard.tree(contract: "Other", version: "1.0.0"),
      new: Dashboard.tree(version: "1.1.0") + Dashboard.tree(contract: "Other", version: "1.0.0"))
    #expect(run.lines == ["version-removed warning Dashboard 1.0.0 - - -"])
    #expect(run.code == 0)
  }

  @Test("a version folder left empty counts as removed")
  func versionEmptied() throws {
    let builder = try TreeBuilder()
    let old = try builder.write(
      Dashboard.tree(version: "1.0.0") + Dashboard.tree(version: "1.1.0"), as: "old")
    let new = try builder.write(Dashboard.tree(version: "1.1.0"), as: "new")
    try FileManager.default.createDirectory(
      at: new.appendingPathComponent("Dashboard/1.0.0"), withIntermediateDirectories: true)
    let run = try runDiff(old, new)
    #expect(run.lines == ["version-removed warning Dashboard 1.0.0 - - -"])
  }

  @Test("a locale's files all gone for a kept version is one locale-removed error")
  func localeRemoved() throws {
    let old = Dashboard.tree() + Dashboard.tree(variant: "empty")
      + Dashboard.tree(variant: "long-text")
    let new = old.filter { !$0.key.hasPrefix("Dashboard/1.0.0/es.") }
    #expect(new.count == 6)
    let run = try runDiff(old: old, new: new)
    #expect(run.lines == ["locale-removed error Dashboard 1.0.0 es - -"])
    #expect(run.code == 1)
  }

  @Test("a locale removed from two versions is one locale-removed per version")
  func localeRemovedTwice() throws {
    let old = Dashboard.tree(version: "1.0.0") + Dashboard.tree(version: "2.0.0")
    let new = old.filter { !$0.key.hasSuffix("/de.json") }
    let run = try runDiff(old: old, new: new)
    #expect(run.lines == [
      "locale-removed error Dashboard 1.0.0 de - -",
      "locale-removed error Dashboard 2.0.0 de - -",
    ])
  }

  @Test("a new locale, version or variant alone is no error")
  func additions() throws {
    let new = Dashboard.tree() + Dashboard.tree(version: "1.1.0")
      + Dashboard.tree(variant: "empty")
      + TreeBuilder.contract("Dashboard", ["fr": Dashboard.payload("en")])
    let run = try runDiff(old: Dashboard.tree(), new: new)
    #expect(run.code == 0)
    #expect(run.summary["errors"] == 0)
  }

  @Test("a version removed and a field removed elsewhere are reported side by side")
  func versionAndField() throws {
    let old = Dashboard.tree(version: "1.0.0") + Dashboard.tree(version: "2.0.0")
    let new = Dashboard.tree(version: "2.0.0") { locale, value in
      if locale == "en" { value.set("/count", to: nil) }
    }
    let run = try runDiff(old: old, new: new)
    #expect(run.lines == [
      "version-removed warning Dashboard 1.0.0 - - -",
      "field-removed error Dashboard 2.0.0 en default /count",
    ])
  }

  @Test("files that do not fit the layout are exit 2, naming each, in either tree")
  func strayFiles() throws {
    let strays: [String: TreeFile] = [
      "Dashboard/1.0.0/notes.txt": .text("hello"), "README.md": .text("# x"),
      "Dashboard/1.0.0/en_US.json": .text("{}"),
    ]
    for (old, new) in [(Dashboard.tree(), Dashboard.tree() + strays),
                       (Dashboard.tree() + strays, Dashboard.tree())]
    {
      let run = try runDiff(old: old, new: new)
      #expect(run.code == 2)
      #expect(run.stderr.contains("rename, move or delete these 3 entries:"))
      for path in ["Dashboard/1.0.0/en_US.json: 'en_US' is not a locale",
                   "Dashboard/1.0.0/notes.txt: 'notes.txt' is not a payload file",
                   "README.md: is a file directly in the baseline directory"]
      {
        #expect(run.stderr.contains("/" + path), "\(run.stderr)")
      }
    }
  }

  @Test("two empty trees are clean")
  func emptyTrees() throws {
    let run = try runDiff(old: [:], new: [:])
    #expect(run.code == 0)
    #expect(run.lines == [])
    #expect(run.summary["contracts"] == 0)
  }
}

@Suite("tree diff: enum cases from contract.json")
struct TreeDiffEnumTests {
  private func metadata(cases: [String], version: String = "1.0.0") -> TreeFile {
    .json([
      "contract": "Order", "version": .string(version), "baseLocale": "en",
      "locales": ["en", "es"], "variants": ["default"],
      "paths": [
        "/status": [["kind": "enum", "type": "OrderStatus", "cases": .array(cases.map(JSONValue.string))]],
        "/vmId": [["kind": "identity"]],
      ],
    ])
  }

  private var payloads: [String: TreeFile] {
    TreeBuilder.contract("Order", ["en": ["vmId": "o-1", "status": "open"],
                                   "es": ["vmId": "o-1", "status": "open"]])
  }

  @Test("a case gone from contract.json is one enum-case-removed error")
  func caseRemoved() throws {
    let run = try runDiff(
      old: payloads + ["Order/1.0.0/contract.json": metadata(cases: ["open", "shipped", "cancelled"])],
      new: payloads + ["Order/1.0.0/contract.json": metadata(cases: ["open", "shipped"])])
    #expect(run.lines == ["enum-case-removed error Order 1.0.0 - - /status"])
    #expect(run.messages("enum-case-removed").first?.contains("cancelled") == true)
    #expect(run.code == 1)
    #expect(run.summary["requiredBump"] == "major")
  }

  @Test("two cases gone are two findings")
  func twoRemoved() throws {
    let run = try runDiff(
      old: payloads + ["Order/1.0.0/contract.json": metadata(cases: ["open", "shipped", "cancelled"])],
      new: payloads + ["Order/1.0.0/contract.json": metadata(cases: ["open"])])
    #expect(run.kinds == ["enum-case-removed", "enum-case-removed"])
  }

  @Test("a case added to a version the old tree has (a released one) is enum-case-added")
  func caseAdded() throws {
    let run = try runDiff(
      old: payloads + ["Order/1.0.0/contract.json": metadata(cases: ["open"])],
      new: payloads + ["Order/1.0.0/contract.json": metadata(cases: ["open", "held"])])
    #expect(run.lines == ["enum-case-added error Order 1.0.0 - - /status"])
    #expect(run.messages("enum-case-added").first?.contains("'held'") == true)
    #expect(run.code == 1)
  }

  @Test("without metadata in OLD nothing is said about enum cases")
  func noOldMetadata() throws {
    let run = try runDiff(
      old: payloads,
      new: payloads + ["Order/1.0.0/contract.json": metadata(cases: ["open"])])
    #expect(run.lines == [])
  }

  @Test("with metadata, a changed identity is identity-changed")
  func metadataIdentity() throws {
    let meta = ["Order/1.0.0/contract.json": metadata(cases: ["open"])]
    let run = try runDiff(
      old: payloads + meta,
      new: TreeBuilder.contract("Order", ["en": ["vmId": "o-2", "status": "open"],
                                          "es": ["vmId": "o-1", "status": "open"]]) + meta)
    #expect(run.lines == ["identity-changed error Order 1.0.0 en default /vmId"])
  }
}
