import ContractKitRuntime

/// Renders a report as GitHub-flavoured Markdown fit for a pull-request comment and for
/// `$GITHUB_STEP_SUMMARY`.
///
/// ```
/// ## ContractKit report: FAIL
///
/// Required bump: **major**
///
/// | contracts | versions | locales | baselines | errors | warnings | infos |
/// …
/// ### Findings
///
/// 6 findings in 4 rows: 4 errors, 1 warning, 1 info.
///
/// **Errors: 4 findings in 2 rows**
///
/// | kind | contract | version | path | locales | findings | message | values |
/// …
/// ### Coverage
/// ```
/// Findings are grouped as in text output (one row for the same finding in several
/// locales), each row with its count of findings, so the counts add up to the summary's,
/// and with its values as text shows them. A severity with many rows folds into
/// `<details>`; the whole stays under GitHub's comment limit (``MarkdownFindings``), and
/// the same report renders the same bytes, so a bot can update its comment in place.
enum MarkdownReporter {
  /// GitHub's limit on a comment's length, in characters.
  static let commentLimit = 65_536
  /// What the output stays under: the limit less room for a marker a bot adds.
  static let budget = commentLimit - 512

  /// Renders `report` as Markdown ending in a newline.
  static func render(_ report: Report) -> String {
    let summary = report.summary
    var head = [
      "## ContractKit \(escape(report.command)): \(report.gateWord)",
      "",
      "Required bump: **\(summary.requiredBump.rawValue)**" + escape(report.comparedSuffix),
      "",
    ]
    if let since = report.since { head += [SinceReleaseLines.bumpMarkdown(since), ""] }
    head += table(
      header: ["contracts", "versions", "locales", "baselines", "errors", "warnings", "infos"],
      rightAligningFrom: 0,
      rows: [[summary.contracts, summary.versions, summary.locales, summary.baselines,
              summary.errors, summary.warnings, summary.infos].map(String.init)])
    if let compat = report.compat { head += CompatMatrixLines.markdown(compat) }
    head += ["", "### Findings", ""]
    let release = report.since.map {
      SinceReleaseLines.markdown($0, localeOrder: report.localeOrder)
    } ?? []
    let tail = release + coverage(report.coverage)
    let fixed = (head + tail).reduce(0) { $0 + $1.utf16.count + 1 }
    let groups = FindingGroup.grouping(report.findings, localeOrder: report.localeOrder)
    let findings = MarkdownFindings.lines(groups, budget: budget - fixed)
    return (head + findings + tail).joined(separator: "\n") + "\n"
  }

  /// The coverage section, folded into `<details>` past ten locales; none without lookups.
  private static func coverage(_ coverage: [LocaleCoverage]) -> [String] {
    guard !coverage.isEmpty else { return [] }
    let rows = table(
      header: ["locale", "resolved", "fell back", "missing", "coverage"],
      rightAligningFrom: 1,
      rows: coverage.map { entry in
        [escape(entry.locale), "\(entry.resolved)/\(entry.total)", String(entry.fellBack),
         String(entry.missing), "\(entry.percentText)%"]
      })
    guard coverage.count > MarkdownFindings.openRows else { return ["", "### Coverage", ""] + rows }
    return ["", "### Coverage", "",
            "<details><summary>\(coverage.count) locales</summary>", ""] + rows + ["", "</details>"]
  }

  /// A pipe table whose columns from `firstNumber` on are right-aligned numbers.
  static func table(header: [String], rightAligningFrom firstNumber: Int,
                    rows: [[String]]) -> [String]
  {
    [tableRow(header), tableRow(header.indices.map { $0 >= firstNumber ? "---:" : "---" })]
      + rows.map(tableRow)
  }

  /// `| a | b |`.
  static func tableRow(_ cells: [String]) -> String { "| \(cells.joined(separator: " | ")) |" }

  /// The path as a code span (`/cards/0/title`), `(document)` for `""`, empty for none.
  static func pathCell(_ finding: Finding) -> String {
    guard let path = finding.path, let display = finding.displayPath else { return "" }
    guard !path.isEmpty else { return display }
    return codeSpan(DisplayText.escaped(path))
  }

  /// `text` as a code span safe in a table cell (``CodeSpan/write(_:)``).
  static func codeSpan(_ text: String) -> String { CodeSpan.write(text) }

  /// A name or value from the data (a contract, a locale, a ref) as a code span, its control
  /// characters spelled out: GitHub renders nothing inside one (no mention, no math, no
  /// link); empty for empty text.
  static func code(_ text: String) -> String {
    text.isEmpty ? "" : CodeSpan.write(DisplayText.escaped(text))
  }

  /// `text` safe in a table cell: Markdown punctuation backslash-escaped, `|` escaped, line
  /// breaks as `<br>`, other control characters (bidirectional controls included) spelled
  /// out (`\u{1B}`), `$` escaped so GitHub renders no math, and `@` in a code span of its own
  /// so GitHub mentions no one (a backslash would not stop a mention).
  static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "&", "~", "$":
        result.append("\\")
        result.append(character)
      case "@":
        result += "`@`"
      case "\r\n", "\n", "\r":
        result += "<br>"
      case _ where character.unicodeScalars.contains(where: DisplayText.isControl):
        // Spelled out, as in text output: an escape sequence never reaches the reader.
        result += DisplayText.escaped(String(character))
      default:
        result.append(character)
      }
    }
    return result
  }
}
