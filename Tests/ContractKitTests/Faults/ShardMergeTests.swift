import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// `check --shard I/N` on every shard, then `merge`, gives what one unsharded `check` gives:
/// the same verdict, findings and summary, for every kind `check` reports, catalog-wide
/// ones included (`key-unused`, a stale `Baselines.md`, store problems, tree entries).
@Suite("Faults: sharded check and merge equal the unsharded run")
struct FaultShardMergeTests {
  // MARK: - The catalog before and after a purpose-made change of every kind

  typealias Card = CardFixtures.Card
  typealias CardRenamed = CardFixtures.CardRenamed
  typealias CardRetyped = CardFixtures.CardRetyped

  typealias CounterBefore = CardFixtures.CounterBefore
  typealias CounterAfter = CardFixtures.CounterAfter

  struct Row: Codable, Sendable { var vmId: ViewModelId }
  struct Rows: Codable, Sendable { var rows: [Row] }
  struct SingletonRow: Codable, Sendable { var vmId = ViewModelId(type: SingletonRow.self) }
  struct Collide: Codable, Sendable { var rows = [SingletonRow(), SingletonRow()] }
  struct Stamp: Codable, Sendable { var at: Date }

  struct Texts: Codable, Sendable {
    var title: LocalizableString = .localized(key: "Card.title")
    var subtitle: LocalizableString = .localized(key: "Card.subtitle")
    var caption: LocalizableString = .localized(key: "Card.caption")
  }

  struct Greeting: Codable, Sendable {
    var greeting = LocalizableSubstitutions(
      template: .localized(key: "Card.greeting"), substitutions: ["user": .string("Ana")])
  }

  enum StatusBefore: ViewModelEnum { case placed, shipped, returned }
  enum StatusAfter: ViewModelEnum { case placed, shipped }
  struct OrderBefore: Codable, Sendable { var status = StatusBefore.shipped }
  struct OrderAfter: Codable, Sendable { var status = StatusAfter.shipped }
  struct Plain: Codable, Sendable { var title = "plain" }
  enum OfferBefore: ViewModelEnum { case open, closed }
  enum OfferAfter: ViewModelEnum { case open, closed, held }
  struct OfferCard<Status: ViewModelEnum>: Codable, Sendable { var status: Status }
  struct Headline: Codable, Sendable {
    var headline: LocalizableString = .localized(key: "Card.headline")
  }
  /// The same wire, but an optional now: only `contract.json` changes.
  struct MetaBefore: Codable, Sendable { var title = "x" }
  struct MetaAfter: Codable, Sendable { var title: String? = "x" }

  static let yaml = """
    en:
      Card:
        title: "Weekly summary"
        subtitle: "This week"
        greeting: "Hello, %{name}!"
        unused: "Never shown"
        headline: "Top story"
    es:
      Card:
        title: "Resumen semanal"
        greeting: "¡Hola, %{name}!"
        headline: "Noticia principal"
    de:
      Card:
        title: "Wochenübersicht"
        subtitle: "Diese Woche"
        greeting: "Hallo!"
        headline: "Topmeldung"
    """

  /// Spanish reworded (text-changed), German title gone (translation-lost), the English
  /// headline reworded alone (translation-stale); Spanish never had the subtitle
  /// (translation-fallback), and no locale has the caption (translation-missing).
  static let yamlAfter = yaml
    .replacingOccurrences(of: "Resumen semanal", with: "Resumen de la semana")
    .replacingOccurrences(of: "Top story", with: "Lead story")
    .replacingOccurrences(of: "    title: \"Wochenübersicht\"\n", with: "")

  static func before(_ scenario: Scenario) throws -> Catalog {
    try scenario.catalog(locales: ["en", "es", "de"], yaml: yaml) { catalog in
      try catalog.register(Card.self, named: "Card", stub: { .init() })
      try catalog.register(Card.self, named: "Renamed", stub: { .init() })
      try catalog.register(CounterBefore.self, named: "Counter", stub: { .init() })
      try catalog.register(Rows.self, named: "Rows", stub: { .init(rows: [Row(vmId: .init(id: 1))]) })
      try catalog.register(Collide.self, named: "Collide", stub: { .init() })
      try catalog.register(Stamp.self, named: "Stamp", stub: { .init(at: Date(timeIntervalSince1970: 0)) })
      try catalog.register(Texts.self, named: "Texts", stub: { .init() })
      try catalog.register(Greeting.self, named: "Greeting", stub: { .init() })
      try catalog.register(OrderBefore.self, named: "Order", stub: { .init() })
      try catalog.register(Plain.self, named: "Gone", stub: { .init() })
      try catalog.register(Plain.self, named: "Steady", stub: { .init() })
      try catalog.register(OfferCard<OfferBefore>.self, named: "Offer",
                           stub: { .init(status: .open) })
      try catalog.register(Headline.self, named: "Stale", stub: { .init() })
      try catalog.register(MetaBefore.self, named: "Meta", stub: { .init() })
      try catalog.register(wire: "Producer") { _ in Data(#"{"a": 1}"#.utf8) }
      try catalog.register(Row.self, named: "Banner", stub: { .init(vmId: .init()) },
                           randomIdentities: ["/vmId"])
    }
  }

  static func after(_ scenario: Scenario) throws -> Catalog {
    try scenario.catalog(locales: ["en", "es", "de"], yaml: yamlAfter) { catalog in
      try catalog.register(CardRetyped.self, named: "Card", stub: { .init() })
      try catalog.register(CardRenamed.self, named: "Renamed", stub: { .init() })
      try catalog.register(CounterAfter.self, named: "Counter", stub: { .init() })
      try catalog.register(Rows.self, named: "Rows", stub: { .init(rows: [Row(vmId: .init())]) })
      try catalog.register(Collide.self, named: "Collide", stub: { .init() })
      try catalog.register(Stamp.self, named: "Stamp", stub: { .init(at: Date()) })
      try catalog.register(Texts.self, named: "Texts", stub: { .init() })
      try catalog.register(Greeting.self, named: "Greeting", stub: { .init() })
      try catalog.register(OrderAfter.self, named: "Order", stub: { .init() })
      try catalog.register(Plain.self, named: "Fresh", stub: { .init() })
      try catalog.register(Plain.self, named: "Steady", stub: { .init() })
      try catalog.register(OfferCard<OfferAfter>.self, named: "Offer",
                           stub: { .init(status: .open) })
      try catalog.register(Headline.self, named: "Stale", stub: { .init() })
      try catalog.register(MetaAfter.self, named: "Meta", stub: { .init() })
      try catalog.register(wire: "Producer") { _ in throw ProducerBroke() }
      // Made stable: identity-stabilized, and the declaration is no longer needed.
      try catalog.register(Row.self, named: "Banner", stub: { .init(vmId: .init(id: "banner")) },
                           randomIdentities: ["/vmId"])
    }
  }

  /// Every kind `check` can report (`contract-added` and `version-bump-required` belong to
  /// `diff` and `report`, `client-decode-failed` to `compat`, `break-unlogged` to `report
  /// --against`).
  static let checkKinds = Set(FindingKind.allCases)
    .subtracting([.contractAdded, .versionBumpRequired, .clientDecodeFailed, .breakUnlogged])

  // MARK: - Comparing

  /// Runs every shard of `count` through JSON and merges them at `failOn`.
  private func merged(_ run: (RunOptions) throws -> Report, count: Int, failOn: Severity) throws
    -> Report
  {
    let reports = try (1...count).map { index -> Report in
      let options = RunOptions(shard: try Shard(index: index, count: count), failOn: failOn)
      let json = ReportFormat.json.render(try run(options))
      return try ReportMerger.read(Array(json.utf8), file: "shard-\(index).json")
    }
    return try ReportMerger.merge(reports.reversed(), failOn: failOn)
  }

  private func expectEqual(_ merged: Report, _ whole: Report, _ label: String) {
    // A shard's report carries its findings' values, so the merged findings are the whole's,
    // values included, except in files whose stub is volatile: each run encodes it anew.
    let volatile = Set(whole.findings.filter { $0.kind == .volatileValue }.compactMap(\.scope.file))
    func comparable(_ findings: [Finding]) -> [Finding] {
      findings.map { finding in
        guard let file = finding.scope.file, volatile.contains(file) else { return finding }
        var copy = finding
        copy.baseline = nil
        copy.current = nil
        return copy
      }
    }
    let expected = comparable(whole.findings)
    let mergedFindings = comparable(merged.findings)
    #expect(mergedFindings == expected, """
      \(label): findings differ:
      only merged: \(mergedFindings.filter { !expected.contains($0) }.map(describe))
      only whole: \(expected.filter { !mergedFindings.contains($0) }.map(describe))
      """)
    #expect(merged.summary == whole.summary, "\(label): summary")
    #expect(merged.coverage == whole.coverage, "\(label): coverage")
    #expect(ExitStatus.code(for: merged) == ExitStatus.code(for: whole), "\(label): exit code")
    #expect(Set(merged.cases) == Set(whole.cases), "\(label): cases")
    #expect(JUnitPlan(merged).testCases.count == JUnitPlan(whole).testCases.count, "\(label): junit")
  }

  private func describe(_ finding: Finding) -> String {
    "\(brief(finding)) \(finding.scope) \(finding.message)"
  }

  @Test("every finding kind check reports: N shards merged equal one run, at every --fail-on")
  func everyKind() throws {
    let scenario = try Scenario()
    // The caption no locale has: record commits it only with a reason.
    _ = try Record(catalog: try Self.before(scenario), acceptBreakingReason: "caption pending",
                   date: "2026-01-01").run()
    let tree = BaselineFiles(root: scenario.baselines)
    // What the tree holds beyond the catalog: a retired version, a dropped locale, a file of
    // no variant, FOSTesting's legacy file, a killed record's temporary file.
    try FileManager.default.copyItem(at: tree.url("Counter/1.0.0"), to: tree.url("Counter/0.9.0"))
    try FileManager.default.copyItem(at: tree.url("Counter/1.0.0/en.json"),
                                     to: tree.url("Counter/1.0.0/it.json"))
    try FileManager.default.copyItem(at: tree.url("Steady/1.0.0/en.json"),
                                     to: tree.url("Steady/1.0.0/en.extra.json"))
    try Data("{}".utf8).write(to: tree.url("Card_1.0.0.json"))
    try Data().write(to: tree.url("Steady/1.0.0/.en.json.2147483000.1.tmp"))
    let catalog = try Self.after(scenario)

    for failOn in [Severity.error, .warning, .info] {
      let whole = try Check(catalog: catalog, options: RunOptions(failOn: failOn)).run()
      let kinds = Set(whole.findings.map(\.kind))
      #expect(kinds == Self.checkKinds, "missing: \(Self.checkKinds.subtracting(kinds))")
      let scopes = Set(whole.findings.filter { $0.kind == .baselinesStale }.map {
        switch $0.scope {
        case .catalog: "catalog"
        case .entry: "entry"
        case .version: "version"
        case .file: "file"
        default: "other"
        }
      })
      #expect(scopes == ["catalog", "entry", "version", "file"])
      for count in [1, 2, 3, 5] {
        let label = "\(count) shards, --fail-on \(failOn)"
        expectEqual(try merged({ try Check(catalog: catalog, options: $0).run() },
                               count: count, failOn: failOn), whole, label)
      }
    }
  }

  @Test("a clean, freshly recorded tree: merged shards find only what one run finds")
  func freshTree() throws {
    let scenario = try Scenario()
    let catalog = try scenario.catalog(locales: ["en", "es", "de"], yaml: Self.yaml) { catalog in
      try catalog.register(Card.self, named: "Card", stub: { .init() })
      try catalog.register(Plain.self, named: "Steady", stub: { .init() })
      try catalog.register(Greeting.self, named: "Greeting", stub: { .init() })
      try catalog.register(Counter2.self, named: "Counter", stub: { .init() })
    }
    try scenario.record(catalog)
    let whole = try Check(catalog: catalog).run()
    // Baselines.md is fresh; the unused key and the German placeholder are the findings.
    #expect(Set(whole.findings.map(\.kind)) == [.keyUnused, .placeholderMismatch,
                                                .placeholderUnresolved])
    for count in [2, 3, 4] {
      expectEqual(try merged({ try Check(catalog: catalog, options: $0).run() },
                             count: count, failOn: .warning), whole, "\(count) shards")
    }
  }

  struct Counter2: Codable, Sendable { var count = 1 }

  @Test("a locale that lost most of its texts: merged shards give the one grouped finding")
  func lostLocale() throws {
    let scenario = try Scenario()
    func catalog(_ yaml: String) throws -> Catalog {
      try scenario.catalog(locales: ["en", "es", "de"], yaml: yaml) { catalog in
        for name in ["Card", "Texts", "Headline"] {
          try catalog.register(Texts.self, named: name, stub: { .init() })
        }
        try catalog.register(Headline.self, named: "Stale", stub: { .init() })
      }
    }
    let yaml = Self.yaml
    _ = try Record(catalog: try catalog(yaml), acceptBreakingReason: "caption pending",
                   date: "2026-01-01").run()
    // German's file gone: every German text falls back to English.
    let english = String(yaml[..<(yaml.range(of: "\nde:")?.lowerBound ?? yaml.endIndex)])
    let lost = try catalog(english)
    let whole = try Check(catalog: lost).run()
    #expect(whole.findings.filter { $0.locale == "de" }.map(brief) == ["error translation-lost de"])
    for count in [2, 3] {
      expectEqual(try merged({ try Check(catalog: lost, options: $0).run() },
                             count: count, failOn: .error), whole, "\(count) shards")
    }
  }

  @Test("report: sharded gates merged state the same bump and version-bump-required")
  func releaseGate() throws {
    struct Screen: Codable, Sendable {
      @Versioned(until: Scenario.v2) var legacy: String? = "old"
      var title = "Today"
    }
    struct Growing: Codable, Sendable {
      @Versioned(since: Scenario.v2) var badge: Int? = 3
      var title = "Today"
    }
    let scenario = try Scenario()
    let catalog = try scenario.catalog(versions: [Scenario.v1, Scenario.v2], locales: ["en"]) {
      try $0.register(Screen.self, named: "Screen", stub: { .init() })
      try $0.register(Growing.self, named: "Growing", stub: { .init() })
      try $0.register(Plain.self, named: "Steady", stub: { .init() })
      try $0.register(Plain.self, named: "Other", stub: { .init() })
    }
    _ = try Record(catalog: catalog, acceptBreakingReason: "test", date: "2026-01-01").run()
    let whole = try ReleaseGate(catalog: catalog).run()
    #expect(whole.findings.map(\.kind).contains(.versionBumpRequired))
    #expect(whole.summary.requiredBump == .major)
    for count in [1, 2, 3, 4] {
      let merge = try merged({ try ReleaseGate(catalog: catalog, options: $0).run() },
                             count: count, failOn: .error)
      expectEqual(merge, whole, "\(count) shards")
    }
  }

  @Test("the command line: sharded --format json reports merge to the unsharded verdict")
  func commandLine() throws {
    let copy = try SampleCopy()
    try copy.edit("SettingsViewModel/1.0.0/de.json") { $0.set("/legacy", to: true) }
    try copy.directory.write(
      try copy.directory.read("Baselines.md").replacingOccurrences(of: "13 contracts", with: "12"),
      to: "Baselines.md")
    var paths: [String] = []
    for index in 1...3 {
      let path = copy.directory.path("shard-\(index).json").path
      let result = runContracts(["check", "--baselines", copy.baselines.path, "--shard",
                                 "\(index)/3", "--format", "json", "--output", path, "--strict"])
      #expect(result.code == 0 || result.code == 1, "\(result.stderr)")
      paths.append(path)
    }
    let merged = runContracts(["merge"] + paths + ["--format", "json", "--strict"])
    let whole = runContracts(["check", "--baselines", copy.baselines.path, "--format", "json",
                              "--strict"])
    #expect(merged.code == 1 && whole.code == 1)
    #expect(merged.stdout == whole.stdout)
    // A shard missing, a shard twice, a report of another run: refused.
    #expect(runContracts(["merge"] + paths.dropLast()).code == 2)
    #expect(runContracts(["merge"] + paths + [paths[0]]).code == 2)
  }
}

/// What the `Producer` contract's producer throws after the change: `encoding-failed`.
private struct ProducerBroke: Error, CustomStringConvertible {
  var description: String { "the factory lost its database" }
}
