import Foundation
import SampleContracts
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// A translation is never lost in silence, on the FOSMVVM replica (FOSMVVM writes `""` for
/// what a locale lacks): a deleted locale file is one grouped error that `check`, the gate,
/// `swift test` and `record` all stop at; a new text whose key no locale has is
/// `translation-missing` in every locale and cannot be recorded; a hand-edited baseline text
/// is `text-changed`, never `translation-stale`.
@Suite("Lost translations on the FOSMVVM replica")
struct LostTranslationTests {
  typealias Copy = FOSMVVMReplicaTests.Copy

  /// Every lookup of the replica in one locale (`coverage` of the unchanged app).
  static let textsPerLocale = 136

  @Test("fr.yml deleted: one grouped error naming the missing file, in check and the gate")
  func deletedLocaleFile() async throws {
    let copy = try Copy()
    _ = try await copy.record()
    try copy.delete("fr")
    let report = try await copy.check()
    #expect(briefs(report) == ["error translation-lost fr"])
    #expect(report.findings.map(\.message) == [
      "\(Self.textsPerLocale) of \(Self.textsPerLocale) texts now show nothing; no translation "
        + "file has fr (\(copy.localizations.path)/fr.yml missing?)",
    ])
    #expect(ExitStatus.code(for: report) == 1)
    // The gate fails on it too.
    let catalog = try copy.catalog
    let gate = try await offPool { try ReleaseGate(catalog: catalog).run() }
    #expect(!gate.summary.gatePasses)
    #expect(briefs(gate, excluding: [.versionBumpRequired]) == ["error translation-lost fr"])
  }

  @Test("fr.yml deleted: swift test fails with the one grouped error, each case passes")
  func deletedLocaleFileInTests() async throws {
    let copy = try Copy()
    _ = try await copy.record()
    try copy.delete("fr")
    let catalog = try copy.catalog
    // The command `record` named in Baselines.md: `contracts`.
    let verifier = ContractVerifier({ catalog }, command: "swift run contracts", environment: [:])
    let problems = await verifier.catalogProblems()
    #expect(problems.map(\.severity) == [.error], "\(problems)")
    #expect(problems.first?.message.hasPrefix(
      "translation-lost in fr: \(Self.textsPerLocale) of \(Self.textsPerLocale) texts now show "
        + "nothing; no translation file has fr") == true)
    for contractCase in verifier.cases {
      #expect(await verifier.problems(for: contractCase) == [], "\(contractCase)")
    }
  }

  @Test("fr.yml deleted: record refuses, and with a reason writes and logs each loss")
  func deletedLocaleFileRecord() async throws {
    let copy = try Copy()
    _ = try await copy.record()
    try copy.delete("fr")
    let refused = try await copy.record()
    #expect(refused.refused)
    #expect(refused.written == [])
    #expect(Set(refused.breaking.map(\.kind)) == [.translationLost, .translationMissing])
    #expect(Set(refused.breaking.compactMap(\.locale)) == ["fr"])
    // With a reason: written, and logged like a break, per contract and version.
    let accepted = try await copy.record(reason: "French is retired from the app")
    #expect(!accepted.refused)
    let log = try copy.directory.read("Baselines.md")
    #expect(log.contains("| 2026-12-03 | JobListViewModel | 1.0.0 | translation-lost | "
      + "French is retired from the app |"))
    // From then on French shows nothing, which is no longer a loss but still missing.
    let after = try await copy.check()
    #expect(!after.findings.contains { $0.kind == .translationLost })
    #expect(after.findings.contains { $0.kind == .translationMissing && $0.locale == "fr" })
  }

  @Test("a locale whose translations moved to another file: the file it read is named")
  func emptiedLocaleFile() async throws {
    let copy = try Copy()
    _ = try await copy.record()
    try copy.directory.write("fr:\n  Unrelated:\n    title: \"Rien\"\n",
                             to: "Localization/fr.yml")
    let report = try await copy.check()
    #expect(briefs(report, excluding: [.keyUnused]) == ["error translation-lost fr"])
    #expect(report.findings.first { $0.kind == .translationLost }?.message
      == "\(Self.textsPerLocale) of \(Self.textsPerLocale) texts now show nothing; read "
        + "\(copy.localizations.path)/fr.yml")
  }

  /// The replica's job list as a FOSMVVM app with a new `@LocalizedString var subtitle` whose
  /// key no YAML has: FOSMVVM writes `""` for it in every locale.
  static func withNewText(_ copy: Copy) throws -> Catalog {
    var catalog = try Catalog(
      versions: [.v1_0, .v1_1, .v2_0, .v2_1], unreleased: .v2_1,
      locales: ["en", "es", "de", "fr", "ja", "pt-BR"], localizations: copy.localizations,
      baselines: copy.baselines)
    let translations = AppTranslations(store: catalog.store, baseLocale: catalog.baseLocale)
    try catalog.register(
      wire: "JobListViewModel", variants: ["empty"], decoding: JobListViewModel.self,
      hints: [.enumeration("/rows/*/state", JobListViewModel.JobState.self)]
    ) { request in
      let bytes = try AppWire.localizingEncoder(locale: request.locale, translations: translations)
        .encode(JobListViewModel.stub(request.variant))
      guard var object = try JSONSerialization.jsonObject(with: bytes) as? [String: Any] else {
        throw CocoaError(.coderInvalidValue)
      }
      object["subtitle"] = ""
      return try JSONSerialization.data(withJSONObject: object)
    }
    return catalog
  }

  @Test("a new text whose key no locale has: translation-missing in every locale, not recorded")
  func newTextWithoutKey() async throws {
    let copy = try Copy()
    for contract in FOSMVVMReplicaTests.contracts where contract != "JobListViewModel" {
      try FileManager.default.removeItem(at: copy.baselines.appendingPathComponent(contract))
    }
    let catalog = try Self.withNewText(copy)
    let report = try await offPool { try Check(catalog: catalog).run() }
    let missing = report.findings.filter { $0.kind == .translationMissing }
    // Every locale, variant and version: 6 × 2 × 4.
    #expect(missing.count == 48)
    #expect(Set(missing.compactMap(\.locale)) == ["en", "es", "de", "fr", "ja", "pt-BR"])
    #expect(missing.allSatisfy { $0.path == "/subtitle" && $0.severity == .error })
    #expect(missing.first { $0.locale == "de" }?.message
      == "key 'JobListViewModel.subtitle' has no translation in any locale, so the text is "
        + "empty; add it to \(copy.localizations.path)/de.yml")
    // record refuses to commit the empty text.
    let refused = try await offPool { try Record(catalog: catalog, date: "2026-12-03").run() }
    #expect(refused.refused)
    #expect(refused.written == [])
    #expect(Set(refused.breaking.map(\.kind)) == [.translationMissing])
  }

  @Test("a hand-edited French baseline text is text-changed, never translation-stale")
  func handEditedBaseline() async throws {
    let copy = try Copy()
    let file = ".VersionedTestJSON/JobListViewModel/1.0.0/fr.json"
    let text = try copy.directory.read(file)
    try copy.directory.write(text.replacingOccurrences(of: "\"Tâches\"", with: "\"TÂCHES\""),
                             to: file)
    let report = try await copy.check()
    #expect(briefs(report, excluding: [.baselinesStale])
      == ["info text-changed JobListViewModel 1.0.0 fr default /pageTitle"])
  }
}
