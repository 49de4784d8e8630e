/// Renders a report as GitHub-flavoured Markdown for `$GITHUB_STEP_SUMMARY`.
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
/// | severity | kind | contract | version | path | locales | message |
/// …
/// ### Coverage
/// ```
/// Findings are grouped as in text output (one row for the same finding in several locales).
enum MarkdownReporter {
  /// Renders `report` as Markdown ending in a newline.
  static func render(_ report: Report) -> String {
    let summary = report.summary
    var lines = [
      "## ContractKit \(escape(report.command)): \(report.gateWord)",
      "",
      "Required bump: **\(summary.requiredBump.rawValue)**" + escape(report.comparedSuffix),
      "",
    ]
    if let since = report.since { lines += [SinceReleaseLines.bumpMarkdown(since), ""] }
    lines += table(
      header: ["contracts", "versions", "locales", "baselines", "errors", "warnings", "infos"],
      rightAligningFrom: 0,
      rows: [[summary.contracts, summary.versions, summary.locales, summary.baselines,
              summary.errors, summary.warnings, summary.infos].map(String.init)])
    lines += ["", "### Findings", ""]
    let groups = FindingGroup.grouping(report.findings, localeOrder: report.localeOrder)
    if groups.isEmpty {
      lines.append("No findings.")
    } else {
      let header = ["severity", "kind", "contract", "version", "path", "locales", "message"]
      lines += table(
        header: header, rightAligningFrom: header.count,
        rows: groups.map { group in
          [group.severity.rawValue, group.kind.rawValue, escape(group.contract ?? ""),
           escape(group.version ?? ""), pathCell(group.representative),
           escape(group.scope ?? ""), escape(group.message)]
        })
    }
    if let since = report.since { lines += SinceReleaseLines.acceptedMarkdown(since) }
    if !report.coverage.isEmpty {
      lines += ["", "### Coverage", ""]
      lines += table(
        header: ["locale", "resolved", "fell back", "missing", "coverage"],
        rightAligningFrom: 1,
        rows: report.coverage.map { entry in
          [escape(entry.locale), "\(entry.resolved)/\(entry.total)", String(entry.fellBack),
           String(entry.missing), "\(entry.percentText)%"]
        })
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A pipe table whose columns from `firstNumber` on are right-aligned numbers.
  private static func table(header: [String], rightAligningFrom firstNumber: Int,
                            rows: [[String]]) -> [String]
  {
    let alignments = header.indices.map { $0 >= firstNumber ? "---:" : "---" }
    return ([header, alignments] + rows).map { "| \($0.joined(separator: " | ")) |" }
  }

  /// The path as a code span (`/cards/0/title`), `(document)` for `""`, empty for none.
  private static func pathCell(_ finding: Finding) -> String {
    guard let path = finding.path, let display = finding.displayPath else { return "" }
    guard !path.isEmpty else { return display }
    // A code span shows its text literally; only `|` still needs escaping inside a table.
    let fence = path.contains("`") ? "``" : "`"
    let padding = path.contains("`") ? " " : ""
    let text = DisplayText.escaped(path).replacing("|", with: "\\|")
    return "\(fence)\(padding)\(text)\(padding)\(fence)"
  }

  /// `text` safe in a table cell: Markdown punctuation backslash-escaped, `|` escaped, line
  /// breaks as `<br>`, other control characters spelled out (`\u{1B}`).
  static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "&", "~":
        result.append("\\")
        result.append(character)
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
