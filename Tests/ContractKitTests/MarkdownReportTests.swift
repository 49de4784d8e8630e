import Foundation
import Testing

@testable import ContractKit
@testable import ContractKitRuntime

/// The Markdown report as a pull-request comment: values shown, totals equal to rows, long
/// sections folded, under GitHub's comment limit, the same bytes every time.
@Suite("Markdown report for pull requests")
struct MarkdownReportTests {
  /// Each table row's severity (from its section) and its `findings` count.
  static func rowCounts(_ markdown: String) -> [(severity: String, count: Int)] {
    var severity = ""
    var rows: [(String, Int)] = []
    for line in markdown.split(separator: "\n") {
      for name in ["Errors", "Warnings", "Infos"] where line.hasPrefix("**\(name):") || line.contains("<b>\(name):") {
        severity = String(name.dropLast()).lowercased()
      }
      let cells = line.split(separator: " | ", omittingEmptySubsequences: false)
      guard line.hasPrefix("| "), cells.count >= 8, let count = Int(cells[5]) else { continue }
      rows.append((severity, count))
    }
    return rows
  }

  @Test("the release-day run: the findings listed add up to the summary's counts, values shown")
  func totalsEqualRows() throws {
    let fixture = try ReleaseDayFixture()
    let markdown = ReportFormat.markdown.render(fixture.report)
    let summary = fixture.report.summary
    let rows = Self.rowCounts(markdown)
    #expect(rows.filter { $0.severity == "error" }.reduce(0) { $0 + $1.count } == summary.errors)
    #expect(rows.filter { $0.severity == "warning" }.reduce(0) { $0 + $1.count } == summary.warnings)
    #expect(rows.filter { $0.severity == "info" }.reduce(0) { $0 + $1.count } == summary.infos)
    #expect(summary.errors == 2 && summary.warnings == 2 && summary.infos == 1)
    #expect(markdown.contains("| \(summary.errors) | \(summary.warnings) | \(summary.infos) |"))
    #expect(markdown.contains("5 findings in 5 rows: 2 errors, 2 warnings, 1 info."))
    #expect(markdown.contains("""
      | value-changed | `DashboardViewModel` | `1.0.0` | `/cards/0/title` | `es (default)` | 1 \
      | value of '/cards/0/title' changed \
      | baseline: `"\(ReleaseDayFixture.oldTitle)"`<br>current: `"\(fixture.currentTitle)"` |
      """), "\(markdown)")
    #expect(markdown.contains("baseline: `\"<script>alert(1)</script>\"`<br>current: `(absent)` |"))
    #expect(markdown.contains("| contract-removed | `<script>alert(1)</script>` |"))
  }

  @Test("past ten rows a severity folds into <details>, open for errors; rows still add up")
  func longSectionsFold() {
    // Paths of distinct fields: findings that differ only by a row index are one row.
    let findings = (0..<12).flatMap { index in
      [Finding(.valueChanged, contract: "Card", version: "1.0.0", locale: "en", variant: "default",
               path: "/field\(index)", message: "value of '/field\(index)' changed",
               baseline: .number(JSONNumber(index)), current: .number(JSONNumber(index + 1))),
       Finding(.fieldRemoved, contract: "Card", version: "1.0.0", locale: "en", variant: "default",
               path: "/gone\(index)", message: "field gone")]
    }
    let markdown = ReportFormat.markdown.render(ReportFixture.report(findings: findings))
    #expect(markdown.contains("""
      24 findings in 24 rows: 12 errors, 12 infos.

      <details open><summary><b>Errors: 12 findings in 12 rows</b></summary>

      | kind | contract | version | path | locales | findings | message | values |
      """))
    #expect(markdown.contains("""
      | value-changed | `Card` | `1.0.0` | `/field1` | `en (default)` | 1 | value of '/field1' \
      changed | baseline: `1`<br>current: `2` |
      | value-changed | `Card` | `1.0.0` | `/field10` | `en (default)` | 1 | value of '/field10' \
      changed \
      | baseline: `10`<br>current: `11` |
      """))
    #expect(markdown.contains("<details><summary><b>Infos: 12 findings in 12 rows</b></summary>"))
    #expect(markdown.components(separatedBy: "</details>").count - 1 == 2)
    #expect(Self.rowCounts(markdown).count == 24)
  }

  @Test("20,000 baselines with 1% changed: every row listed, under GitHub's 65,536 characters, stable bytes")
  func largeReportFitsAComment() {
    let report = SyntheticReport.make()
    #expect(report.summary.baselines == 20_000)
    let markdown = ReportFormat.markdown.render(report)
    #expect(markdown == ReportFormat.markdown.render(SyntheticReport.make()))
    #expect(markdown.utf16.count <= MarkdownReporter.commentLimit, "\(markdown.utf16.count)")
    #expect(!markdown.contains("Truncated"))
    let groups = FindingGroup.grouping(report.findings, localeOrder: report.localeOrder)
    let listed = Self.rowCounts(markdown)
    #expect(listed.count == groups.count)
    #expect(listed.reduce(0) { $0 + $1.count } == report.findings.count)
  }

  @Test("20,000 baselines with 5% changed: cut under the limit, errors first, a note counting what is left out")
  func largeReportIsCut() throws {
    let report = SyntheticReport.make(changedEvery: 20)
    let markdown = ReportFormat.markdown.render(report)
    #expect(markdown == ReportFormat.markdown.render(SyntheticReport.make(changedEvery: 20)))
    #expect(markdown.utf16.count <= MarkdownReporter.commentLimit)
    #expect(markdown.unicodeScalars.count <= MarkdownReporter.commentLimit)
    #expect(markdown.utf16.count > MarkdownReporter.commentLimit - 4_000, "the budget is used")
    // What is listed plus what the note counts is every row and every finding.
    let groups = FindingGroup.grouping(report.findings, localeOrder: report.localeOrder)
    let listed = Self.rowCounts(markdown)
    let note = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("> **Truncated:**") })
    let numbers = note.split(separator: " ")
      .compactMap { Int($0.trimmingCharacters(in: .punctuationCharacters)) }
    try #require(numbers.count >= 2, "\(note)")
    #expect(listed.count + numbers[0] == groups.count, "\(note)")
    #expect(listed.reduce(0) { $0 + $1.count } + numbers[1] == report.findings.count, "\(note)")
    #expect(listed.prefix(report.summary.errors).allSatisfy { $0.severity == "error" })
    #expect(markdown.contains("<details open><summary><b>Errors: 250 findings in 250 rows, "))
    #expect(markdown.contains("\n\n### Coverage\n\n| locale | resolved | fell back | missing | coverage |\n"))
  }
}
