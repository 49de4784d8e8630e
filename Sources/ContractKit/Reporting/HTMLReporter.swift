import ContractKitRuntime
/// Renders a report as one self-contained HTML page that a reviewer opens in a browser.
///
/// In order: the verdict (`GATE: PASS` or `GATE: FAIL`) and the required bump; the counts;
/// a matrix of contracts x versions x locales coloured by worst severity, each cell linking
/// to its findings (``HTMLMatrix``); each change once, grouped as text groups it, with its
/// values and a JSON diff (``HTMLFindings``); coverage per locale as bars; what the run
/// compared. The page (``HTMLPage``) has no external asset and needs no script; every piece
/// of data is escaped (``HTMLText``). The same report renders the same bytes.
enum HTMLReporter {
  /// Renders `report` as a whole HTML document ending in a newline.
  static func render(_ report: Report) -> String {
    let groups = FindingGroup.grouping(report.findings, localeOrder: report.localeOrder)
    let anchors = groups.indices.map(HTMLFindings.anchor)
    var body = "<header>\n<h1>ContractKit \(HTMLText.escaped(report.command))</h1>\n"
    body += verdict(report)
    body += "</header>\n<main>\n"
    if let since = report.since {
      body += HTMLRelease.html(since, report: report, groups: groups, anchors: anchors)
    }
    body += "<h2 id=\"matrix\">Contracts, versions and locales</h2>\n"
    body += HTMLMatrix(report: report, groups: groups, anchors: anchors).html()
    if let compat = report.compat { body += CompatMatrixLines.html(compat) }
    body += "<h2 id=\"findings\">Findings</h2>\n"
    body += HTMLFindings.html(groups, context: HTMLFindings.Context(report))
    if !report.coverage.isEmpty {
      body += "<h2 id=\"coverage\">Coverage</h2>\n" + coverage(report.coverage)
    }
    body += "<h2 id=\"run\">What the run compared</h2>\n" + run(report)
    body += "</main>\n"
    return HTMLPage.document(
      title: "ContractKit \(report.command): \(report.gateWord)", body: body)
  }

  /// `GATE: FAIL`, the required bump, and the counts as a table.
  static func verdict(_ report: Report) -> String {
    let summary = report.summary
    let state = summary.gatePasses ? "pass" : "fail"
    var html = "<p class=\"verdict \(state)\" id=\"verdict\">GATE: \(report.gateWord)</p>\n"
    html += "<p id=\"bump\">Required bump: <strong>\(summary.requiredBump.rawValue)</strong>"
      + HTMLText.escaped(report.comparedSuffix) + "</p>\n"
    let columns = [
      ("contracts", summary.contracts), ("versions", summary.versions),
      ("locales", summary.locales), ("baselines", summary.baselines),
      ("errors", summary.errors), ("warnings", summary.warnings), ("infos", summary.infos),
    ]
    html += "<table class=\"counts\"><tr>" + columns.map { "<th>\($0.0)</th>" }.joined()
      + "</tr>\n<tr>" + columns.map { "<td>\($0.1)</td>" }.joined() + "</tr></table>\n"
    return html
  }

  /// One row per locale: a bar split into resolved, fell back and missing, and the numbers.
  static func coverage(_ coverage: [LocaleCoverage]) -> String {
    var html = "<table class=\"coverage\"><tr><th>locale</th><th>coverage</th><th>resolved</th>"
      + "<th>fell back</th><th>missing</th></tr>\n"
    for entry in coverage {
      let parts = [("resolved", entry.resolved), ("fellback", entry.fellBack),
                   ("missing", entry.missing)]
      let bar = parts.compactMap { name, count -> String? in
        let width = share(count, of: entry.total)
        return width == "0.0" ? nil : "<span class=\"\(name)\" style=\"width:\(width)%\"></span>"
      }.joined()
      html += "<tr><td>\(HTMLText.escaped(entry.locale))</td><td><div class=\"bar\" "
        + "title=\"\(entry.percentText)% resolved\">\(bar)</div></td>"
        + "<td>\(entry.resolved)/\(entry.total) (\(entry.percentText)%)</td>"
        + "<td>\(entry.fellBack)</td><td>\(entry.missing)</td></tr>\n"
    }
    return html + "</table>\n"
  }

  /// `count` out of `total` in percent with one decimal, rounded down, by integers only.
  static func share(_ count: Int, of total: Int) -> String {
    guard total > 0, count > 0 else { return "0.0" }
    let product = UInt(count).multipliedFullWidth(by: 1000)
    let tenths = min(1000, Int(UInt(total).dividingFullWidth(product).quotient))
    return "\(tenths / 10).\(tenths % 10)"
  }

  /// The command, the baseline directory, the failing severity and the comparison.
  static func run(_ report: Report) -> String {
    var items = [
      "Command: <code>\(HTMLText.escaped(report.command))</code>",
      "Baselines: <code>\(HTMLText.escaped(report.baselineDirectory))</code>",
      "Fails on: \(report.failOn.rawValue) and above",
      "Checked \(HTMLText.escaped(report.summary.countsSentence))",
    ]
    if let comparison = report.comparison {
      items.append("Compared \(HTMLText.escaped(comparison.sentence)): the changes require "
        + "\(comparison.requiredBump.rawValue)")
      for reason in comparison.reasons {
        items.append("\(HTMLText.escaped(reason.contract)) requires the "
          + "\(comparison.requiredBump.rawValue) bump: "
          + reason.kinds.map { "<code>\($0.rawValue)</code>" }.joined(separator: ", "))
      }
    }
    // The release section's comparison, which the verdict's bump includes.
    if let since = report.since {
      items.append("Compared the tree of \(HTMLText.code(since.ref)) (commit "
        + "<code>\(since.commit.prefix(12))</code>) with today's: "
        + HTMLRelease.changesSentence(since))
    }
    if report.comparison != nil || report.since != nil {
      items.append("Required bump: <strong>\(report.summary.requiredBump.rawValue)</strong>, "
        + "the largest of what the run compared requires")
    }
    if let shard = report.shard {
      items.append("Shard \(shard.index) of \(shard.count)")
    }
    return "<ul class=\"run\">\n" + items.map { "<li>\($0)</li>\n" }.joined() + "</ul>\n"
  }
}
