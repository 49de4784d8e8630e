import Testing

@testable import ContractKit

@Suite("Report merging")
struct ReportMergerTests {
  /// A finding as the JSON report carries it: without baseline and current values.
  private static func withoutValues(_ finding: Finding) -> Finding {
    var copy = finding
    copy.baseline = nil
    copy.current = nil
    return copy
  }

  /// The fixture split by contract into shard reports, each counting its own contracts.
  private static func shards(strict: Bool) -> [Report] {
    let byContract = Dictionary(grouping: ReportFixture.findings) { $0.contract ?? "" }
    return byContract.keys.sorted().enumerated().map { index, contract in
      let findings = byContract[contract] ?? []
      return Report(
        command: "check", findings: findings,
        summary: Summary(
          findings: findings, contracts: 1, versions: 2, locales: 4, baselines: 6,
          failOn: strict ? .warning : .error, requiredBump: index == 0 ? .major : .patch),
        baselineDirectory: ".VersionedTestJSON", failOn: strict ? .warning : .error)
    }
  }

  @Test("reading our own JSON gives back the findings and the summary")
  func roundTrip() throws {
    let original = ReportFixture.report()
    let json = ReportFormat.json.render(original)
    let read = try ReportMerger.read(Array(json.utf8), file: "report.json")
    #expect(read.findings == original.findings.map(Self.withoutValues))
    #expect(read.summary.contracts == original.summary.contracts)
    #expect(read.summary.baselines == original.summary.baselines)
    #expect(read.summary.errors == original.summary.errors)
    #expect(read.summary.warnings == original.summary.warnings)
    #expect(read.summary.infos == original.summary.infos)
    #expect(read.summary.gatePasses == original.summary.gatePasses)
    #expect(read.summary.requiredBump == original.summary.requiredBump)
    #expect(read.baselineDirectory == ".VersionedTestJSON")
    #expect(ReportFormat.json.render(read) == json)
  }

  @Test("merged shards give the verdict of one report of all findings", arguments: [false, true])
  func mergeMatchesSingleRun(strict: Bool) throws {
    let shardFiles = Self.shards(strict: strict).map { ReportFormat.json.render($0) }
    #expect(shardFiles.count == 3)
    let read = try shardFiles.enumerated().map {
      try ReportMerger.read(Array($0.element.utf8), file: "shard-\($0.offset).json")
    }
    let merged = ReportMerger.merge(read, failOn: strict ? .warning : .error)
    let single = ReportFixture.report(
      findings: ReportFixture.findings.map(Self.withoutValues), strict: strict)
    #expect(merged.command == "merge")
    #expect(merged.findings == single.findings)
    #expect(merged.summary.contracts == 3)
    #expect(merged.summary.baselines == 18)
    #expect(merged.summary.requiredBump == .major)
    #expect(ExitStatus.code(for: merged) == ExitStatus.code(for: single))
    #expect(ReportFormat.json.render(merged) == ReportFormat.json.render(single))
    #expect(ReportFormat.text.render(merged).hasPrefix("GATE: FAIL\nRequired bump: major\n"))
  }

  @Test("--strict on merge fails the gate on warnings alone")
  func strictMerge() throws {
    let warnings = ReportFixture.findings.filter { $0.severity == .warning }
    let shard = ReportFixture.report(findings: warnings)
    #expect(shard.summary.gatePasses)
    #expect(ReportMerger.merge([shard], failOn: .error).summary.gatePasses)
    let strict = ReportMerger.merge([shard], failOn: .warning)
    #expect(strict.summary.gatePasses == false)
    #expect(strict.summary.warnings == 1)
    #expect(ExitStatus.code(for: strict) == 1)
  }

  @Test("exact duplicates are dropped; coverage adds up per locale")
  func duplicatesAndCoverage() {
    let report = ReportFixture.report()
    let merged = ReportMerger.merge([report, report], failOn: .error)
    #expect(merged.findings == report.findings)
    #expect(merged.summary.errors == 4)
    #expect(merged.coverage.map(\.locale) == ["en", "es", "de", "pt-BR"])
    #expect(merged.coverage.map(\.resolved) == [80, 78, 80, 76])
    #expect(merged.coverage.map(\.missing) == [0, 2, 0, 0])
  }

  @Test("merging nothing passes with empty counts")
  func mergeNothing() {
    let merged = ReportMerger.merge([], failOn: .warning)
    #expect(merged.findings.isEmpty)
    #expect(merged.summary.gatePasses)
    #expect(merged.summary.requiredBump == .none)
    #expect(ExitStatus.code(for: merged) == 0)
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
    BadReport(name: "unknown gate", json: document(summary: summary(#""pass""#, #""ok""#)),
              error: #"r.json: unknown gate "ok" at /summary/gate (expected pass or fail)"#),
    BadReport(name: "unknown bump", json: document(summary: summary(#""none""#, #""huge""#)),
              error: #"r.json: unknown required bump "huge" at /summary/requiredBump"#
                + " (expected one of: none, patch, minor, major)"),
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
