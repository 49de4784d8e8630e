import ContractKitRuntime

/// Renders a report as JUnit XML that Jenkins and GitHub test reporters accept: one
/// `<testsuite>` per contract, one `<testcase>` per contract, version, locale and variant the
/// run covered (passing ones included), and fixed test cases for what belongs to no case.
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <testsuites name="ContractKit" tests="7" failures="1" errors="0" skipped="1" time="0">
///   <testsuite name="(catalog)" tests="4" failures="0" errors="0" skipped="1" time="0">
///     <testcase classname="(catalog)" name="baseline tree" time="0"/>
///     …
///   </testsuite>
///   <testsuite name="DashboardViewModel" tests="3" failures="1" errors="0" skipped="0" time="0">
///     <testcase classname="DashboardViewModel" name="contract" time="0"/>
///     <testcase classname="DashboardViewModel" name="1.0.0" time="0"/>
///     <testcase classname="DashboardViewModel" name="1.0.0 en default" time="0">
///       <failure type="field-removed" message="…">error  field-removed  …</failure>
///     </testcase>
///   </testsuite>
/// </testsuites>
/// ```
/// The test cases depend on the catalog (or the trees), never on the findings, so the count
/// is the same from run to run and never 0; with `report --against`, each break since the
/// release that no log row accepts is a test case of its own (``JUnitPlan``). A test case
/// holds at most one `<failure>`, which lists all its findings at a failing severity; other
/// findings go to `<system-out>`. A
/// finding about more than one case goes to the version's test case (`1.0.0`), or the
/// contract's (`contract`); one about no contract to a fixed catalog test case. `time` is 0:
/// output is byte-identical from run to run.
enum JUnitReporter {
  /// The suite of the test cases that belong to no contract.
  static let catalogSuite = "(catalog)"

  /// Renders `report`, listing its cases and `extraCases`, passing or not.
  static func render(_ report: Report, extraCases: [ContractCase] = []) -> String {
    let plan = JUnitPlan(report, extraCases: extraCases)
    let failing = Set(report.failingFindings)
    var suites: [(name: String, lines: [String], tests: Int, failures: Int, skipped: Int)] = []
    for testCase in plan.testCases {
      let findings = plan.findings[testCase] ?? []
      let failures = findings.filter(failing.contains)
      let skip = plan.skipReason(testCase)
      // The release gate's case says what it compared and what bump that requires, and
      // with `--against` the release section: the bump since, the breaks accepted and
      // those no row accepts.
      let notes = testCase == .catalog(.release) && skip == nil
        ? (report.comparison.map { _ in
          ["Required bump: \(report.summary.requiredBump.rawValue)\(report.comparedSuffix)"]
        } ?? []) + (report.since.map { since in
          [SinceReleaseLines.bumpLine(since)]
            + SinceReleaseLines.text(since, localeOrder: report.localeOrder).filter { !$0.isEmpty }
        } ?? []) : []
      let lines = caseLines(testCase, failures: failures,
                            others: findings.filter { !failing.contains($0) }, notes: notes,
                            skip: skip)
      let failed = failures.isEmpty ? 0 : 1
      let skipped = skip == nil ? 0 : 1
      if let last = suites.last, last.name == testCase.suite {
        suites[suites.count - 1].lines += lines
        suites[suites.count - 1].tests += 1
        suites[suites.count - 1].failures += failed
        suites[suites.count - 1].skipped += skipped
      } else {
        suites.append((testCase.suite, lines, 1, failed, skipped))
      }
    }
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<testsuites name="ContractKit""# + counts(
        tests: plan.testCases.count, failures: suites.map(\.failures).reduce(0, +),
        skipped: suites.map(\.skipped).reduce(0, +)) + ">",
    ]
    for suite in suites {
      lines.append(#"  <testsuite name="\#(attribute(suite.name))""#
        + counts(tests: suite.tests, failures: suite.failures, skipped: suite.skipped) + ">")
      lines += suite.lines
      lines.append("  </testsuite>")
    }
    lines.append("</testsuites>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// ` tests="…" failures="…" errors="0" skipped="…" time="0"`.
  private static func counts(tests: Int, failures: Int, skipped: Int) -> String {
    #" tests="\#(tests)" failures="\#(failures)" errors="0" skipped="\#(skipped)" time="0""#
  }

  /// The `<testcase>` element of one test case: its one failure, skip or other findings.
  private static func caseLines(_ testCase: JUnitPlan.TestCase, failures: [Finding],
                                others: [Finding], notes: [String], skip: String?) -> [String]
  {
    let open = #"    <testcase classname="\#(attribute(testCase.suite))""#
      + #" name="\#(attribute(testCase.name))" time="0""#
    guard !failures.isEmpty || !others.isEmpty || !notes.isEmpty || skip != nil else {
      return [open + "/>"]
    }
    var lines = [open + ">"]
    if let skip {
      lines.append(#"      <skipped message="\#(attribute(skip))"/>"#)
    }
    if !failures.isEmpty {
      let kinds = Array(Set(failures.map(\.kind.rawValue))).sorted()
      let message = failures.count == 1
        ? failures[0].message : "\(failures.count) findings: \(kinds.joined(separator: ", "))"
      let body = failures.flatMap {
        TextReporter.findingLines(FindingGroup($0), indent: "", colored: false)
      }
      lines.append(
        #"      <failure type="\#(attribute(kinds.joined(separator: ", ")))""#
          + #" message="\#(attribute(DisplayText.escaped(message)))">"#
          + text(body.joined(separator: "\n")) + "</failure>")
    }
    if !others.isEmpty || !notes.isEmpty {
      let output = notes + others.flatMap {
        TextReporter.findingLines(FindingGroup($0), indent: "", colored: false)
      }
      lines.append("      <system-out>" + text(output.joined(separator: "\n")) + "</system-out>")
    }
    lines.append("    </testcase>")
    return lines
  }

  /// `text` escaped for an attribute value, whitespace kept as character references.
  static func attribute(_ text: String) -> String { escape(text, inAttribute: true) }

  /// `text` escaped for element content.
  static func text(_ text: String) -> String { escape(text, inAttribute: false) }

  /// Escapes markup characters and replaces characters XML 1.0 forbids with U+FFFD.
  private static func escape(_ text: String, inAttribute: Bool) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where inAttribute: result += "&quot;"
      case "'" where inAttribute: result += "&apos;"
      // Attribute-value normalization turns raw whitespace into spaces; references survive.
      case "\n" where inAttribute: result += "&#10;"
      case "\t" where inAttribute: result += "&#9;"
      case "\r": result += "&#13;"
      case "\n", "\t": result.unicodeScalars.append(scalar)
      case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
