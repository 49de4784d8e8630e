import Foundation
import Testing

@testable import ContractKit
@testable import ContractKitRuntime

/// The HTML report without a browser: exact escaping, grouping, matrix cells, values, diffs
/// and bytes. `HTMLBrowserTests` opens the same pages in Chromium.
@Suite("HTML report: escaping, grouping, matrix, values")
struct HTMLReporterTests {
  static let hostile = "<script>alert(1)</script>"

  @Test("text and attributes escape the five HTML characters and spell control characters")
  func escaping() {
    #expect(HTMLText.escaped(Self.hostile) == "&lt;script&gt;alert(1)&lt;/script&gt;")
    #expect(HTMLText.escaped(#"a "b" & 'c'"#) == "a &quot;b&quot; &amp; &#39;c&#39;")
    #expect(HTMLText.escaped("line\none\u{1B}[2K") == #"line\none\u{1B}[2K"#)
    #expect(HTMLText.escapedLines("{\n  \"<a>\" : 1\n}") == "{\n  &quot;&lt;a&gt;&quot; : 1\n}")
    #expect(HTMLText.escaped("Wochenübersicht") == "Wochenübersicht")
  }

  @Test("a hostile contract name, path, message and value are shown escaped; the page's one script is its own")
  func hostileDataIsEscaped() {
    let finding = Finding(
      .fieldRemoved, contract: Self.hostile, version: "1.0.0", locale: "en", variant: "default",
      path: "/\(Self.hostile)", message: "field \(Self.hostile) is gone", baseline: .string(Self.hostile))
    let html = ReportFormat.html.render(ReportFixture.report(findings: [finding], cases: []))
    #expect(html.components(separatedBy: "<script").count == 2, "one <script> element, the page's own")
    #expect(!html.contains("alert(1)</script>"))
    #expect(html.contains("<h3>&lt;script&gt;alert(1)&lt;/script&gt;</h3>"))
    #expect(html.contains("<code>/&lt;script&gt;alert(1)&lt;/script&gt;</code>"))
    #expect(html.contains("<p class=\"message\">field &lt;script&gt;alert(1)&lt;/script&gt; is gone</p>"))
    #expect(html.contains("<td><code>&quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;</code></td>"))
    #expect(html.contains(
      "<th class=\"contract\">&lt;script&gt;alert(1)&lt;/script&gt;</th>"
        + "<td class=\"error\" title=\"&lt;script&gt;alert(1)&lt;/script&gt; 1.0.0 en: error, 1 finding\">"))
  }

  @Test("the verdict and the required bump come first")
  func verdictFirst() throws {
    let html = ReportFormat.html.render(ReportFixture.report("report"))
    let verdict = try #require(html.range(of: "<p class=\"verdict fail\" id=\"verdict\">GATE: FAIL</p>\n"
      + "<p id=\"bump\">Required bump: <strong>major</strong></p>"))
    let matrix = try #require(html.range(of: "<table class=\"matrix\">"))
    #expect(verdict.upperBound < matrix.lowerBound)
    #expect(html.contains("<tr><td>3</td><td>2</td><td>4</td><td>18</td><td>4</td><td>1</td><td>1</td></tr>"))
    let passing = ReportFormat.html.render(ReportFixture.report("report", findings: []))
    #expect(passing.contains("<p class=\"verdict pass\" id=\"verdict\">GATE: PASS</p>"))
    #expect(passing.contains("<p>No findings.</p>"))
  }

  @Test("one change in three locales is one article, with its members' values and a diff")
  func groupedFinding() {
    let html = ReportFormat.html.render(ReportFixture.report())
    #expect(html.contains("""
      <article class="finding error" id="f1" data-severity="error" data-kind="field-removed" \
      data-locale="en es de">
      <h4><span class="badge error">error</span> <code>field-removed</code> DashboardViewModel \
      1.0.0 <code>/cards/0/title</code> in en, es, de (default)</h4>
      <p class="message">Field &#39;title&#39; was removed.</p>
      <p class="meta">Breaks clients that decode the committed baseline of 1.0.0; requires a \
      major bump; 3 findings.</p>
      <table class="values"><tr><th>where</th><th>baseline</th><th>current</th></tr>
      <tr><td>en (default)</td><td><code>&quot;Weekly summary&quot;</code></td><td><code>(absent)</code></td></tr>
      <tr><td>es (default)</td><td><code>&quot;Resumen semanal&quot;</code></td><td><code>(absent)</code></td></tr>
      <tr><td>de (default)</td><td><code>&quot;Wochenübersicht&quot;</code></td><td><code>(absent)</code></td></tr>
      </table>
      <pre class="diff"><span class="ctx">  &quot;cards&quot; :</span><span class="ctx">    [0]</span>\
      <span class="ctx">      &quot;title&quot; :</span>\
      <span class="del">-       &quot;Weekly summary&quot;</span></pre>
      </article>
      """))
    // Groups are counted once each and findings once each.
    #expect(html.components(separatedBy: "<article ").count - 1 == 4)
    // A value of today's encoding alone has no diff and no baseline column.
    #expect(html.contains("""
      <table class="values"><tr><th>current</th></tr>
      <tr><td><code>&quot;Settings&quot;</code></td></tr>
      </table>
      </article>
      """))
  }

  @Test("matrix cells carry the worst severity of their findings and link to the first")
  func matrixCells() {
    let html = ReportFormat.html.render(ReportFixture.report())
    #expect(html.contains(
      "<td class=\"error\" title=\"DashboardViewModel 1.0.0 en: error, 1 finding\"><a href=\"#f1\">error</a></td>"))
    // A contract-wide finding colours its whole row.
    #expect(html.contains(
      "<td class=\"error\" title=\"LegacyBannerViewModel 1.1.0 pt-BR: error, 1 finding\">"
        + "<a href=\"#f2\">error</a></td>"))
    #expect(html.contains(
      "<td class=\"warning\" title=\"SettingsViewModel 1.1.0 pt-BR: warning, 1 finding\">"
        + "<a href=\"#f3\">warning</a></td>"))
    #expect(html.contains(
      "<td class=\"info\" title=\"DashboardViewModel 1.1.0 es: info, 1 finding\"><a href=\"#f4\">info</a></td>"))
    #expect(html.contains("<td class=\"ok\" title=\"SettingsViewModel 1.1.0 en: ok\">ok</td>"))
    #expect(html.contains("<td class=\"none\" title=\"SettingsViewModel 1.0.0 en: not in this run\">·</td>"))
    #expect(html.contains("<thead><tr><th rowspan=\"2\">contract</th><th colspan=\"4\">1.0.0</th>"
      + "<th colspan=\"4\">1.1.0</th></tr>\n<tr><th>en</th><th>es</th><th>de</th><th>pt-BR</th>"))
  }

  @Test("coverage bars are split by integer shares; the run says what it compared")
  func coverageAndRun() {
    var report = ReportFixture.report("report")
    report.comparison = ReleaseComparison(
      versions: [SystemVersion(1, 0, 0)], previous: SystemVersion(1, 0, 0),
      current: SystemVersion(1, 1, 0), changes: ["DashboardViewModel": [.fieldRemoved]])
    let html = ReportFormat.html.render(report)
    #expect(html.contains("<tr><td>pt-BR</td><td><div class=\"bar\" title=\"95.0% resolved\">"
      + "<span class=\"resolved\" style=\"width:95.0%\"></span><span class=\"fellback\" "
      + "style=\"width:5.0%\"></span></div></td><td>38/40 (95.0%)</td><td>2</td><td>0</td></tr>"))
    #expect(html.contains("<li>Compared each of 1.0.0 with its baselines; 1.1.0 with 1.0.0: the "
      + "changes require major</li>"))
    #expect(html.contains("<li>DashboardViewModel requires the major bump: <code>field-removed</code></li>"))
  }

  @Test("the same report renders the same bytes, with nothing fetched from anywhere")
  func deterministicAndSelfContained() {
    let first = ReportFormat.html.render(ReportFixture.report("report"))
    #expect(first == ReportFormat.html.render(ReportFixture.report("report")))
    for external in ["http://", "https://", "src=", "<link", "@import", "url("] {
      #expect(!first.contains(external), "\(external)")
    }
    #expect(first.contains("@media print{") && first.contains("prefers-color-scheme: dark"))
  }

  @Test("a change inside a larger value is a diff with three lines of context")
  func valueDiff() throws {
    let old: JSONValue = ["a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9]
    var new = old
    new.set("/e", to: "five")
    let diff = try #require(ValueDiff(path: "/rows/0", old: old, new: new))
    #expect(diff.lines.map(\.text) == [
      "\"rows\" :", "  [0]", "", "      \"b\" : 2,", "      \"c\" : 3,",
      "      \"d\" : 4,", "      \"e\" : 5,", "      \"e\" : \"five\",", "      \"f\" : 6,", "      \"g\" : 7,",
      "      \"h\" : 8,", "",
    ])
    #expect(diff.lines.map(\.mark) == [
      .path, .path, .skipped(2), .same, .same, .same, .removed, .added, .same, .same, .same,
      .skipped(2),
    ])
    #expect(ValueDiff(path: "/a", old: 1, new: 1) == nil)
    #expect(ValueDiff(path: "/a", old: nil, new: nil) == nil)
  }

  @Test("the Content-Security-Policy names the hash of the page's script", .enabled(
    if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"),
    "openssl computes the expected hash"))
  func scriptHash() throws {
    let directory = try TemporaryDirectory("csp")
    try directory.write(HTMLPage.script, to: "script.js")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "openssl dgst -sha256 -binary < script.js | base64"]
    process.currentDirectoryURL = directory.url
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let hash = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(HTMLPage.scriptHash == "sha256-\(hash)")
  }
}
