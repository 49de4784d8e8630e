import ContractKitRuntime
/// What `review` shows: the list of pending changes, one line each with its selector, and a
/// change's card (its findings, who they break, and a line diff of the canonical JSON).
/// Pure: text in, lines out.
enum ReviewText {
  /// `--list`, and `review` without a terminal: every change with its selector, then the
  /// results that no longer apply.
  static func list(_ plan: ReviewPlan, command: String) -> String {
    var lines: [String] = []
    let source = plan.store.display("")
    if plan.changes.isEmpty {
      lines.append("Nothing pending in \(source).")
    } else {
      lines.append("\(plan.changes.count) pending \(plan.changes.count == 1 ? "change" : "changes") "
        + "in \(source):")
      let selectors = plan.changes.map(plan.selector(of:))
      let width = min(48, selectors.map(\.count).max() ?? 0)
      for (change, selector) in zip(plan.changes, selectors) {
        let text = DisplayText.escaped(selector)
        lines.append("  \(text)\(String(repeating: " ", count: max(0, width - text.count)))  "
          + summary(change))
      }
    }
    lines += staleLines(plan)
    if !plan.changes.isEmpty {
      lines += ["", "Review them in a terminal: \(command) review",
                "or: \(command) review --accept <selector>... [--reason \"…\"] | "
                  + "--reject <selector>..."]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The pending results that no longer apply: dropped (local) or refused (`--from`).
  static func staleLines(_ plan: ReviewPlan) -> [String] {
    guard !plan.stale.isEmpty else { return [] }
    let verb = plan.isDownloaded ? "Refused" : "Dropped"
    return ["\(verb) (no longer applies, never applied):"] + plan.stale.map { entry in
      let selector = CaseSelector.exact(.file(entry.result.contractCase))?.text ?? ""
      return "  \(DisplayText.escaped(selector)): \(entry.reason)"
    }
  }

  /// `breaking  field-removed, field-added  (36 files)`: a change in one line.
  static func summary(_ change: ReviewChange) -> String {
    if let orphan = change.orphan {
      return "orphan    \(orphan.finding.kind.rawValue): \(orphan.files.count) baseline "
        + "\(orphan.files.count == 1 ? "file" : "files") no contract produces"
    }
    var kinds: [String] = []
    for severity in [Severity.error, .warning, .info] {
      for finding in change.findings
      where finding.severity == severity && !kinds.contains(finding.kind.rawValue) {
        kinds.append(finding.kind.rawValue)
      }
    }
    let label = change.isBreaking ? "breaking" : change.severity == .error ? "error   " : "harmless"
    let count = change.results.count
    return "\(label)  \(kinds.isEmpty ? "re-encoded" : kinds.joined(separator: ", "))  "
      + "(\(count) \(count == 1 ? "file" : "files"))"
  }

  /// The findings of a change, grouped across locales and variants (``FindingGroup``) and
  /// then across versions, two lines each: `error field-removed /title`, with where it
  /// applies when that is not every case of the change (`1.0.0; en, es`), then the message.
  static func findingLines(_ change: ReviewChange, localeOrder: [String], colored: Bool)
    -> [(head: String, message: String)]
  {
    struct Place { var versions: [String] = []; var locales: [String] = []; var variants: [String] = [] }
    func adding(_ values: [String], to list: inout [String]) {
      for value in values where !list.contains(value) { list.append(value) }
    }
    var order: [[String]] = []
    var places: [[String]: Place] = [:]
    for group in FindingGroup.grouping(change.findings, localeOrder: localeOrder) {
      let key = [group.kind.rawValue, group.severity.rawValue,
                 group.representative.displayPath ?? "", group.message]
      if places[key] == nil { order.append(key) }
      var place = places[key] ?? Place()
      adding(group.version.map { [$0] } ?? [], to: &place.versions)
      adding(group.locales, to: &place.locales)
      adding(group.variants, to: &place.variants)
      places[key] = place
    }
    let cases = change.results.map(\.contractCase)
    let all = (Set(cases.map(\.version.versionString)), Set(cases.map(\.locale)),
               Set(cases.map(\.variant)))
    return order.map { key in
      let severity = Severity(rawValue: key[1]) ?? .info
      let word = colored ? ansi(severity) : severity.rawValue
      let place = places[key] ?? Place()
      let parts = [
        Set(place.versions) == all.0 ? "" : place.versions.joined(separator: ", "),
        Set(place.locales) == all.1 ? "" : place.locales.joined(separator: ", "),
        Set(place.variants) == all.2 ? "" : "(\(place.variants.joined(separator: ", ")))",
      ].filter { !$0.isEmpty && $0 != "()" }
      let where_ = parts.isEmpty ? "" : "  in " + parts.joined(separator: "; ")
      return (word + " " + DisplayText.escaped("\(key[0]) \(key[2])\(where_)"),
              DisplayText.escaped(key[3]))
    }
  }

  /// Who the change breaks, in one line.
  static func breaksLine(_ change: ReviewChange) -> String {
    if let orphan = change.orphan {
      return "Accepting removes \(orphan.files.count) baseline "
        + "\(orphan.files.count == 1 ? "file" : "files"); rejecting keeps them."
    }
    if change.isBreaking {
      var versions: [String] = []
      for finding in change.breaks {
        if let version = finding.version, !versions.contains(version) { versions.append(version) }
      }
      // A removed contract's break names no version: all of its released ones.
      let whose = versions.isEmpty ? "released versions" : versions.joined(separator: ", ")
      return "Breaks clients of \(whose): accepting asks why."
    }
    if change.findings.contains(where: \.kind.breaksClients) {
      return "Breaks no released client (the version is unreleased)."
    }
    if change.findings.contains(where: { $0.kind.recording == .refuses }) {
      return "Unstable: recording refuses it until the stub is fixed."
    }
    return "Breaks no client."
  }

  static func ansi(_ severity: Severity) -> String {
    let code =
      switch severity {
      case .error: "1;31"
      case .warning: "1;33"
      case .info: "1;36"
      }
    return "\u{1B}[\(code)m\(severity.rawValue)\u{1B}[0m"
  }
}
