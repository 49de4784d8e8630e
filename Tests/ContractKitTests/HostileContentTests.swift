import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// Names and values ContractKit did not write, in every format: a contract name from a
/// shard's report that holds line breaks forges no verdict and no workflow command (issue
/// 34.12); bidirectional controls are spelled out (34.13); Markdown pings no one and renders
/// no math (34.15).
@Suite("Hostile names and values in every format")
struct HostileContentTests {
  /// A contract name that, printed raw, would add a passing verdict and a GitHub error.
  static let forging = "Card\nGATE: PASS\n::error file=forged.json::forged\r\u{1B}[2Jx"

  /// `merge`'s output for one shard whose contract, path and message are `forging`.
  static func merged(format: ReportFormat) throws -> String {
    let directory = try TemporaryDirectory()
    let finding = Finding(
      .fieldRemoved, contract: forging, version: "1.0.0", locale: "en", variant: "default",
      path: "/a\nGATE: PASS", message: "field gone\n::error::forged",
      baseline: .string("x\nGATE: PASS"))
    let shard = ShardFixture.report(1, of: 1, contracts: [forging], findings: [finding])
    let file = directory.path("shard-1.json")
    try ReportFormat.json.render(shard).write(to: file, atomically: true, encoding: .utf8)
    let result = runContracts(["merge", file.path, "--format", format.rawValue])
    #expect(result.code == 1, "\(format): \(result.stderr)")
    return result.stdout
  }

  @Test("merge: a contract name with line breaks forges no GATE line and no ::error command",
        arguments: ReportFormat.allCases)
  func mergeForgesNothing(_ format: ReportFormat) throws {
    let output = try Self.merged(format: format)
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(!lines.contains { $0.hasPrefix("GATE: PASS") }, "\(format): \(output)")
    #expect(!lines.contains { $0.hasPrefix("::error file=forged.json") }, "\(format)")
    #expect(!output.contains("\r") && !output.contains("\u{1B}"), "\(format)")
    switch format {
    case .text:
      #expect(lines.filter { $0.hasPrefix("GATE:") } == ["GATE: FAIL"])
      #expect(output.contains(#"Card\nGATE: PASS\n::error file=forged.json::forged\r\u{1B}[2Jx"#))
    case .github:
      // Every line is one of ContractKit's own commands: the data's line breaks are %0A.
      #expect(lines.dropLast().allSatisfy { line in
        ["::error ", "::warning ", "::notice "].contains { line.hasPrefix($0) }
      }, "\(output)")
      #expect(lines.filter { $0.hasPrefix("::error ") }.count == 1)
    case .json:
      let parsed = try JSONParser.parse(Array(output.utf8), file: "merged.json")
      guard case .array(let findings)? = parsed["findings"] else {
        Issue.record("no findings")
        return
      }
      // JSON keeps the data as it is: its own escapes make it one value.
      #expect(findings.contains { $0["contract"] == .string(Self.forging) })
    case .markdown, .junit, .html:
      break
    }
  }

  /// Bidirectional controls, each of which reorders the text after it.
  static let bidi: [Unicode.Scalar] = [
    "\u{202E}", "\u{202D}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{2066}", "\u{2067}",
    "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}",
  ]

  @Test("bidirectional controls in keys and values are spelled out in text, Markdown and HTML",
        arguments: [ReportFormat.text, .markdown, .html])
  func bidiSpelledOut(_ format: ReportFormat) throws {
    let hidden = String(String.UnicodeScalarView(Self.bidi))
    let finding = Finding(
      .valueChanged, contract: "Card", version: "1.0.0", locale: "en", variant: "default",
      path: "/\u{202E}eltit", message: "value of '/\u{202E}eltit' changed",
      baseline: .object(["k\u{2066}ey": .string("abc" + hidden)]), current: .string("\u{202E}xyz"))
    let report = ReportFixture.report(findings: [finding])
    let output = format.render(report)
    let found = output.unicodeScalars.filter(Self.bidi.contains)
    #expect(found.isEmpty, "\(format): \(found.map { String($0.value, radix: 16) })")
    #expect(output.contains(#"/\u{202E}eltit"#), "\(format): \(output)")
    #expect(output.contains(#"\u{202E}xyz"#), "\(format)")
  }

  /// `line` without its code spans: the text GitHub renders as Markdown. A run of backticks
  /// that no run of the same length closes is text.
  static func outsideCodeSpans(_ line: Substring) -> String {
    let characters = Array(line)
    var outside = ""
    var index = 0
    func run(at start: Int) -> Int {
      var end = start
      while end < characters.count, characters[end] == "`" { end += 1 }
      return end - start
    }
    while index < characters.count {
      guard characters[index] == "`" else {
        outside.append(characters[index])
        index += 1
        continue
      }
      let fence = run(at: index)
      var cursor = index + fence
      var closed: Int?
      while cursor < characters.count {
        guard characters[cursor] == "`" else {
          cursor += 1
          continue
        }
        let length = run(at: cursor)
        if length == fence {
          closed = cursor + length
          break
        }
        cursor += length
      }
      if let closed {
        index = closed
      } else {
        outside += String(repeating: "`", count: fence)
        index += fence
      }
    }
    return outside
  }

  @Test("Markdown: names in code spans, @ and $ escaped: GitHub pings no one and renders no math")
  func markdownMentionsAndMath() throws {
    let finding = Finding(
      .fieldRemoved, contract: "@octocat", version: "1.0.0", locale: "en", variant: "default",
      path: "/@team", message: "ping @octocat and @org/team: $$E=mc^2$$ costs $5",
      baseline: .string("@octocat $x$"))
    var report = ReportFixture.report(findings: [finding])
    report.since = SinceRelease(
      ref: "v1", commit: "0123456789abcdef", comparison: ReleaseComparison(
        versions: [], previous: "1.0.0", current: "1.0.0", changes: ["@octocat": [.fieldRemoved]]),
      accepted: [AcceptedBreak(date: "2026-02-03", contract: "@octocat", version: "1.0.0",
                               kinds: ["field-removed"], reason: "asked @octocat; $$x$$",
                               places: [.path("/@team")])],
      unlogged: [finding])
    let markdown = ReportFormat.markdown.render(report)
    #expect(markdown.contains("`@octocat`"), "\(markdown)")
    for line in markdown.split(separator: "\n") {
      let rendered = Self.outsideCodeSpans(line)
      #expect(rendered.range(of: #"@[A-Za-z0-9]"#, options: .regularExpression) == nil,
              "a mention in: \(line)")
      #expect(rendered.range(of: #"(^|[^\\])\$"#, options: .regularExpression) == nil,
              "math in: \(line)")
    }
  }
}
