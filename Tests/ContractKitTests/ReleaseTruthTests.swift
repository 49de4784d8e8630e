import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// Release day tells the whole truth (issue 32): a break since the release that no log row
/// accepts is `break-unlogged`; removing a contract, version or locale is a break that only
/// a reason lets `record` do, all or nothing across a kill; the unreleased version's
/// baselines follow its new name; typos say what exists.
@Suite("Release truth: unlogged breaks, removals, the unreleased version's name")
struct ReleaseTruthTests {
  typealias Card = CardFixtures.Card
  typealias CardRenamed = CardFixtures.CardRenamed

  /// `legacyTitle` renamed to `headline` (recorded with a reason) and `note` renamed to
  /// `remark` (in the code and, by hand, in the baselines).
  struct CardEdited: Codable, Sendable {
    var title: LocalizableString = .localized(key: "Card.title")
    var count = 3
    var remark: String? = "kept"
    var headline = "Weekly"
    var vmId = ViewModelId(id: "card-1")
  }

  static func catalog<T: Encodable & Sendable>(
    _ fixture: GitFixture, _ type: T.Type, locales: [String] = ["en", "es"],
    counter: Bool = true, stub: @escaping @Sendable () -> T
  ) throws -> Catalog {
    try fixture.scenario.catalog(locales: locales, yaml: Scenario.yaml) {
      try $0.register(type, named: "Card", stub: stub)
      if counter {
        try $0.register(CardFixtures.CounterBefore.self, named: "Counter", stub: { .init() })
      }
    }
  }

  /// A repository whose tag `v1` holds the card and the counter in en and es.
  static func released() throws -> GitFixture {
    let fixture = try GitFixture()
    _ = try Record(catalog: try catalog(fixture, Card.self, stub: { .init() }),
                   date: "2026-01-01").run()
    try fixture.commitAll("Release 1")
    try fixture.git("tag", "v1")
    return fixture
  }

  /// Renames the member `old` to `new` in the payloads of `contract` 1.0.0 and in its
  /// `contract.json`, as a hand edit would (the names sort alike: the JSON stays canonical).
  static func handEdit(_ fixture: GitFixture, _ contract: String, locales: [String],
                       _ old: String, _ new: String) throws
  {
    let folder = ".VersionedTestJSON/\(contract)/1.0.0/"
    for (file, from, to) in locales.map({ ("\($0).json", "\"\(old)\" : ", "\"\(new)\" : ") })
      + [("contract.json", "\"/\(old)\"", "\"/\(new)\"")]
    {
      let text = try fixture.scenario.directory.read(folder + file)
      #expect(text.contains(from) || file == "contract.json", "\(folder + file)")
      try fixture.scenario.directory.write(text.replacingOccurrences(of: from, with: to),
                                           to: folder + file)
    }
  }

  @Test("a break edited by hand is break-unlogged; the one recorded with a reason is accepted")
  func handEditedBreak() throws {
    let fixture = try Self.released()
    // One break recorded with its reason: `legacyTitle` renamed to `headline`.
    let renamed = try Self.catalog(fixture, CardRenamed.self, stub: { .init() })
    #expect(!(try Record(catalog: renamed, acceptBreakingReason: "headline is the new name",
                         date: "2026-02-03").run()).refused)
    // A second field-removed in the same contract and version, by hand: check is clean.
    let edited = try Self.catalog(fixture, CardEdited.self, stub: { .init() })
    try Self.handEdit(fixture, "Card", locales: ["en", "es"], "note", "remark")
    let clean = briefs(try Check(catalog: edited).run())
    #expect(clean == [], "\(clean)")

    let report = try ReleaseGate(catalog: edited, against: "v1").run()
    let since = try #require(report.since)
    #expect(since.accepted.map(\.places) == [[.path("/legacyTitle")]])
    #expect(since.unlogged.map(brief) == [
      "error field-removed Card 1.0.0 en default /note",
      "error field-removed Card 1.0.0 es default /note",
    ])
    #expect(report.findings.filter { $0.kind == .breakUnlogged }.map(brief) == [
      "error break-unlogged Card 1.0.0 en default /note",
      "error break-unlogged Card 1.0.0 es default /note",
    ])
    #expect(report.findings.first { $0.kind == .breakUnlogged }?.message == "field-removed since "
      + "v1, which no row of Baselines.md's log accepts: field '/note' is gone; clients that "
      + "require it fail to decode (looks like a rename to 'remark': old clients break either way)")
    #expect(!report.summary.gatePasses)

    let text = runContracts(["report", "--baselines", fixture.baselines.path, "--against", "v1"],
                            catalog: { edited })
    #expect(text.code == 1)
    #expect(text.stdout.contains("""
      Accepted since v1
        2026-02-03  Card 1.0.0  field-removed at /legacyTitle  headline is the new name

      Unlogged since v1 (breaks no row of Baselines.md's log accepts)
        field-removed  Card 1.0.0 /note in en, es (default)

      """), "\(text.stdout)")
    #expect(text.stdout.contains("""
        error  break-unlogged  Card 1.0.0 /note in en, es (default): field-removed since v1, \
      which no row of Baselines.md's log accepts
      """))
  }

  @Test("the JSON report's sinceRelease is read back by merge's reader, strictly")
  func sinceReleaseReadBack() throws {
    let fixture = try Self.released()
    let renamed = try Self.catalog(fixture, CardRenamed.self, stub: { .init() })
    _ = try Record(catalog: renamed, acceptBreakingReason: "renamed", date: "2026-02-03").run()
    let json = ReportFormat.json.render(try ReleaseGate(catalog: renamed, against: "v1").run())
    #expect(json.contains("\"sinceRelease\" : {"))
    let read = try ReportMerger.read(Array(json.utf8), file: "report.json")
    #expect(read.findings.map(brief) == ["error version-bump-required 1.0.0"])
    let forged = json.replacingOccurrences(of: "\"sinceRelease\" : {",
                                           with: "\"sinceRelease\" : {\"gate\" : \"pass\", ")
    #expect(throws: InputError.self) { try ReportMerger.read(Array(forged.utf8), file: "f.json") }
  }

  @Test("a row written before rows said where accepts its kinds anywhere in its version")
  func earlierRowsAcceptAnywhere() throws {
    let fixture = try Self.released()
    let edited = try Self.catalog(fixture, CardEdited.self, stub: { .init() })
    try Self.handEdit(fixture, "Card", locales: ["en", "es"], "note", "remark")
    try Self.handEdit(fixture, "Card", locales: ["en", "es"], "legacyTitle", "headline")
    // The log as an earlier ContractKit wrote it: five cells, no `where`.
    let document = try fixture.scenario.directory.read("Baselines.md")
    try fixture.scenario.directory.write(
      document + "| 2026-02-03 | Card | 1.0.0 | field-removed | renamed two fields |\n",
      to: "Baselines.md")
    let since = try #require(try ReleaseGate(catalog: edited, against: "v1").run().since)
    #expect(since.accepted.map(\.places) == [nil])
    #expect(since.unlogged.isEmpty)
  }

  @Test("a removed locale: plain record refuses; with a reason it deletes and logs; the gate knows")
  func removedLocale() throws {
    let fixture = try Self.released()
    let english = try Self.catalog(fixture, Card.self, locales: ["en"], stub: { .init() })
    #expect(try Check(catalog: english).run().findings.filter { $0.kind == .localeRemoved }
      .map(brief) == ["error locale-removed Card 1.0.0 es", "error locale-removed Counter 1.0.0 es"])
    let before = DirectorySnapshot(fixture.root)
    let plain = runContracts(["record", "--baselines", fixture.baselines.path], catalog: { english })
    #expect(plain.code == 1)
    #expect(plain.stdout.hasPrefix("""
      Refused: 2 changes would break committed baselines of released versions or make them \
      unstable; nothing was written.
        error  locale-removed  Card 1.0.0 in es: this locale is no longer produced for Card \
      1.0.0; its clients lose this screen's translations
      """), "\(plain.stdout)")
    #expect(plain.stdout.contains("With a reason, record deletes the baselines of what the "
      + "catalog no longer has and logs why in Baselines.md."))
    #expect(DirectorySnapshot(fixture.root) == before, "nothing written, nothing deleted")

    let accepted = runContracts(
      ["record", "--baselines", fixture.baselines.path, "--accept-breaking", "--reason",
       "Spanish is no longer offered"], catalog: { english })
    #expect(accepted.code == 0, "\(accepted.stdout)")
    #expect(accepted.stdout.contains("""
      Removed 2 orphaned baselines:
        removed Card/1.0.0/es.json
        removed Counter/1.0.0/es.json
      Accepted 2 breaking changes, logged in Baselines.md.
      """), "\(accepted.stdout)")
    for path in ["Card/1.0.0/es.json", "Counter/1.0.0/es.json"] {
      #expect(!FileManager.default.fileExists(atPath: fixture.baselines.appendingPathComponent(path).path))
    }
    #expect(FileManager.default.fileExists(
      atPath: fixture.baselines.appendingPathComponent("Card/1.0.0/en.json").path))
    let rows = try BaselinesDocument.logRows(of: fixture.scenario.directory.read("Baselines.md"))
    #expect(rows.map { $0.replacingOccurrences(of: Record.today(), with: "today") } == [
      "| today | Card | 1.0.0 | locale-removed | Spanish is no longer offered | locale `es` |",
      "| today | Counter | 1.0.0 | locale-removed | Spanish is no longer offered | locale `es` |",
    ])
    #expect(briefs(try Check(catalog: english).run()) == [])

    let since = try #require(try ReleaseGate(catalog: english, against: "v1").run().since)
    #expect(since.accepted.map(\.kinds) == [["locale-removed"], ["locale-removed"]])
    #expect(since.accepted.map(\.places) == [[.locale("es")], [.locale("es")]])
    #expect(since.unlogged.isEmpty)
    #expect(since.requiredBump == .major)
  }

  @Test("a contract whose folder was deleted by hand is an unlogged contract-removed")
  func handDeletedContract() throws {
    let fixture = try Self.released()
    let cardOnly = try Self.catalog(fixture, Card.self, counter: false, stub: { .init() })
    try FileManager.default.removeItem(at: fixture.baselines.appendingPathComponent("Counter"))
    _ = try Record(catalog: cardOnly, date: "2026-02-03").run()
    #expect(briefs(try Check(catalog: cardOnly).run()) == [])
    let report = try ReleaseGate(catalog: cardOnly, against: "v1").run()
    #expect(report.since?.unlogged.map(brief) == ["error contract-removed Counter"])
    #expect(report.findings.filter { $0.kind == .breakUnlogged }.map(brief)
      == ["error break-unlogged Counter"])
  }

  @Test("record removes a retired version only with a reason, and review's orphan the same way")
  func retiredVersion() throws {
    let scenario = try Scenario()
    let both = try scenario.catalog(versions: [Scenario.v1, Scenario.v2], yaml: Scenario.yaml) {
      try $0.register(Card.self, named: "Card", stub: { .init() })
    }
    try scenario.record(both)
    let newest = try scenario.catalog(versions: [Scenario.v2], yaml: Scenario.yaml) {
      try $0.register(Card.self, named: "Card", stub: { .init() })
    }
    let refused = try Record(catalog: newest).run()
    #expect(refused.refused && refused.breaking.map(brief) == ["warning version-removed Card 1.0.0"])
    let removed = try Record(catalog: newest, acceptBreakingReason: "1.0 clients are gone",
                             date: "2026-03-01").run()
    #expect(!removed.refused)
    #expect(removed.removed.sorted() == ["Card/1.0.0/contract.json", "Card/1.0.0/en.json",
                                         "Card/1.0.0/es.json"])
    #expect(!FileManager.default.fileExists(atPath: scenario.baselines.appendingPathComponent("Card/1.0.0").path))
    #expect(try BaselinesDocument.logRows(of: scenario.directory.read("Baselines.md"))
      == ["| 2026-03-01 | Card | 1.0.0 | version-removed | 1.0 clients are gone | - |"])
  }

  // MARK: - All or nothing across a kill

  /// A process id that no process has.
  static let deadProcess: Int32 = 2_147_483_000

  /// A tree whose `Card/1.0.0/es.json` an interrupted record (removing Spanish) moved aside,
  /// noting `digest`, and the catalog without Spanish.
  static func interrupted(digest: String?) throws -> (Scenario, Catalog, aside: URL) {
    let scenario = try Scenario()
    try scenario.record(scenario.catalog(yaml: Scenario.yaml) {
      try $0.register(Card.self, named: "Card", stub: { .init() })
    })
    let catalog = try scenario.catalog(locales: ["en"], yaml: Scenario.yaml) {
      try $0.register(Card.self, named: "Card", stub: { .init() })
    }
    let aside = scenario.baselines.appendingPathComponent(".contractkit-removal.\(deadProcess).7")
    try FileManager.default.createDirectory(
      at: aside.appendingPathComponent("Card/1.0.0"), withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      at: scenario.baselines.appendingPathComponent("Card/1.0.0/es.json"),
      to: aside.appendingPathComponent("Card/1.0.0/es.json"))
    if let digest {
      try Data(digest.utf8).write(to: aside.appendingPathComponent(BaselineRemoval.digestName))
    }
    return (scenario, catalog, aside)
  }

  @Test("killed before Baselines.md logged the removal: check reports it, record puts it back")
  func interruptedBeforeTheLog() throws {
    let (scenario, catalog, aside) = try Self.interrupted(digest: "not the document's")
    let report = try Check(catalog: catalog).run()
    #expect(report.findings.contains { finding in
      finding.kind == .baselinesStale && finding.scope == .entry(aside.lastPathComponent)
        && finding.message.hasSuffix("holds baselines an interrupted record was removing; the "
          + "next record finishes the removal if Baselines.md logs it, and puts them back "
          + "otherwise")
    }, "\(report.findings.map(\.message))")
    // The next record puts the file back: the removal was not logged, so it never happened,
    // and a plain record refuses it as the interrupted one would have.
    let record = runContracts(["record", "--baselines", scenario.baselines.path],
                              catalog: { catalog })
    #expect(record.code == 1, "\(record.stdout)")
    #expect(record.stdout.hasPrefix("Restored 1 baseline that an interrupted record had moved "
      + "aside without logging their removal (\(aside.lastPathComponent)).\nRefused: "))
    #expect(FileManager.default.fileExists(
      atPath: scenario.baselines.appendingPathComponent("Card/1.0.0/es.json").path))
    #expect(!FileManager.default.fileExists(atPath: aside.path))
    #expect(briefs(try Check(catalog: catalog).run()).filter { $0.hasPrefix("error") }
      == ["error locale-removed Card 1.0.0 es"])
  }

  @Test("killed after Baselines.md logged the removal: the next record finishes it")
  func interruptedAfterTheLog() throws {
    let (tree, catalog, aside) = try Self.interrupted(digest: nil)
    let document = try tree.directory.read("Baselines.md")
    try Data(SHA256.hex(Array(document.utf8)).utf8)
      .write(to: aside.appendingPathComponent(BaselineRemoval.digestName))
    let outcome = try Record(catalog: catalog).run()
    #expect(outcome.recovered == ["Finished removing 1 baseline that an interrupted record had "
      + "removed and logged (\(aside.lastPathComponent))."])
    #expect(!FileManager.default.fileExists(atPath: aside.path))
    #expect(!FileManager.default.fileExists(
      atPath: tree.baselines.appendingPathComponent("Card/1.0.0/es.json").path))
  }

  // MARK: - The unreleased version over time

  struct Plain: Codable, Sendable {
    var title = "Weekly"
    var vmId = ViewModelId(id: "card-1")
  }

  struct PlainRenamed: Codable, Sendable {
    var heading = "Weekly"
    var vmId = ViewModelId(id: "card-1")
  }

  static func catalog<T: Encodable & Sendable>(
    _ scenario: Scenario, versions: [SystemVersion], unreleased: SystemVersion?, _ type: T.Type,
    stub: @escaping @Sendable () -> T
  ) throws -> Catalog {
    var catalog = try Catalog(versions: versions, unreleased: unreleased, baseLocale: "en",
                              locales: ["es"], store: .empty, baselines: scenario.baselines)
    try catalog.register(type, named: "Card", stub: stub)
    try catalog.register(CardFixtures.CounterBefore.self, named: "Counter", stub: { .init() })
    return catalog
  }

  @Test("renaming the unreleased version moves its baselines, and record says so")
  func unreleasedRenamed() throws {
    let scenario = try Scenario()
    try scenario.record(Self.catalog(scenario, versions: ["1.0.0", "1.1.0"], unreleased: "1.1.0",
                                     Plain.self, stub: { .init() }))
    let renamed = try Self.catalog(scenario, versions: ["1.0.0", "2.0.0"], unreleased: "2.0.0",
                                   Plain.self, stub: { .init() })
    let check = try Check(catalog: renamed).run()
    #expect(check.findings.contains { $0.kind == .versionRemoved })
    let result = runContracts(["record", "--baselines", scenario.baselines.path],
                              catalog: { renamed })
    #expect(result.code == 0, "\(result.stdout)")
    #expect(result.stdout.contains("""
      Moved the baselines of the unreleased version to its new name (2 folders):
        moved Card/1.1.0 to Card/2.0.0
        moved Counter/1.1.0 to Counter/2.0.0
      """), "\(result.stdout)")
    let files = BaselineFiles(root: scenario.baselines)
    for contract in ["Card", "Counter"] {
      #expect(!FileManager.default.fileExists(atPath: files.url("\(contract)/1.1.0").path))
      #expect(FileManager.default.fileExists(atPath: files.url("\(contract)/2.0.0/es.json").path))
    }
    #expect(try files.read("Card/2.0.0/contract.json").map {
      String(decoding: $0, as: UTF8.self).contains("\"version\" : \"2.0.0\"")
    } == true)
    #expect(briefs(try Check(catalog: renamed).run()) == [])
    #expect(try BaselinesDocument.logRows(of: scenario.directory.read("Baselines.md")) == [])
  }

  @Test("a refused record moves the unreleased version's folders back")
  func refusedRenameMovesBack() throws {
    let scenario = try Scenario()
    try scenario.record(Self.catalog(scenario, versions: ["1.0.0", "1.1.0"], unreleased: "1.1.0",
                                     Plain.self, stub: { .init() }))
    let before = DirectorySnapshot(scenario.directory.url)
    // The rename comes with a break of the released 1.0.0, which has no reason.
    let renamed = try Self.catalog(scenario, versions: ["1.0.0", "2.0.0"], unreleased: "2.0.0",
                                   PlainRenamed.self, stub: { .init() })
    let outcome = try Record(catalog: renamed).run()
    #expect(outcome.refused)
    #expect(outcome.moved.isEmpty)
    #expect(DirectorySnapshot(scenario.directory.url) == before)
  }

  // MARK: - Typos say what exists

  @Test("--only with a version the catalog does not have names its versions")
  func unknownVersionSelector() throws {
    let scenario = try Scenario()
    let catalog = try Self.catalog(scenario, versions: ["1.0.0", "1.1.0"], unreleased: "1.1.0",
                                   Plain.self, stub: { .init() })
    let result = runContracts(["record", "--baselines", scenario.baselines.path, "--only",
                               "Card/2.1.0"], catalog: { catalog })
    #expect(result.code == 2)
    #expect(result.stderr.hasPrefix("Error: '--only Card/2.1.0' selects no case of the catalog: "
      + "2.1.0 is not one of its versions (1.0.0, 1.1.0)\n"), "\(result.stderr)")
    let locale = runContracts(["record", "--baselines", scenario.baselines.path, "--only",
                               "Card/1.0.0/de"], catalog: { catalog })
    #expect(locale.stderr.hasPrefix("Error: '--only Card/1.0.0/de' selects no case of the "
      + "catalog: de is not one of its locales (en, es)\n"), "\(locale.stderr)")
  }

  @Test("a ref typo suggests the nearest tag; diff git:REF alone compares with the working tree")
  func refsAndDiff() throws {
    let fixture = try Self.released()
    try fixture.git("tag", "v1.0.0")
    let renamed = try Self.catalog(fixture, CardRenamed.self, stub: { .init() })
    _ = try Record(catalog: renamed, acceptBreakingReason: "renamed", date: "2026-02-03").run()
    let typo = try runBinary(["diff", "git:v1.00"], in: fixture.root)
    #expect(typo.code == 2)
    #expect(typo.stderr.hasSuffix("no such branch, tag or commit; did you mean v1.0.0?\n"),
            "\(typo.stderr)")
    let alone = try runBinary(["diff", "git:v1.0.0"], in: fixture.root)
    let both = try runBinary(["diff", "git:v1.0.0", ".VersionedTestJSON"], in: fixture.root)
    #expect(alone.code == 1 && both.code == 1, "\(alone.stderr)")
    #expect(alone.stdout == both.stdout)
    #expect(alone.stdout.contains("error  field-removed  Card 1.0.0 /legacyTitle in en, es"))
  }
}
