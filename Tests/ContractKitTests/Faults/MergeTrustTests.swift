import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// `merge` trusts nothing a shard report says about a finding that the finding's kind and
/// the shard's slice decide, and never writes its output into a tree a report names
/// (issue 22, items 5 and 6).
@Suite("Faults: merge trusts no finding")
struct FaultMergeTrustTests {
  /// Two shard reports of the sample catalog over a copy whose `SettingsViewModel` 1.0.0
  /// English baseline has a field today's encoding lacks (`field-removed`), and the one of
  /// them that carries it.
  struct Shards {
    let copy: SampleCopy
    let paths: [String]
    let breaking: Int

    init() throws {
      copy = try SampleCopy()
      try copy.edit("SettingsViewModel/1.0.0/en.json") { $0.set("/legacy", to: true) }
      var paths: [String] = []
      for index in 1...2 {
        let path = copy.directory.path("shard-\(index).json").path
        let result = runContracts(["check", "--baselines", copy.baselines.path, "--shard",
                                   "\(index)/2", "--format", "json", "--output", path])
        #expect(result.code == 0 || result.code == 1, "\(result.stderr)")
        paths.append(path)
      }
      self.paths = paths
      let owner = try #require(
        [1, 2].first { try! Shard(index: $0, count: 2).includes("SettingsViewModel") })
      breaking = owner - 1
    }

    /// Shard `index`'s report (0-based) as JSON.
    func json(_ index: Int) throws -> JSONValue {
      try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: paths[index]))),
                           file: paths[index])
    }

    /// Replaces shard `index`'s report.
    func write(_ value: JSONValue, to index: Int) throws {
      try Data(CanonicalJSON.encode(value)).write(to: URL(fileURLWithPath: paths[index]))
    }
  }

  static func findings(_ report: JSONValue) -> [JSONValue] {
    guard case .object(let root) = report, case .array(let findings)? = root["findings"] else {
      return []
    }
    return findings
  }

  @Test("field-removed relabelled info, summary made to agree: refused, exit 2, naming both")
  func relabelledSeverity() throws {
    let shards = try Shards()
    var report = try shards.json(shards.breaking)
    var findings = Self.findings(report)
    let index = try #require(findings.firstIndex {
      if case .object(let members) = $0 { members["kind"] == "field-removed" } else { false }
    })
    let errors = findings.filter {
      if case .object(let members) = $0 { members["severity"] == "error" } else { false }
    }.count
    #expect(errors == 1, "the copy's one break is the shard's one error")
    findings[index].set("/severity", to: "info")
    report.set("/findings", to: .array(findings))
    guard case .object(let root) = report, case .object(let summary)? = root["summary"],
      case .number(let infos)? = summary["infos"]
    else { Issue.record("no summary"); return }
    report.set("/summary/errors", to: 0)
    report.set("/summary/infos", to: .number(JSONNumber(Int(infos.canonical)! + 1)))
    report.set("/summary/gate", to: "pass")
    try shards.write(report, to: shards.breaking)
    let result = runContracts(["merge"] + shards.paths)
    #expect(result.code == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "Error: \(shards.paths[shards.breaking]): its finding field-removed "
      + "in SettingsViewModel 1.0.0 en default at /legacy says severity 'info', but "
      + "field-removed is always 'error': merge takes severity from the kind, never from a "
      + "report\n")
  }

  @Test("a finding about a contract the shard did not check: refused, exit 2, naming it")
  func foreignContract() throws {
    let shards = try Shards()
    let other = 1 - shards.breaking
    let stolen = try #require(Self.findings(try shards.json(shards.breaking)).first {
      if case .object(let members) = $0 { members["kind"] == "field-removed" } else { false }
    })
    // Moved from its own shard to the other, both summaries made to agree.
    for (index, change) in [(shards.breaking, -1), (other, 1)] {
      var report = try shards.json(index)
      var findings = Self.findings(report)
      if change > 0 { findings.append(stolen) } else { findings.removeAll { $0 == stolen } }
      report.set("/findings", to: .array(findings))
      // The values the shard keeps by finding index go with the finding.
      if change < 0 { report.set("/shard/values", to: .array([])) }
      report.set("/summary/errors", to: change > 0 ? 1 : 0)
      report.set("/summary/gate", to: change > 0 ? "fail" : "pass")
      try shards.write(report, to: index)
    }
    let result = runContracts(["merge"] + shards.paths)
    #expect(result.code == 2)
    #expect(result.stderr == "Error: \(shards.paths[other]): its finding field-removed in "
      + "SettingsViewModel 1.0.0 en default at /legacy is about contract 'SettingsViewModel', "
      + "which shard \(other + 1)/2 did not check (\(shards.paths[shards.breaking]) checked it)\n")
  }

  @Test("the same finding in two shards is refused, not counted twice")
  func sameFindingTwice() throws {
    let shards = try Shards()
    let other = 1 - shards.breaking
    let copied = try #require(Self.findings(try shards.json(shards.breaking)).first {
      if case .object(let members) = $0 { members["kind"] == "field-removed" } else { false }
    })
    var report = try shards.json(other)
    report.set("/findings", to: .array(Self.findings(report) + [copied]))
    report.set("/summary/errors", to: 1)
    report.set("/summary/gate", to: "fail")
    try shards.write(report, to: other)
    let result = runContracts(["merge"] + shards.paths)
    #expect(result.code == 2)
    let (first, second) = (min(other, shards.breaking), max(other, shards.breaking))
    #expect(result.stderr == "Error: \(shards.paths[second]): its finding field-removed in "
      + "SettingsViewModel 1.0.0 en default at /legacy is in \(shards.paths[first]) too: a "
      + "finding belongs to one shard, and merge never counts one twice\n")
  }

  @Test("a finding about no contract from a shard other than the first is refused")
  func globalFindingFromAnotherShard() throws {
    let second = try ShardFixture.report(2, of: 2, contracts: ["C"], findings: [
      Finding(.placeholderMismatch, scope: .store(locale: "es"), message: "placeholders differ"),
    ])
    let reports = try [ShardFixture.report(1, of: 2, contracts: ["A"]), second]
      .map { try ShardFixture.roundTrip($0) }
    let error = #expect(throws: InputError.self) {
      try ReportMerger.merge(reports, names: ["r1", "r2"], failOn: .error)
    }
    #expect(error?.description == "r2: its finding placeholder-mismatch in es is about no "
      + "contract: only shard 1/2 reports the store and the tree as a whole")
  }

  @Test("an untouched pair of shards still merges")
  func untouchedMerges() throws {
    let shards = try Shards()
    let result = runContracts(["merge"] + shards.paths)
    #expect(result.code == 1, "\(result.stderr)")
    #expect(result.stdout.contains("field-removed"))
  }

  @Test("merge --output into the tree a shard report names: refused, exit 2, naming the path")
  func outputIntoReportedTree() throws {
    let shards = try Shards()
    let target = shards.copy.baselines.path + "/SettingsViewModel/1.0.0/en.json"
    let before = DirectorySnapshot(shards.copy.baselines)
    let result = runContracts(["merge"] + shards.paths + ["--output", target])
    #expect(result.code == 2)
    #expect(result.stderr == "Error: cannot write to \(target): is inside the baseline tree "
      + "\(shards.copy.baselines.path); --output never replaces anything in a tree the "
      + "command reads or writes\n")
    #expect(DirectorySnapshot(shards.copy.baselines) == before)
  }
}
