import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// `contracts compat`: released clients' own code decodes today's payloads. The suite shares
/// one repository and one probe cache (``CompatFixture``): the first run builds one probe
/// per release, every later run is served from the cache.
@Suite("compat: released clients decode today's payloads", .serialized)
struct CompatTests {
  /// The first run over v1 and v2, with how long it took.
  static let firstRun = Result { () throws -> (report: Report, seconds: Double) in
    let fixture = try CompatFixture.shared.get()
    let start = Date()
    let report = try fixture.compat(["v1", "v2"])
    return (report, Date().timeIntervalSince(start))
  }

  @Test("a value called harmless fails v1's own init(from:); v2 decodes a field it made optional being removed")
  func matrix() throws {
    let (report, seconds) = try Self.firstRun.get()
    print("compat: first run (two probe builds) took \(Int(seconds)) s")
    #expect(briefs(report) == [
      "error client-decode-failed Card 1.0.0 en default /status",
      "error client-decode-failed Card 1.0.0 es default /status",
    ])
    let commit = try CompatFixture.shared.get().git.git("rev-parse", "v1")
      .trimmingCharacters(in: .newlines)
    #expect(report.findings.first?.message
      == "v1 (commit \(commit.prefix(12))) cannot decode today's payload with its own type: "
        + "unknown status 'archived'")
    #expect(report.summary.gatePasses == false)
    #expect(ExitStatus.code(for: report) == 1)
    let matrix = try #require(report.compat)
    #expect(matrix.rows == [
      ["ref", "contract", "en", "es"],
      ["v1", "Card", "FAILS", "FAILS"],
      ["v1", "Badge", "absent", "absent"],
      ["v2", "Card", "ok", "ok"],
      ["v2", "Badge", "ok", "ok"],
    ])
    #expect(matrix.releases.map(\.version) == [Scenario.v1, Scenario.v2])
    #expect(matrix.releases.map(\.built) == [true, true])
  }

  @Test("the shape rules call today's Card harmless for 1.0.0 clients")
  func shapeRulesSayHarmless() throws {
    let fixture = try CompatFixture.shared.get()
    let diff = try TreeDiff(
      old: BaselineFiles(gitTree: GitTree.load(ref: "v1", sameTreeAs: fixture.git.baselines)),
      new: BaselineFiles(root: fixture.git.baselines), options: RunOptions()
    ).run()
    #expect(!diff.findings.contains { $0.kind.breaksClients })
  }

  @Test("the matrix in text, markdown, JSON and HTML")
  func formats() throws {
    let report = try Self.firstRun.get().report
    let text = ReportFormat.text.render(report, colored: false, command: "swift run contracts")
    #expect(text.contains("""
        ref  contract  en      es
        v1   Card      FAILS   FAILS
        v1   Badge     absent  absent
        v2   Card      ok      ok
        v2   Badge     ok      ok
      """))
    #expect(text.hasPrefix("GATE: FAIL\n"))
    print(text)
    let markdown = ReportFormat.markdown.render(report, colored: false, command: "swift run contracts")
    #expect(markdown.contains("| v1 | Card | FAILS | FAILS |"))
    let json = ReportFormat.json.render(report, colored: false, command: "swift run contracts")
    #expect(json.contains("\"kind\" : \"client-decode-failed\"") || json.contains("\"kind\":\"client-decode-failed\""))
    let junit = ReportFormat.junit.render(report, colored: false, command: "swift run contracts")
    #expect(junit.contains("<testcase classname=\"Card\" name=\"1.0.0 en default\""))
    #expect(junit.contains("client-decode-failed"))
    let html = ReportFormat.html.render(report, colored: false, command: "swift run contracts")
    #expect(html.contains("<td class=\"error\">FAILS</td>"))
  }

  @Test("a second run is served from the cache: no build, seconds")
  func cached() throws {
    let first = try Self.firstRun.get()
    let fixture = try CompatFixture.shared.get()
    let start = Date()
    let second = try fixture.compat(["v1", "v2"])
    let seconds = Date().timeIntervalSince(start)
    print("compat: second run (cached) took \(String(format: "%.2f", seconds)) s")
    #expect(second.compat?.releases.map(\.built) == [false, false])
    #expect(second.findings == first.report.findings)
    #expect(seconds < first.seconds / 5)
  }

  @Test("report --against v1 --compat folds the release's decode failures into the verdict")
  func gate() throws {
    let fixture = try CompatFixture.shared.get()
    let gate = try ReleaseGate(catalog: fixture.catalog, against: "v1").run()
    #expect(gate.summary.gatePasses)
    let folded = gate.folding(compat: try fixture.compat(["v1"]))
    #expect(!folded.summary.gatePasses)
    #expect(folded.summary.requiredBump == .major)
    #expect(folded.summary.errors == gate.summary.errors + 2)
    #expect(folded.findings.filter { $0.kind == .clientDecodeFailed }.map(brief) == [
      "error client-decode-failed Card 1.0.0 en default /status",
      "error client-decode-failed Card 1.0.0 es default /status",
    ])
    #expect(folded.compat?.rows.dropFirst().map { $0.prefix(2).joined(separator: " ") }
      == ["v1 Card", "v1 Badge"])
    #expect(folded.since?.ref == "v1")
  }

  @Test("a ref whose code does not build: exit 2 naming the ref and the compiler's first error")
  func broken() throws {
    let fixture = try CompatFixture.shared.get()
    #expect {
      try fixture.compat(["broken"])
    } throws: { error in
      let text = "\(error)"
      return text.hasPrefix("git:broken: (commit ") && text.contains("does not build: ")
        && text.contains("Badge.swift:1:")
    }
  }
}
