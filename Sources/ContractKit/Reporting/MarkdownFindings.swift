import ContractKitRuntime
/// The findings section of the Markdown report: a table per severity, most severe first,
/// one row per ``FindingGroup`` with its count of findings and its values, cut to fit a
/// pull-request comment with a note saying what is left out.
///
/// ```
/// 6 findings in 4 rows: 4 errors, 1 warning, 1 info.
///
/// **Errors: 4 findings in 2 rows**
///
/// | kind | contract | version | path | locales | findings | message | values |
/// | --- | --- | --- | --- | --- | ---: | --- | --- |
/// | field-removed | Card | 1.0.0 | `/a` | en (default) | 1 | Gone. | baseline (en): `1`<br>current (en): `(absent)` |
/// ```
/// The counts in a severity's heading are the sum of its rows' counts, and the sums over
/// all severities are the summary's: totals equal rows.
enum MarkdownFindings {
  /// Past this many rows a severity's table folds into `<details>` (open for errors).
  static let openRows = 10

  /// The lines of the section for `groups`, at most `budget` characters (UTF-16 code units,
  /// which never undercount GitHub's characters) with their line breaks.
  static func lines(_ groups: [FindingGroup], budget: Int) -> [String] {
    guard !groups.isEmpty else { return ["No findings."] }
    let bySeverity = Severity.allCases.reversed().map { severity in
      (severity, groups.filter { $0.severity == severity })
    }.filter { !$0.1.isEmpty }
    let total = groups.reduce(0) { $0 + $1.members.count }
    let counts = bySeverity.map { severity, groups in
      groups.reduce(0) { $0 + $1.members.count }.counting(severity.rawValue)
    }
    var lines = ["\(total.counting("finding")) in \(groups.count.counting("row")): "
      + counts.joined(separator: ", ") + "."]
    // What every section needs whatever rows fit: its heading, table head and folding.
    let reserve = 600 + bySeverity.count * 400
    var left = budget - reserve - size(lines)
    var hidden = (rows: 0, findings: 0)
    for (severity, groups) in bySeverity {
      var rows: [String] = []
      for group in groups {
        let row = self.row(group)
        let cost = row.utf16.count + 1
        if hidden.rows == 0, cost <= left {
          rows.append(row)
          left -= cost
        } else {
          hidden.rows += 1
          hidden.findings += group.members.count
        }
      }
      lines += section(severity, groups: groups, rows: rows)
    }
    if hidden.rows > 0 {
      lines += ["", "> **Truncated:** \(hidden.rows.counting("row")) "
        + "(\(hidden.findings.counting("finding"))) not shown: a pull-request comment holds at "
        + "most \(MarkdownReporter.commentLimit) characters. The JSON, HTML and text reports "
        + "list every finding."]
    }
    return lines
  }

  /// A severity's heading and table, folded into `<details>` when long.
  private static func section(_ severity: Severity, groups: [FindingGroup], rows: [String])
    -> [String]
  {
    let findings = groups.reduce(0) { $0 + $1.members.count }
    let name = "\(severity.rawValue.prefix(1).uppercased())\(severity.rawValue.dropFirst())s"
    var title = "\(name): \(findings.counting("finding")) in \(groups.count.counting("row"))"
    if rows.count < groups.count { title += ", \(rows.count) shown" }
    let header = ["kind", "contract", "version", "path", "locales", "findings", "message",
                  "values"]
    let table = rows.isEmpty ? [] : [
      MarkdownReporter.tableRow(header),
      MarkdownReporter.tableRow(header.map { $0 == "findings" ? "---:" : "---" }),
    ] + rows
    guard groups.count > openRows else { return ["", "**\(title)**", ""] + table }
    let open = severity == .error ? " open" : ""
    return ["", "<details\(open)><summary><b>\(title)</b></summary>", ""] + table
      + ["", "</details>"]
  }

  /// One group's row: where, how many findings, the message and the values as text shows
  /// them (`baseline (en): "Weekly"`).
  static func row(_ group: FindingGroup) -> String {
    let escape = MarkdownReporter.escape
    let values = group.representative.labelledValues(label: group.valueLabel).map {
      "\(escape($0.label)): " + MarkdownReporter.codeSpan(
        DisplayText.escaped(ValueExcerpt.excerpt($0.value)))
    }
    // Names from the data are code spans: GitHub renders nothing inside one.
    let code = MarkdownReporter.code
    return MarkdownReporter.tableRow([
      group.kind.rawValue, code(group.contract ?? ""), code(group.version ?? ""),
      MarkdownReporter.pathCell(group.representative), code(group.scope ?? ""),
      String(group.members.count), escape(group.message), values.joined(separator: "<br>"),
    ])
  }

  /// The characters of `lines` joined by line breaks, as ``lines(_:budget:)`` counts them.
  private static func size(_ lines: [String]) -> Int {
    lines.reduce(0) { $0 + $1.utf16.count + 1 }
  }
}
