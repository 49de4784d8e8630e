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

  /// One finding of a change as its card shows it.
  struct FindingEntry {
    /// `error field-removed /title  in 1.0.0; en, es`.
    var head: String
    /// The message.
    var message: String
    /// Every distinct pair of values the finding has across the change's files, each with
    /// where it is (`fr: "Enregistrer" → "Enregistrer les modifications"`): a per-locale
    /// text shows every locale's, so nothing is accepted unseen.
    var values: [String]
  }

  /// The findings of a change, grouped across locales and variants (``FindingGroup``) and
  /// then across versions: `error field-removed /title`, with where it applies when that is
  /// not every case of the change (`1.0.0; en, es`), the message, and its values.
  static func findingLines(_ change: ReviewChange, localeOrder: [String], colored: Bool)
    -> [FindingEntry]
  {
    var order: [[String]] = []
    var members: [[String]: [Finding]] = [:]
    for group in FindingGroup.grouping(change.findings, localeOrder: localeOrder) {
      let key = [group.kind.rawValue, group.severity.rawValue,
                 group.representative.displayPath ?? "", group.message]
      if members[key] == nil { order.append(key) }
      members[key, default: []] += group.members
    }
    let extent = Extent(change.results.map(\.contractCase), localeOrder: localeOrder)
    return order.map { key in
      let severity = Severity(rawValue: key[1]) ?? .info
      let word = colored ? ansi(severity) : severity.rawValue
      let found = members[key] ?? []
      let place = Extent(found.compactMap(\.scope.file), localeOrder: localeOrder)
      let where_ = extent.qualifying(place, locales: true)
      return FindingEntry(
        head: word + " " + DisplayText.escaped("\(key[0]) \(key[2])"
          + (where_.isEmpty ? "" : "  in " + where_)),
        message: DisplayText.escaped(key[3]),
        values: valueLines(found, extent: extent, localeOrder: localeOrder))
    }
  }

  /// `en, es: "Save" → "Save changes"`: each distinct pair of values among `findings` once,
  /// with the locales (and the versions, variants and rows, where they are not all of the
  /// change's) that have it.
  private static func valueLines(_ findings: [Finding], extent: Extent, localeOrder: [String])
    -> [String]
  {
    let paths = Set(findings.compactMap(\.path))
    var order: [[String]] = []
    var places: [[String]: [Finding]] = [:]
    for finding in findings where finding.baseline != nil || finding.current != nil {
      let pair = finding.kind.valuePair
      let values = [
        pair.baselineLabel == nil ? "" : ValueExcerpt.excerpt(finding.baseline, limit: .max),
        ValueExcerpt.excerpt(finding.current, limit: .max),
      ]
      let key = (paths.count > 1 ? [finding.displayPath ?? ""] : []) + values
      if places[key] == nil { order.append(key) }
      places[key, default: []].append(finding)
    }
    return order.map { key in
      let found = places[key] ?? []
      let place = Extent(found.compactMap(\.scope.file), localeOrder: localeOrder)
      var label = place.locales.joined(separator: ", ")
      let qualifier = extent.qualifying(place, locales: false)
      if !qualifier.isEmpty { label += " (\(qualifier))" }
      if paths.count > 1 { label += " " + key[0] }
      let values = key.suffix(2)
      let text = values.filter { !$0.isEmpty }.joined(separator: " → ")
      return DisplayText.escaped("\(label): \(text)")
    }
  }

  /// The versions, locales and variants some files have, in catalog order.
  struct Extent {
    var versions: [String] = []
    var locales: [String] = []
    var variants: [String] = []

    init(_ cases: [ContractCase], localeOrder: [String]) {
      func adding(_ value: String, to list: inout [String]) {
        if !list.contains(value) { list.append(value) }
      }
      for file in cases.sorted(by: { $0.version < $1.version }) {
        adding(file.version.versionString, to: &versions)
      }
      let rank = Dictionary(localeOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: min)
      for file in cases.sorted(by: { (rank[$0.locale] ?? .max) < (rank[$1.locale] ?? .max) }) {
        adding(file.locale, to: &locales)
      }
      for file in cases { adding(file.variant, to: &variants) }
    }

    /// `1.0.0; en, es; (empty)`: what `part` has of this extent, where it is not all of it.
    func qualifying(_ part: Extent, locales withLocales: Bool) -> String {
      [
        Set(part.versions) == Set(versions) ? "" : part.versions.joined(separator: ", "),
        !withLocales || Set(part.locales) == Set(locales) ? "" : part.locales.joined(separator: ", "),
        Set(part.variants) == Set(variants) ? "" : "(\(part.variants.joined(separator: ", ")))",
      ].filter { !$0.isEmpty && $0 != "()" }.joined(separator: "; ")
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
