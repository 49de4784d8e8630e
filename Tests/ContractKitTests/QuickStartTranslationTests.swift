import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// A translation is never lost in silence, on the quick start as a newcomer runs it: its own
/// `app-contracts` and `swift test`, built in a copy (``QuickStartCopy``) after the change.
@Suite("Lost translations on the quick start (its own package, built)", .serialized)
struct QuickStartTranslationTests {
  static let localization = "Sources/AppViewModels/Localization"

  /// The finding lines of `app-contracts check`'s text report.
  static func findingLines(_ output: String) -> [String] {
    output.split(separator: "\n").map(String.init).filter {
      ["error  ", "warning  ", "info  "].contains(where: $0.hasPrefix)
    }
  }

  @Test("de.yml deleted: check, the gate and swift test fail on one grouped error; record refuses")
  func deletedLocaleFile() async throws {
    try await QuickStartCopy.use { copy in
      try copy.delete("\(Self.localization)/de.yml")
      try await copy.build()
      let check = try await copy.contracts("check")
      #expect(check.status == 1)
      let grouped = "error  translation-lost  in de: 14 of 14 texts now fall back to en; no "
        + "translation file has de (\(copy.root.path)/\(Self.localization)/de.yml missing?)"
      #expect(Self.findingLines(check.output) == [grouped])
      #expect(check.output.hasPrefix("app-contracts check: 1 error, 0 warnings, 0 infos"))
      let report = try await copy.contracts("report")
      #expect(report.status == 1)
      #expect(report.output.hasPrefix("GATE: FAIL\n"))
      #expect(report.output.contains("  " + grouped + "\n"))
      // record refuses, and writes nothing: 1.0.0's 7 German files (1.1.0 is unreleased, free).
      let baseline = try copy.read(".VersionedTestJSON/HomeViewModel/1.0.0/de.json")
      let refused = try await copy.contracts("record")
      #expect(refused.status == 1)
      #expect(refused.output.hasPrefix("Refused: 7 changes would break committed baselines"))
      #expect(try copy.read(".VersionedTestJSON/HomeViewModel/1.0.0/de.json") == baseline)
      // swift test: the catalog-wide test fails on the one error (XCTest and Swift Testing).
      try await copy.build(tests: true)
      let tests = try await copy.swift(["test", "--skip-build"])
      #expect(tests.status != 0)
      let failure = "translation-lost in de: 14 of 14 texts now fall back to en"
      #expect(tests.output.contains("✘ Test catalog() recorded an issue"))
      #expect(tests.output.contains("ContractXCTests.testContracts : failed - " + failure))
      #expect(tests.output.components(separatedBy: "↳ " + failure).count == 2)
      // With a reason, record writes and logs it like a break.
      let accepted = try await copy.contracts(
        "record", "--accept-breaking", "--reason", "German is no longer offered")
      #expect(accepted.status == 0)
      #expect(try copy.read("Baselines.md").contains(
        "| HomeViewModel | 1.0.0 | translation-lost | German is no longer offered |"))
    }
  }

  @Test("a new @LocalizedString whose key no YAML has: translation-missing in every locale")
  func newTextWithoutKey() async throws {
    try await QuickStartCopy.use { copy in
      try copy.edit(
        "Sources/AppViewModels/HomeViewModel.swift",
        "  @LocalizedString public var title                 // key \"HomeViewModel.title\"\n",
        "  @LocalizedString public var title                 // key \"HomeViewModel.title\"\n"
          + "  @LocalizedString public var subtitle\n")
      try await copy.build()
      let check = try await copy.contracts("check")
      #expect(check.status == 1)
      let missing = Self.findingLines(check.output).filter { $0.hasPrefix("error") }
      #expect(missing == ["de", "en", "es"].map { locale in
        "error  translation-missing  HomeViewModel 1.0.0, 1.1.0 /subtitle in \(locale) (default, "
          + "new-user): key 'HomeViewModel.subtitle' has no translation in any locale, so the "
          + "text is empty; add it to \(copy.root.path)/\(Self.localization)/\(locale).yml"
      })
      // Only released 1.0.0's 6 files need a reason; unreleased 1.1.0 is still free to change.
      let refused = try await copy.contracts("record")
      #expect(refused.status == 1)
      #expect(refused.output.hasPrefix("Refused: 6 changes would break committed baselines"))
    }
  }

  @Test("a Spanish key deleted: one translation-lost per path, no stale Baselines.md")
  func deletedKey() async throws {
    try await QuickStartCopy.use { copy in
      try copy.edit("\(Self.localization)/es.yml", "    title: \"Inicio\"\n", "")
      try await copy.build()
      let check = try await copy.contracts("check", "--format", "json")
      #expect(check.status == 1)
      let report = try ReportMerger.read(Array(check.output.utf8), file: "check.json")
      #expect(report.findings.map(brief) == [
        "error translation-lost HomeViewModel 1.0.0 es default /title",
        "error translation-lost HomeViewModel 1.0.0 es new-user /title",
        "error translation-lost HomeViewModel 1.1.0 es default /title",
        "error translation-lost HomeViewModel 1.1.0 es new-user /title",
      ])
      #expect(report.findings.first?.message == "the translation of key 'HomeViewModel.title' is "
        + "lost: clients here now see the en text; it belongs in "
        + "\(copy.root.path)/\(Self.localization)/es.yml")
    }
  }

  @Test("a hand-edited German baseline text is text-changed, never translation-stale")
  func handEditedBaseline() async throws {
    try await QuickStartCopy.use { copy in
      try await copy.build()
      try copy.edit(".VersionedTestJSON/HomeViewModel/1.0.0/de.json",
                    "\"title\" : \"Start\"", "\"title\" : \"START\"")
      let check = try await copy.contracts("check")
      #expect(check.status == 0)
      #expect(Self.findingLines(check.output) == [
        "info  text-changed  HomeViewModel 1.0.0 /title in de (default): text of '/title' changed",
      ])
    }
  }
}
