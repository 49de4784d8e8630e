import ContractKitRuntime

/// The output formats of `--format`, each a pure rendering of a ``Report`` to text.
///
/// ```swift
/// let text = ReportFormat.github.render(report)
/// ```
/// Every format renders the same report byte for byte on every run and machine; the caller
/// writes the string wherever it goes (stdout, `--output FILE`, a test buffer).
package enum ReportFormat: String, Sendable, Hashable, CaseIterable {
  /// Human-readable lines for a terminal, the default.
  case text
  /// A GitHub-flavoured Markdown summary for `$GITHUB_STEP_SUMMARY`.
  case markdown
  /// The fixed JSON report that `contracts merge` reads back.
  case json
  /// JUnit XML, one test case per contract, version, locale and variant.
  case junit
  /// GitHub Actions workflow commands (`::error file=…,title=…::…`), one per finding.
  case github
  /// One self-contained HTML page: the verdict, a matrix of contracts, versions and locales,
  /// each change with its values and a JSON diff, coverage; no network, no external asset.
  case html

  /// Renders `report` in this format.
  ///
  /// - Parameters:
  ///   - report: The findings and counts to render.
  ///   - colored: Whether `text` wraps severity words in ANSI colours; other formats ignore it.
  ///   - cases: Cases for `junit` to list besides the report's own ``Report/cases``; other
  ///     formats ignore it.
  ///   - command: The user's command line over the catalog, which `text` names in its next
  ///     step (`swift run app-contracts record`).
  /// - Returns: The whole output, ending in a newline.
  package func render(_ report: Report, colored: Bool = false, cases: [ContractCase] = [],
                     command: String = "swift run contracts") -> String
  {
    switch self {
    case .text: TextReporter.render(report, colored: colored, command: command)
    case .markdown: MarkdownReporter.render(report)
    case .json: JSONReporter.render(report)
    case .junit: JUnitReporter.render(report, extraCases: cases)
    case .github: GitHubReporter.render(report)
    case .html: HTMLReporter.render(report)
    }
  }
}

// MARK: - Shared wording

extension Report {
  /// Whether this is a release-gate report (`report`, or `merge` of shard reports), which
  /// text and Markdown open with the gate verdict.
  var isGateReport: Bool { command == "report" || command == "merge" || command == "compat" }

  /// `PASS` or `FAIL`, from ``Summary/gatePasses``.
  var gateWord: String { summary.gatePasses ? "PASS" : "FAIL" }

  /// ` (compared each of 1.0.0, 2.0.0 with its baselines; 2.1.0 with 2.0.0)`, or nothing
  /// when the report does not say.
  var comparedSuffix: String {
    let release = since.map { "; the tree of \($0.ref) with today's" } ?? ""
    return comparison.map { " (compared \($0.sentence)\(release))" } ?? ""
  }

  /// The locales in the catalog's order (from ``coverage``), for listing grouped findings.
  var localeOrder: [String] { coverage.map(\.locale) }
}

extension Summary {
  /// `2 errors, 1 warning, 3 infos in 12 contracts (216 baselines)`.
  var countsSentence: String {
    "\(errors.counting("error")), \(warnings.counting("warning")), \(infos.counting("info"))"
      + " in \(contracts.counting("contract")) (\(baselines.counting("baseline")))"
  }
}
