import Testing

@testable import ContractKit
@testable import ContractKitRuntime

/// Shard reports, written by hand: a consistent set and every way one can be wrong.
enum ShardFixture {
  static let versions = [SystemVersion(1, 0, 0), SystemVersion(1, 1, 0)]
  static let locales = ["en", "es"]

  /// The report of shard `index`/`count` of run `run`, checking `contracts` (one variant
  /// each) with `findings`; its summary is what they give.
  static func report(
    _ index: Int, of count: Int, contracts: [String], findings: [Finding] = [],
    run: String = "0123456789abcdef", command: String = "check", failOn: Severity = .error,
    unresolved: [UnresolvedKey] = [], coverageRows: [String]? = nil,
    coverage: [LocaleCoverage]? = nil, release: ReleaseComparison? = nil
  ) -> Report {
    // What the shard compared: by default each version with its baselines, its findings
    // bearing on the bump.
    var comparison = release ?? ReleaseComparison(versions: versions, previous: nil, current: nil)
    if release == nil { comparison.note(findings) }
    let shard = ShardRecord(
      index: index, count: count, run: run, command: command, failOn: failOn,
      directory: ".VersionedTestJSON", versions: versions, locales: locales,
      contracts: contracts.map { ShardContract(name: $0, variants: ["default"]) },
      coverage: coverage ?? locales.map {
        LocaleCoverage(locale: $0, resolved: 2 * contracts.count, fellBack: 0, missing: 0)
      },
      unresolvedKeys: unresolved,
      document: DocumentState(path: "Baselines.md", exists: true, coverageRows: coverageRows),
      comparison: comparison)
    let bump = comparison.requiredBump
    return Report(
      command: command, findings: findings,
      summary: Summary(
        findings: findings, contracts: contracts.count, versions: versions.count,
        locales: locales.count, baselines: shard.caseCount ?? 0, failOn: failOn,
        requiredBump: bump),
      coverage: shard.coverage, baselineDirectory: ".VersionedTestJSON", failOn: failOn,
      comparison: comparison, cases: shard.cases, shard: shard)
  }

  /// `report` written as JSON and read back, as `contracts merge` sees it.
  static func roundTrip(_ report: Report, file: String = "shard.json") throws -> Report {
    try ReportMerger.read(Array(ReportFormat.json.render(report).utf8), file: file)
  }

  /// The coverage rows of `Baselines.md` that three shards of two contracts each give.
  static var freshRows: [String] {
    locales.map {
      BaselinesDocument.coverageRow(LocaleCoverage(locale: $0, resolved: 12, fellBack: 0, missing: 0))
    }
  }

  static func removal(_ contract: String) -> Finding {
    Finding(.fieldRemoved, contract: contract, version: "1.0.0", locale: "en",
            variant: "default", path: "/a", message: "field '/a' is gone")
  }

  /// Three shards of one run, two contracts each, one breaking change in the second.
  static func set(rows: [String]? = freshRows) throws -> [Report] {
    try [
      report(1, of: 3, contracts: ["A", "B"], coverageRows: rows),
      report(2, of: 3, contracts: ["C", "D"], findings: [removal("C")], coverageRows: rows),
      report(3, of: 3, contracts: ["E", "F"], coverageRows: rows),
    ].map { try roundTrip($0) }
  }
}

@Suite("Report merging")
struct ReportMergerTests {
  /// A finding as the JSON report carries it: without baseline and current values.
  private static func withoutValues(_ finding: Finding) -> Finding {
    var copy = finding
    copy.baseline = nil
    copy.current = nil
    return copy
  }

  @Test("reading our own unsharded JSON gives back the findings and the summary")
  func roundTrip() throws {
    let original = ReportFixture.report()
    let json = ReportFormat.json.render(original)
    #expect(!json.contains("\"shard\""))
    let read = try ReportMerger.read(Array(json.utf8), file: "report.json")
    #expect(read.findings == original.findings.map(Self.withoutValues))
    #expect(read.summary.contracts == original.summary.contracts)
    #expect(read.summary.baselines == original.summary.baselines)
    #expect(read.summary.errors == original.summary.errors)
    #expect(read.summary.gatePasses == original.summary.gatePasses)
    #expect(read.summary.requiredBump == original.summary.requiredBump)
    #expect(read.shard == nil)
    #expect(ReportFormat.json.render(read) == json)
  }

  @Test("a shard report's \"shard\" object reads back whole, store findings' files included")
  func shardRoundTrip() throws {
    let source = TranslationLocation(file: "Sources/App/es.yml", line: 12, column: 5)
    let mismatch = Finding(.placeholderMismatch, scope: .store(locale: "es", source: source),
                           message: "key 'A.b' has placeholders none but en has %{name}")
    let original = ShardFixture.report(
      2, of: 3, contracts: ["A"], findings: [mismatch], command: "report",
      unresolved: [UnresolvedKey(locale: "en", key: "A.old", source: source),
                   UnresolvedKey(locale: "es", key: "A.older", source: nil)],
      coverageRows: ["| en | 1 | 0 | 0 | 100.0% |"],
      release: ReleaseComparison(
        versions: ShardFixture.versions, previous: SystemVersion(1, 0, 0),
        current: SystemVersion(1, 1, 0), changes: ["A": [.fieldAdded, .valueChanged]]))
    let read = try ShardFixture.roundTrip(original)
    #expect(read.shard == original.shard)
    #expect(read.findings == original.findings)
    #expect(read.findings.first?.scope.source == source)
    #expect(read.command == "report" && read.failOn == .error)
    #expect(read.coverage == original.coverage)
    #expect(ReportFormat.json.render(read) == ReportFormat.json.render(original))
  }

  @Test("three shards merge into one verdict, recounted from their findings and cases")
  func mergeRecounts() throws {
    let merged = try ReportMerger.merge(try ShardFixture.set(), failOn: .error)
    #expect(merged.command == "merge")
    #expect(merged.findings == [ShardFixture.removal("C")])
    #expect(merged.summary.contracts == 6)
    #expect(merged.summary.baselines == 24)
    #expect(merged.summary.versions == 2 && merged.summary.locales == 2)
    #expect(merged.summary.errors == 1 && !merged.summary.gatePasses)
    #expect(merged.summary.requiredBump == .major)
    #expect(merged.coverage.map(\.resolved) == [12, 12])
    #expect(merged.cases.count == 24)
    #expect(ExitStatus.code(for: merged) == 1)
  }

  @Test("a key is key-unused only when no shard resolved it")
  func unusedKeysIntersect() throws {
    let unused = UnresolvedKey(locale: "en", key: "A.never", source: nil)
    let usedByTwo = UnresolvedKey(locale: "en", key: "C.title", source: nil)
    let reports = try [
      ShardFixture.report(1, of: 2, contracts: ["A"], unresolved: [unused, usedByTwo]),
      ShardFixture.report(2, of: 2, contracts: ["C"], unresolved: [unused]),
    ].map { try ShardFixture.roundTrip($0) }
    let merged = try ReportMerger.merge(reports, failOn: .warning)
    #expect(merged.findings.filter { $0.kind == .keyUnused }.map(\.message)
      == ["key 'A.never' is resolved by no contract"])
    #expect(ExitStatus.code(for: merged) == 1)
  }

  @Test("Baselines.md is stale when all but its coverage table differs, never by coverage alone")
  func documentAgainstSummedCoverage() throws {
    func staleness(_ rows: [String]?) throws -> [String] {
      try ReportMerger.merge(try ShardFixture.set(rows: rows), failOn: .error).findings
        .filter { $0.kind == .baselinesStale }.map(\.message)
    }
    #expect(try staleness(ShardFixture.freshRows) == [])
    #expect(try staleness(nil) == ["Baselines.md does not describe the baseline tree"])
    // The table is what the last record counted: a change to the YAML alone, which changes
    // today's coverage, makes no stale document (as in an unsharded check).
    let oneShardsRows = ShardFixture.locales.map {
      BaselinesDocument.coverageRow(LocaleCoverage(locale: $0, resolved: 4, fellBack: 0, missing: 0))
    }
    #expect(try staleness(oneShardsRows) == [])
  }

  @Test("report shards: the merged gate states the bump every shard's changes need together")
  func releaseAcrossShards() throws {
    let (v1, v2) = (SystemVersion(1, 0, 0), SystemVersion(1, 1, 0))
    let reports = try [
      ShardFixture.report(1, of: 2, contracts: ["A"], command: "report",
                          release: ReleaseComparison(versions: [v1, v2], previous: v1,
                                                     current: v2, changes: ["A": [.fieldAdded]])),
      ShardFixture.report(2, of: 2, contracts: ["B"], command: "report",
                          release: ReleaseComparison(versions: [v1, v2], previous: v1,
                                                     current: v2, changes: ["B": [.typeChanged]])),
    ].map { try ShardFixture.roundTrip($0) }
    let merged = try ReportMerger.merge(reports, failOn: .error)
    #expect(merged.summary.requiredBump == .major)
    #expect(merged.findings.filter { $0.kind == .versionBumpRequired }.map(\.message) == [
      "1.0.0 → 1.1.0 is a minor bump, but the changes require major (compared each of 1.0.0, "
        + "1.1.0 with its baselines; 1.1.0 with 1.0.0): B: type-changed",
    ])
  }

  /// A set of shard reports `merge` must refuse, and the error it gives.
  struct BadSet: CustomTestStringConvertible, Sendable {
    var name: String
    var reports: @Sendable () throws -> [Report]
    var error: String
    var testDescription: String { name }
  }

  static let badSets: [BadSet] = [
    BadSet(name: "a shard missing", reports: { Array(try ShardFixture.set().prefix(2)) },
           error: "r1, r2: shard 3/3 is missing: merge needs the report of every shard of the "
             + "run (3 in all), got 2"),
    BadSet(name: "a shard twice", reports: {
      let set = try ShardFixture.set()
      return [set[0], set[1], set[1], set[2]]
    }, error: "r3: is shard 2/3 again, as r2 is: each shard must be given once"),
    BadSet(name: "another run", reports: {
      var set = try ShardFixture.set()
      set[2] = try ShardFixture.roundTrip(ShardFixture.report(
        3, of: 3, contracts: ["E", "F"], run: "fedcba9876543210",
        coverageRows: ShardFixture.freshRows))
      return set
    }, error: "r3: is not a shard of the same run as r1: it is of run fedcba9876543210, not "
      + "0123456789abcdef (the catalog, the store, the tree or Baselines.md differ)"),
    BadSet(name: "another shard count", reports: {
      var set = try ShardFixture.set()
      set[2] = try ShardFixture.roundTrip(ShardFixture.report(3, of: 4, contracts: ["E"]))
      return set
    }, error: "r3: is not a shard of the same run as r1: it is one of 4 shards, not of 3"),
    BadSet(name: "another command", reports: {
      var set = try ShardFixture.set()
      set[2] = try ShardFixture.roundTrip(ShardFixture.report(
        3, of: 3, contracts: ["E", "F"], command: "report"))
      return set
    }, error: "r3: is not a shard of the same run as r1: it is a 'report' report, not 'check'"),
    BadSet(name: "a contract in two shards", reports: {
      var set = try ShardFixture.set()
      set[2] = try ShardFixture.roundTrip(ShardFixture.report(3, of: 3, contracts: ["E", "A"]))
      return set
    }, error: "r3: checked contract 'A', which r1 checked too: the reports are not the shards "
      + "of one run"),
    BadSet(name: "an unsharded report", reports: { [ReportFixture.report()] },
           error: "r1: has no \"shard\" object: it was not written by a --shard run; merge "
             + "reads the JSON reports of every shard of one run"),
    BadSet(name: "coverage that overflows", reports: {
      let huge = ShardFixture.locales.map {
        LocaleCoverage(locale: $0, resolved: Int.max, fellBack: 0, missing: 0)
      }
      return try [
        ShardFixture.report(1, of: 2, contracts: ["A"], coverage: huge),
        ShardFixture.report(2, of: 2, contracts: ["B"], coverage: huge),
      ].map { try ShardFixture.roundTrip($0) }
    }, error: "r1, r2: the shards' coverage of en add up to more than a count can hold"),
  ]

  @Test("merge refuses incomplete, duplicated and foreign shard sets", arguments: badSets)
  func refusedSets(_ bad: BadSet) throws {
    let reports = try bad.reports()
    let names = reports.indices.map { "r\($0 + 1)" }
    let error = #expect(throws: InputError.self) {
      try ReportMerger.merge(reports, names: names, failOn: .error)
    }
    #expect(error?.description == bad.error)
  }

  /// A summary claim changed in shard 2 of the fixture set, and the refusal it gives.
  static let falseClaims: [(pointer: String, value: JSONValue, error: String)] = [
    ("errors", 5, "errors 5, its findings and cases give 1"),
    ("errors", 0, "errors 0, its findings and cases give 1"),
    ("warnings", 3, "warnings 3, its findings and cases give 0"),
    ("infos", 9223372036854775807, "infos 9223372036854775807, its findings and cases give 0"),
    ("contracts", 9223372036854775807, "contracts 9223372036854775807, its findings and cases give 2"),
    ("baselines", 9223372036854775807, "baselines 9223372036854775807, its findings and cases give 8"),
    ("gate", "pass", "gate pass, its findings and cases give fail"),
    ("requiredBump", "none", "requiredBump none, its findings and cases give major"),
  ]

  @Test("a summary that disagrees with its findings is refused, whatever it claims",
        arguments: falseClaims.indices)
  func falseSummary(_ index: Int) throws {
    let (key, value, error) = Self.falseClaims[index]
    var set = try ShardFixture.set()
    let json = ReportFormat.json.render(set[1])
    guard case .object(var root) = try JSONParser.parse(Array(json.utf8), file: "r2"),
      case .object(var summary)? = root["summary"]
    else { Issue.record("no summary"); return }
    summary[key] = value
    root["summary"] = .object(summary)
    set[1] = try ReportMerger.read(CanonicalJSON.encode(.object(root)), file: "r2")
    let refusal = #expect(throws: InputError.self) {
      try ReportMerger.merge(set, names: ["r1", "r2", "r3"], failOn: .error)
    }
    #expect(refusal?.description == "r2: its summary disagrees with its findings: it claims "
      + "\(error); merge never trusts a report's counts")
  }

  @Test("a finding re-marked info in a shard is refused, not passed")
  func remarkedFinding() throws {
    var set = try ShardFixture.set()
    let json = ReportFormat.json.render(set[1]).replacingOccurrences(
      of: #""severity" : "error""#, with: #""severity" : "info""#)
    set[1] = try ReportMerger.read(Array(json.utf8), file: "r2")
    let refusal = #expect(throws: InputError.self) {
      try ReportMerger.merge(set, names: ["r1", "r2", "r3"], failOn: .error)
    }
    #expect(refusal?.description.hasPrefix("r2: its summary disagrees with its findings") == true)
  }

  @Test("--strict on merge fails the gate on warnings alone")
  func strictMerge() throws {
    let warning = Finding(.translationFallback, contract: "A", version: "1.0.0", locale: "es",
                          variant: "default", path: "/t", message: "fell back")
    let rows = ShardFixture.locales.map {
      BaselinesDocument.coverageRow(LocaleCoverage(locale: $0, resolved: 2, fellBack: 0, missing: 0))
    }
    let reports = try [
      ShardFixture.report(1, of: 1, contracts: ["A"], findings: [warning], coverageRows: rows),
    ].map { try ShardFixture.roundTrip($0) }
    #expect(try ReportMerger.merge(reports, failOn: .error).summary.gatePasses)
    let strict = try ReportMerger.merge(reports, failOn: .warning)
    #expect(!strict.summary.gatePasses && strict.summary.warnings == 1)
    #expect(ExitStatus.code(for: strict) == 1)
  }

  /// A malformed report and the error it must give.
  struct BadReport: CustomTestStringConvertible, Sendable {
    var name: String
    var json: String
    var error: String
    var testDescription: String { name }
  }

  static let summaryJSON = """
    "summary": {"contracts": 1, "baselines": 6, "errors": 0, "warnings": 0, "infos": 0,
      "gate": "pass", "requiredBump": "none"}
    """
  static let findingJSON = """
    "kind": "field-removed", "severity": "error", "contract": "A", "version": "1.0.0",
    "locale": "en", "variant": "default", "path": "/a", "message": "gone"
    """

  /// A report document with `findings` (object bodies) and `summary` (a member).
  static func document(_ findings: [String] = [], summary: String = summaryJSON) -> String {
    #"{"findings": [\#(findings.map { "{\($0)}" }.joined(separator: ", "))], \#(summary)}"#
  }

  /// The finding with `old` replaced by `new`.
  static func finding(_ old: String, _ new: String) -> String {
    findingJSON.replacing(old, with: new)
  }

  /// The summary with `old` replaced by `new`.
  static func summary(_ old: String, _ new: String) -> String {
    summaryJSON.replacing(old, with: new)
  }

  static let badReports = [
    BadReport(name: "root not an object", json: "[]",
              error: "r.json: expected an object at the document root"),
    BadReport(name: "missing summary", json: #"{"findings": []}"#,
              error: #"r.json: missing key "summary" at the document root"#),
    BadReport(name: "extra root key", json: document(summary: summaryJSON + #", "x~/": 1"#),
              error: "r.json: unexpected key at /x~0~1"),
    BadReport(name: "findings not an array", json: #"{"findings": {}, \#(summaryJSON)}"#,
              error: "r.json: expected an array at /findings"),
    BadReport(name: "mistyped kind",
              json: document([findingJSON, finding(#""field-removed""#, "3")]),
              error: "r.json: expected a string at /findings/1/kind"),
    BadReport(name: "unknown kind", json: document([finding("field-removed", "field-gone")]),
              error: #"r.json: unknown finding kind "field-gone" at /findings/0/kind"#
                + " (expected one of: "
                + FindingKind.allCases.map(\.rawValue).joined(separator: ", ") + ")"),
    BadReport(name: "unknown severity", json: document([finding(#""error""#, #""fatal""#)]),
              error: #"r.json: unknown severity "fatal" at /findings/0/severity"#
                + " (expected one of: info, warning, error)"),
    BadReport(name: "missing message", json: document([finding(#", "message": "gone""#, "")]),
              error: #"r.json: missing key "message" at /findings/0"#),
    BadReport(name: "extra finding key", json: document([findingJSON + #", "baseline": 1"#]),
              error: "r.json: unexpected key at /findings/0/baseline"),
    BadReport(name: "locale neither string nor null",
              json: document([finding(#""en""#, "true")]),
              error: "r.json: expected a string or null at /findings/0/locale"),
    BadReport(name: "message null", json: document([finding(#""gone""#, "null")]),
              error: "r.json: expected a string at /findings/0/message"),
    BadReport(name: "negative count",
              json: document(summary: summary(#""errors": 0"#, #""errors": -1"#)),
              error: "r.json: expected a non-negative integer at /summary/errors"),
    BadReport(name: "fractional count",
              json: document(summary: summary(#""infos": 0"#, #""infos": 0.5"#)),
              error: "r.json: expected a non-negative integer at /summary/infos"),
    BadReport(name: "count beyond Int.max",
              json: document(summary: summary(#""infos": 0"#, #""infos": 9223372036854775808"#)),
              error: "r.json: expected a non-negative integer at /summary/infos"),
    BadReport(name: "unknown gate", json: document(summary: summary(#""pass""#, #""ok""#)),
              error: #"r.json: unknown gate "ok" at /summary/gate (expected pass or fail)"#),
    BadReport(name: "unknown bump", json: document(summary: summary(#""none""#, #""huge""#)),
              error: #"r.json: unknown required bump "huge" at /summary/requiredBump"#
                + " (expected one of: none, patch, minor, major)"),
    BadReport(name: "shard not an object", json: document(summary: summaryJSON + #", "shard": 1"#),
              error: "r.json: expected an object at /shard"),
  ]

  @Test("malformed reports name the file and the JSON Pointer", arguments: badReports)
  func malformed(_ bad: BadReport) {
    let error = #expect(throws: InputError.self) {
      try ReportMerger.read(Array(bad.json.utf8), file: "r.json")
    }
    #expect(error?.description == bad.error)
  }

  @Test("invalid JSON is reported with the parser's position")
  func invalidJSON() {
    let error = #expect(throws: InputError.self) {
      try ReportMerger.read(Array(#"{"findings": [}"#.utf8), file: "r.json")
    }
    #expect(error?.file == "r.json")
    #expect(error?.byteOffset == 14)
  }

  @Test("a valid document parses")
  func validDocument() throws {
    let report = try ReportMerger.read(Array(Self.document([Self.findingJSON]).utf8), file: "r")
    #expect(report.findings == [
      Finding(.fieldRemoved, contract: "A", version: "1.0.0", locale: "en", variant: "default",
              path: "/a", message: "gone"),
    ])
    #expect(report.summary.gatePasses)
  }
}
