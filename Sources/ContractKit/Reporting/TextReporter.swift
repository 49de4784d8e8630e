import ContractKitRuntime

/// Renders a report as lines for a terminal: a verdict, then grouped findings, most severe
/// first.
///
/// For `check` (and `diff`):
/// ```
/// contracts check: 1 error, 0 warnings, 0 infos in 12 contracts (216 baselines)
///
/// error  field-removed  DashboardViewModel 1.0.0 /title in en, es (default): Field removed.
///     baseline (en): "Weekly summary"
///     current (en):  (absent)
///
/// Run 'swift run contracts record' after an intended change; breaking changes need …
/// ```
/// A passing `check` whose findings `record` would write ends with the same next step,
/// without the talk of breaking changes.
/// For the release gate (`report`, `merge`): `GATE: PASS|FAIL`, the required bump, a summary
/// table, findings under a heading per contract, and coverage per locale.
enum TextReporter {
  /// What to do next after a failing `check` of `command` (`swift run app-contracts`):
  /// never `record` while `blockers` make it refuse.
  static func checkHint(command: String, blockers: RecordBlockers = RecordBlockers([]))
    -> String
  {
    guard blockers.isEmpty else {
      return "Fix \(blockers.summary) first (see each one's remedy): '\(command) record' "
        + "refuses while any remains."
    }
    return "Run '\(command) record' after an intended change; breaking changes need "
      + "--accept-breaking --reason \"…\"."
  }

  /// What to do next after a passing `check` whose findings `record` would write.
  static func recordHint(command: String) -> String {
    "Run '\(command) record' to bring the baselines up to date."
  }

  /// The heading for findings that belong to no contract (such as `key-unused`).
  static let noContractHeading = FindingGroup.noContractHeading

  /// Renders `report`; `colored` wraps severity words in ANSI colours, and `command` is the
  /// user's command line that the next step names.
  /// The program `command` runs: `app-contracts` for `swift run app-contracts`; `nil` for
  /// anything else (a placeholder such as `swift run <your contracts executable>`).
  static func program(of command: String) -> String? {
    let prefix = "swift run "
    guard command.hasPrefix(prefix) else { return nil }
    let program = command.dropFirst(prefix.count)
    guard !program.isEmpty, !program.contains(where: { $0 == " " || $0 == "<" }) else {
      return nil
    }
    return String(program)
  }

  static func render(_ report: Report, colored: Bool, command: String = "swift run contracts")
    -> String
  {
    let groups = FindingGroup.grouping(report.findings, localeOrder: report.localeOrder)
    var lines: [String] = []
    if report.isGateReport {
      lines.append("GATE: \(report.gateWord)")
      lines.append("Required bump: \(report.summary.requiredBump.rawValue)"
        + report.comparedSuffix)
      if let since = report.since { lines.append(SinceReleaseLines.bumpLine(since)) }
      lines.append("")
      lines += summaryTable(report.summary)
      if let compat = report.compat { lines += CompatMatrixLines.text(compat) }
      lines += contractSections(groups, colored: colored)
      if let since = report.since {
        lines += SinceReleaseLines.text(since, localeOrder: report.localeOrder)
      }
      lines += coverageLines(report.coverage)
    } else {
      lines.append("\(program(of: command) ?? "contracts") \(report.command): "
        + report.summary.countsSentence)
      if report.comparison != nil {
        lines.append("Required bump: \(report.summary.requiredBump.rawValue)"
          + report.comparedSuffix)
      }
      if !groups.isEmpty { lines.append("") }
      for group in groups { lines += findingLines(group, indent: "", colored: colored) }
      if report.command == "check" {
        if !report.failingFindings.isEmpty {
          lines += ["", checkHint(command: command, blockers: RecordBlockers(report.findings))]
        } else if report.findings.contains(where: { $0.kind.recording == .writes }) {
          lines += ["", recordHint(command: command)]
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The line of one group and the lines of its values.
  ///
  /// `error  field-removed  DashboardViewModel 1.0.0 /title in en, es (default): <message>`,
  /// followed by `baseline:` and `current:` excerpts when the finding carries values.
  static func findingLines(_ group: FindingGroup, indent: String, colored: Bool) -> [String] {
    let severity = colored ? ansi(group.severity) : group.severity.rawValue
    // One finding, one line: a line break or an escape sequence in a name, a key or a path
    // is spelled out (``DisplayText``), so nothing in the data can forge a report line.
    let location = DisplayText.escaped(group.location)
    let head = "\(indent)\(severity)  \(group.kind.rawValue)"
      + (location.isEmpty ? ": " : "  \(location): ")
    let message = DisplayText.escaped(group.message)
    return [head + message] + valueLines(group.representative, label: group.valueLabel)
      .map { "\(indent)    \($0)" }
  }

  /// `baseline: "Weekly summary"` and `current:  (absent)`, aligned; none without values.
  ///
  /// The finding's ``ValuePair`` names the lines: `first:` and `second:` for two encodings of
  /// one stub, a `current:` line alone for a problem of today's encoding.
  ///
  /// - Parameter label: Names whose values these are when a group's members differ (`en`).
  static func valueLines(_ finding: Finding, label: String?) -> [String] {
    let rows = finding.labelledValues(label: label)
    let width = (rows.map(\.label.count).max() ?? 0) + 1
    // The excerpt is JSON, its control characters escaped; bidirectional controls are
    // spelled out too, so a value cannot reorder the line.
    return rows.map { row in
      "\(row.label):".paddedRight(to: width + 1)
        + DisplayText.escaped(ValueExcerpt.excerpt(row.value))
    }
  }

  /// The counts as a right-aligned table with a header row.
  private static func summaryTable(_ summary: Summary) -> [String] {
    let columns = [
      ("contracts", summary.contracts), ("versions", summary.versions),
      ("locales", summary.locales), ("baselines", summary.baselines),
      ("errors", summary.errors), ("warnings", summary.warnings), ("infos", summary.infos),
    ]
    let widths = columns.map { max($0.0.count, String($0.1).count) }
    let header = zip(columns, widths).map { $0.0.0.paddedLeft(to: $0.1) }
    let values = zip(columns, widths).map { String($0.0.1).paddedLeft(to: $0.1) }
    return [header.joined(separator: "  "), values.joined(separator: "  ")]
  }

  /// Findings under one heading per contract, in report order; `No findings.` when none.
  private static func contractSections(_ groups: [FindingGroup], colored: Bool) -> [String] {
    guard !groups.isEmpty else { return ["", "No findings."] }
    var lines: [String] = []
    for (contract, indices) in FindingGroup.byContract(groups) {
      // A contract's name comes from the data (a merged report's, a tree's): one line.
      lines += ["", contract.map(DisplayText.escaped) ?? noContractHeading]
      for index in indices {
        lines += findingLines(groups[index], indent: "  ", colored: colored)
      }
    }
    return lines
  }

  /// `Coverage` and one aligned line per locale; nothing when the run looked nothing up.
  private static func coverageLines(_ coverage: [LocaleCoverage]) -> [String] {
    guard !coverage.isEmpty else { return [] }
    let width = coverage.map { DisplayText.escaped($0.locale).count }.max() ?? 0
    return ["", "Coverage"] + coverage.map { entry in
      "  \(DisplayText.escaped(entry.locale).paddedRight(to: width))  resolved "
        + "\(entry.resolved)/\(entry.total) (\(entry.percentText)%), fell back "
        + "\(entry.fellBack), missing \(entry.missing)"
    }
  }

  /// The severity word in bold ANSI colour: red errors, yellow warnings, cyan infos.
  private static func ansi(_ severity: Severity) -> String {
    let code =
      switch severity {
      case .error: "1;31"
      case .warning: "1;33"
      case .info: "1;36"
      }
    return "\u{1B}[\(code)m\(severity.rawValue)\u{1B}[0m"
  }
}

/// A one-line excerpt of a JSON value for reports: compact, sorted keys, at most 80 characters.
///
/// Reports show the two values at a path side by side, never two whole files; the writer
/// stops as soon as the excerpt is full, so a 10 MB value costs no more than a short one.
enum ValueExcerpt {
  /// The longest excerpt in characters, `…` included.
  static let limit = 80

  /// `{"a": 1, "b": [true, null]}`, cut to `limit` characters with `…`; `(absent)` for
  /// `nil`. `review` shows values whole (`limit: .max`), wrapped to its screen.
  static func excerpt(_ value: JSONValue?, limit: Int = limit) -> String {
    guard let value else { return "(absent)" }
    var writer = _Writer(limit: limit)
    writer.write(value)
    guard writer.length > limit else { return writer.text }
    return String(writer.text.prefix(limit - 1)) + "…"
  }

  /// Writes compact JSON until it holds more than `limit` characters.
  private struct _Writer {
    let limit: Int
    var text = ""
    var length = 0

    /// Appends `value` compactly, stopping once the excerpt is past the limit.
    mutating func write(_ value: JSONValue) {
      guard length <= limit else { return }
      switch value {
      case .null: append("null")
      case .bool(let flag): append(flag ? "true" : "false")
      case .number(let number): append(number.canonical)
      case .string(let string): appendQuoted(string)
      case .array(let elements):
        append("[")
        for (index, element) in elements.enumerated() {
          guard length <= limit else { return }
          if index > 0 { append(", ") }
          write(element)
        }
        append("]")
      case .object(let members):
        append("{")
        let sorted = members.sorted { codePointOrder($0.key, $1.key) }
        for (index, member) in sorted.enumerated() {
          guard length <= limit else { return }
          if index > 0 { append(", ") }
          appendQuoted(member.key)
          append(": ")
          write(member.value)
        }
        append("}")
      }
    }

    /// Appends `string` quoted and escaped as canonical JSON spells it, cut to fit.
    private mutating func appendQuoted(_ string: String) {
      // Escaping only lengthens text, so a prefix longer than the limit still overflows.
      append(CanonicalJSON.quoted(limit == .max ? string : String(string.prefix(limit + 1))))
    }

    /// Appends `piece` and counts its characters.
    private mutating func append(_ piece: String) {
      text += piece
      length += piece.count
    }
  }
}

private extension String {
  /// The string followed by spaces up to `length` characters (never cut).
  func paddedRight(to length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }

  /// The string preceded by spaces up to `length` characters (never cut).
  func paddedLeft(to length: Int) -> String {
    count >= length ? self : String(repeating: " ", count: length - count) + self
  }
}
