/// Renders a report as JUnit XML: one `<testsuite>` per contract, one `<testcase>` per
/// contract, version, locale and variant.
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <testsuites name="ContractKit" tests="1" failures="1">
///   <testsuite name="DashboardViewModel" tests="1" failures="1">
///     <testcase classname="DashboardViewModel" name="1.0.0 en default">
///       <failure type="field-removed" message="…">path: /cards/0/title …</failure>
///     </testcase>
///   </testsuite>
/// </testsuites>
/// ```
/// Findings at a failing severity (errors; warnings under `--strict`) are `<failure>`s with
/// the path and both values in the body; the others are listed in `<system-out>`.
enum JUnitReporter {
  /// Renders `report`, listing `cases` (passing or not) and every case with findings.
  static func render(_ report: Report, cases: [ContractCase] = []) -> String {
    var findingsByCase: [FindingScope: [Finding]] = [:]
    for finding in report.findings {
      findingsByCase[finding.scope.asReported, default: []].append(finding)
    }
    let allCases = Set(cases.map(FindingScope.file)).union(findingsByCase.keys)
      .sorted(by: FindingScope.precedes)
    let failing = Set(report.failingFindings)

    var suites: [(name: String, lines: [String], tests: Int, failures: Int)] = []
    for testCase in allCases {
      let findings = findingsByCase[testCase] ?? []
      let lines = caseLines(testCase, findings: findings, failing: failing)
      let failed = findings.contains(where: failing.contains) ? 1 : 0
      if let last = suites.last, last.name == testCase.suiteName {
        suites[suites.count - 1].lines += lines
        suites[suites.count - 1].tests += 1
        suites[suites.count - 1].failures += failed
      } else {
        suites.append((testCase.suiteName, lines, 1, failed))
      }
    }
    let failures = suites.map(\.failures).reduce(0, +)
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<testsuites name="ContractKit" tests="\#(allCases.count)" failures="\#(failures)">"#,
    ]
    for suite in suites {
      lines.append(
        #"  <testsuite name="\#(attribute(suite.name))" tests="\#(suite.tests)""#
          + #" failures="\#(suite.failures)">"#)
      lines += suite.lines
      lines.append("  </testsuite>")
    }
    lines.append("</testsuites>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The `<testcase>` element of one case with its failures and other findings.
  private static func caseLines(_ testCase: FindingScope, findings: [Finding],
                                failing: Set<Finding>) -> [String]
  {
    let open = #"    <testcase classname="\#(attribute(testCase.suiteName))""#
      + #" name="\#(attribute(testCase.name))""#
    guard !findings.isEmpty else { return [open + "/>"] }
    var lines = [open + ">"]
    var output: [String] = []
    for finding in findings {
      guard failing.contains(finding) else {
        output += TextReporter.findingLines(FindingGroup(finding), indent: "", colored: false)
        continue
      }
      let head = #"      <failure type="\#(attribute(finding.kind.rawValue))""#
        + #" message="\#(attribute(finding.message))""#
      let body = (finding.displayPath.map { ["path: \($0)"] } ?? [])
        + TextReporter.valueLines(finding, label: nil)
      lines.append(
        body.isEmpty
          ? head + "/>" : head + ">" + text(body.joined(separator: "\n")) + "</failure>")
    }
    if !output.isEmpty {
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

extension FindingScope {
  /// The suite (`classname`) of a test case: the contract, or `(no contract)`.
  fileprivate var suiteName: String { contract ?? TextReporter.noContractHeading }

  /// `1.0.0 en default`: what applies of version, locale and variant; `contract` or `catalog`
  /// when none does.
  fileprivate var name: String {
    let words = [version?.versionString, locale, variant].compactMap { $0 }
    guard words.isEmpty else { return words.joined(separator: " ") }
    return contract == nil ? "catalog" : "contract"
  }
}
