import Foundation
import SampleContracts
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// The sample's FOSMVVM-style app, registered without a single text hint, in temporary
/// copies of its translations and baselines: every localization check a ContractKit
/// contract gets, from FOSMVVM's key rules.
@Suite("FOSMVVM replica: no hints needed")
struct FOSMVVMReplicaTests {
  static let contracts = [
    "AccountBannerViewModel", "CardDeclinedErrorViewModel", "FlashBannerViewModel",
    "InboxViewModel", "JobListViewModel", "MemberProfileViewModel", "OrderExportDTO",
  ]

  /// A copy of the replica's YAML and baselines.
  struct Copy {
    let directory: TemporaryDirectory
    var localizations: URL { directory.path("Localization") }
    var baselines: URL { directory.path(BaselineLayout.directoryName) }

    init() throws {
      directory = try TemporaryDirectory()
      let files = FileManager.default
      try files.copyItem(
        at: packageRoot.appendingPathComponent("Sources/SampleContracts/Localization/FOSMVVMApp"),
        to: localizations)
      try files.createDirectory(at: baselines, withIntermediateDirectories: true)
      for contract in FOSMVVMReplicaTests.contracts {
        try files.copyItem(
          at: packageRoot.appendingPathComponent(".VersionedTestJSON/\(contract)"),
          to: baselines.appendingPathComponent(contract))
      }
    }

    /// Replaces `old` with `new` in the YAML of `locale`.
    func edit(_ locale: String, _ old: String, _ new: String) throws {
      let file = "Localization/\(locale).yml"
      let text = try directory.read(file)
      #expect(text.contains(old), "\(file) has no \(old)")
      try directory.write(text.replacingOccurrences(of: old, with: new), to: file)
    }

    /// Deletes `locale`'s translation file.
    func delete(_ locale: String) throws {
      try FileManager.default.removeItem(at: localizations.appendingPathComponent("\(locale).yml"))
    }

    var catalog: Catalog {
      get throws { try SampleCatalog.fosmvvmApp(localizations: localizations, baselines: baselines) }
    }

    /// Checks the copy, off the cooperative pool (``offPool(_:)``).
    func check() async throws -> Report {
      let catalog = try self.catalog
      return try await offPool { try Check(catalog: catalog).run() }
    }

    /// Records the copy as it is, so that its `Baselines.md` describes its tree.
    func record(reason: String? = nil) async throws -> Record.Outcome {
      let catalog = try self.catalog
      return try await offPool {
        try Record(catalog: catalog, acceptBreakingReason: reason, date: "2026-12-03").run()
      }
    }
  }

  /// The findings of `kinds` as brief lines, for one version.
  static func briefs(_ report: Report, _ kinds: Set<FindingKind>, version: String = "1.0.0")
    -> [String]
  {
    report.findings.filter { kinds.contains($0.kind) && $0.version == version }.map(brief).sorted()
  }

  @Test("the unchanged app: no finding at all (no key-unused), and coverage counts its texts")
  func unchanged() async throws {
    let copy = try Copy()
    let report = try await copy.check()
    #expect(ContractKitTests.briefs(report, excluding: [.baselinesStale]) == [])
    let spanish = try #require(report.coverage.first { $0.locale == "es" })
    #expect(spanish.resolved == 136)
    #expect(spanish.missing == 0)
  }

  @Test("a Spanish key deleted: one translation-lost per locale and path, and nothing else")
  func deletedSpanishKey() async throws {
    let copy = try Copy()
    _ = try await copy.record()
    try copy.edit("es", "    pageTitle: \"Tareas\"\n", "")
    let report = try await copy.check()
    // The baselines show "Tareas": clients in Spanish lose their text. Not also
    // translation-missing, text-changed or a stale Baselines.md (only the YAML changed).
    #expect(Self.briefs(report, Set(FindingKind.allCases)) == [
      "error translation-lost JobListViewModel 1.0.0 es default /pageTitle",
      "error translation-lost JobListViewModel 1.0.0 es empty /pageTitle",
    ])
    #expect(!report.findings.contains { $0.kind == .baselinesStale })
    let lost = try #require(report.findings.first { $0.kind == .translationLost })
    #expect(lost.message == "the translation of key 'JobListViewModel.pageTitle' is lost: "
      + "clients here now see nothing (this locale has no text for it); it belongs in "
      + "\(copy.localizations.path)/es.yml")
    #expect(lost.baseline == .string("Tareas"))
    #expect(lost.current == .string(""))
    #expect(report.coverage.first { $0.locale == "es" }?.missing == 8)
    #expect(ExitStatus.code(for: report) == 1)
  }

  @Test("an English text reworded without its translations is translation-stale elsewhere")
  func staleTranslations() async throws {
    let copy = try Copy()
    try copy.edit("en", "heading: \"Today\"", "heading: \"Today's jobs\"")
    let report = try await copy.check()
    #expect(Self.briefs(report, [.translationStale]) == [
      "warning translation-stale JobListViewModel 1.0.0 de default /summary/heading",
      "warning translation-stale JobListViewModel 1.0.0 de empty /summary/heading",
      "warning translation-stale JobListViewModel 1.0.0 es default /summary/heading",
      "warning translation-stale JobListViewModel 1.0.0 es empty /summary/heading",
      "warning translation-stale JobListViewModel 1.0.0 fr default /summary/heading",
      "warning translation-stale JobListViewModel 1.0.0 fr empty /summary/heading",
      "warning translation-stale JobListViewModel 1.0.0 ja default /summary/heading",
      "warning translation-stale JobListViewModel 1.0.0 ja empty /summary/heading",
      "warning translation-stale JobListViewModel 1.0.0 pt-BR default /summary/heading",
      "warning translation-stale JobListViewModel 1.0.0 pt-BR empty /summary/heading",
    ])
  }

  @Test("an English key deleted is translation-lost in en alone, and no translation is stale")
  func deletedEnglishKey() async throws {
    let copy = try Copy()
    try copy.edit("en", "    retryTitle: \"Try another card\"\n", "")
    let report = try await copy.check()
    #expect(Self.briefs(report, [.translationLost, .translationMissing, .translationStale]) == [
      "error translation-lost CardDeclinedErrorViewModel 1.0.0 en default /retryTitle",
    ])
    #expect(report.findings.first { $0.kind == .translationLost }?.message
      == "the translation of key 'CardDeclinedErrorViewModel.retryTitle' is lost: clients here "
        + "now see nothing (this locale has no text for it); it belongs in "
        + "\(copy.localizations.path)/en.yml")
  }

  @Test("a key no locale ever had is translation-missing, naming a locale that has it")
  func neverTranslated() async throws {
    let copy = try Copy()
    // German never had the text (its baseline is already empty): missing, not lost.
    try copy.edit("de", "    retryTitle: \"Andere Karte verwenden\"\n", "")
    _ = try await copy.record(reason: "German retry text pending")
    let report = try await copy.check()
    #expect(Self.briefs(report, [.translationLost, .translationMissing]) == [
      "error translation-missing CardDeclinedErrorViewModel 1.0.0 de default /retryTitle",
    ])
    #expect(report.findings.first { $0.kind == .translationMissing }?.message
      == "key 'CardDeclinedErrorViewModel.retryTitle' has no translation here or in any "
        + "fallback locale (en has it at \(copy.localizations.path)/en.yml:24)")
  }

  @Test("an enum case's display text emptied in German is translation-lost (<Enum>.<case>)")
  func keyOfAnEnumCase() async throws {
    let copy = try Copy()
    // A display text of an enum case, deleted in German: FOSMVVM shows nothing.
    try copy.edit("de", "running: \"Läuft\"", "running: \"\"")
    let report = try await copy.check()
    #expect(Self.briefs(report, [.translationLost, .translationMissing]) == [
      "error translation-lost JobListViewModel 1.0.0 de default /rows/0/stateDisplay",
    ])
    #expect(report.findings.first { $0.kind == .translationLost }?.message
      == "the translation of key 'JobListViewModel.JobState.running' is lost: clients here "
        + "now see nothing (its text here is empty); it belongs in "
        + "\(copy.localizations.path)/de.yml")
  }

  @Test("a Spanish text that lost a placeholder is placeholder-mismatch naming key, file and line")
  func placeholderLost() async throws {
    let copy = try Copy()
    try copy.edit("es", "\"%{active} de %{total} tareas en curso\"", "\"%{active} tareas en curso\"")
    let report = try await copy.check()
    let mismatches = report.findings.filter { $0.kind == .placeholderMismatch }
    #expect(mismatches.map(brief) == ["error placeholder-mismatch es"])
    #expect(mismatches.map(\.message) == [
      "key 'JobListViewModel.Summary.activeSummary' (\(copy.localizations.path)/es.yml:20) has "
        + "placeholders %{active} but en has %{active}, %{total}",
    ])
  }

  @Test("the random-by-design banner is declared in contract.json; record and check accept it")
  func randomByDesign() throws {
    let copy = try Copy()
    let metadata = try copy.directory.read(".VersionedTestJSON/FlashBannerViewModel/1.0.0/contract.json")
    #expect(metadata.contains("\"kind\" : \"random-identity\""))
    #expect(try copy.directory.read(".VersionedTestJSON/FlashBannerViewModel/1.0.0/en.json")
      == "{\n  \"message\" : \"Saved\",\n  \"vmId\" : {\n    \"fsh\" : \"<redacted>\"\n  }\n}\n")
    let outcome = try Record(
      catalog: SampleCatalog.fosmvvmApp(localizations: copy.localizations, baselines: copy.baselines)
    ).run()
    #expect(!outcome.refused)
    #expect(outcome.written == ["Baselines.md"])
  }
}
