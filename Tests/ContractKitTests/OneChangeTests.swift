import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// One change reads as one (issue 21.5): grouped across rows, locales, versions and variants
/// in text and `swift test`, counted one by one in JSON; GitHub annotations within what
/// GitHub shows, at the payload's line.
@Suite("One change reads as one")
struct OneChangeTests {
  /// `product_name` removed from three rows, in two locales and two versions.
  static let findings: [Finding] = ["1.0.0", "1.1.0"].flatMap { version in
    ["en", "de"].flatMap { locale in
      (0..<3).map { row in
        Finding.fieldRemoved(
          at: "/line_items/\(row)/product_name",
          in: ContractCase("Order", version, locale), was: "Tea", renamedTo: nil)
      }
    }
  }

  @Test("a field removed from every row, locale and version is one text line; JSON counts each")
  func textGroups() throws {
    let report = ReportFixture.report(findings: Self.findings)
    let text = ReportFormat.text.render(report)
    #expect(text.contains("""
      error  field-removed  Order 1.0.0, 1.1.0 /line_items/*/product_name in en, de (default): \
      field '/line_items/*/product_name' is gone; clients that require it fail to decode
          baseline: "Tea"
          current:  (absent)
      """))
    #expect(text.components(separatedBy: "field-removed").count == 2)
    let json = ReportFormat.json.render(report)
    #expect(json.components(separatedBy: "\"field-removed\"").count == 13)
  }

  @Test("different messages or kinds stay apart")
  func distinctStayApart() {
    let findings = [
      Finding.fieldRemoved(at: "/a/0/x", in: ContractCase("Order", "1.0.0", "en"), was: 1,
                           renamedTo: nil),
      Finding.fieldRemoved(at: "/a/1/y", in: ContractCase("Order", "1.0.0", "en"), was: 1,
                           renamedTo: nil),
    ]
    #expect(FindingGroup.grouping(findings, localeOrder: ["en"]).map(\.path)
      == ["/a/0/x", "/a/1/y"])
  }

  @Test("github: one annotation per change, at the payload line, ten per type at most")
  func githubWithinLimits() throws {
    let directory = try TemporaryDirectory()
    try directory.write("""
      {
        "line_items" : [
          {
            "id" : 1,
            "product_name" : "Tea"
          }
        ],
        "title" : "Order"
      }

      """, to: ".VersionedTestJSON/Order/1.0.0/en.json")
    var findings = [Finding.fieldRemoved(
      at: "/line_items/0/product_name", in: ContractCase("Order", "1.0.0", "en"), was: "Tea",
      renamedTo: nil)]
    // 14 more distinct errors and 12 distinct notices.
    findings += (0..<14).map {
      Finding.fieldRemoved(at: "/z\($0)", in: ContractCase("Order", "1.0.0", "en"), was: 1,
                           renamedTo: nil)
    }
    findings += (0..<12).map {
      Finding.fieldAdded(at: "/n\($0)", in: ContractCase("Order", "1.0.0", "en"), now: 1,
                         renameOf: nil)
    }
    var report = ReportFixture.report(findings: findings)
    report.baselineDirectory = directory.path(".VersionedTestJSON").path
    let lines = ReportFormat.github.render(report).split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("::error ") }.count == 10)
    #expect(lines.filter { $0.hasPrefix("::notice ") }.count == 10)
    #expect(lines.contains { $0.hasPrefix("::error file=") && $0.contains("/Order/1.0.0/en.json,"
      + "line=5,title=field-removed::field '/line_items/0/product_name' is gone") })
    #expect(lines.contains("::error title=ContractKit::6 more changes (6 findings: "
      + "field-removed) not annotated: GitHub shows 10 annotations of each type; the text or "
      + "JSON report lists them all"))
    #expect(lines.contains("::notice title=ContractKit::4 more changes (4 findings: "
      + "field-added) not annotated: GitHub shows 10 annotations of each type; the text or "
      + "JSON report lists them all"))
  }

  @Test("a payload line is the line its path starts on in canonical JSON")
  func payloadLines() {
    let document: JSONValue = ["a": [1, ["b": 2, "c": [:]]], "d": "x"]
    // {  / "a" : [ / 1, / { / "b" : 2, / "c" : {} / } / ], / "d" : "x" / }
    #expect(PayloadLines.line(of: "", in: document) == 1)
    #expect(PayloadLines.line(of: "/a", in: document) == 2)
    #expect(PayloadLines.line(of: "/a/1/c", in: document) == 6)
    #expect(PayloadLines.line(of: "/d", in: document) == 9)
    #expect(PayloadLines.line(of: "/a/1/missing", in: document) == 4)
  }

  @Test("swift test: one case's rows with the same change are one problem")
  func verifierGroupsRows() throws {
    struct Row: Codable, Sendable { var name = "a" }
    struct Renamed: Encodable, Sendable { var title = "a" }
    struct List: Codable, Sendable { var rows = [Row(), Row(), Row()] }
    struct RenamedList: Encodable, Sendable { var rows = [Renamed(), Renamed(), Renamed()] }
    let scenario = try Scenario()
    try scenario.record(scenario.catalog(locales: ["en"]) {
      try $0.register(List.self, named: "List", stub: { .init() })
    })
    let renamed = try scenario.catalog(locales: ["en"]) {
      try $0.register(RenamedList.self, named: "List", stub: { .init() })
    }
    let verifier = ContractVerifier({ renamed }, command: "x", environment: [:])
    let problems = verifier.problems(for: ContractCase("List", "1.0.0", "en"))
    #expect(problems.map(\.severity) == [.error])
    #expect(problems.first?.message.hasPrefix(
      "field-removed at List 1.0.0 /rows/*/name in en (default): field '/rows/*/name' is gone")
      == true)
  }
}
