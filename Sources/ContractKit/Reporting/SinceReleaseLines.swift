import ContractKitRuntime
/// The release section `report --against REF` adds to every format: the bump required since
/// the release, the breaks accepted since then with their reasons, and the breaks no row of
/// the log accepts. Text and Markdown are here; each other format renders the same three
/// parts (``JSONReporter``'s `sinceRelease`, ``JUnitPlan``, ``GitHubReporter``,
/// ``HTMLRelease``).
///
/// ```
/// Since v2.0.0 (commit 3f2c9a1b0d4e): major (Card: field-removed)
/// …
/// Accepted since v2.0.0
///   2026-03-02  Card 2.0.0  field-removed at /title  Renamed title to heading for the redesign
///
/// Unlogged since v2.0.0 (breaks no row of Baselines.md's log accepts)
///   field-removed  Card 2.0.0 /subtitle in en, es (default)
/// ```
enum SinceReleaseLines {
  /// The line under `Required bump:`.
  static func bumpLine(_ since: SinceRelease) -> String {
    "Since \(DisplayText.escaped(since.ref)) (commit \(since.commit.prefix(12))): "
      + DisplayText.escaped(since.bumpSentence)
  }

  /// `field-removed at /title, /subtitle`: the kinds of an accepted break and where.
  static func kindsAndPlaces(_ entry: AcceptedBreak) -> String {
    let places = (entry.places ?? []).map(placeText)
    return entry.kinds.joined(separator: ", ")
      + (places.isEmpty ? "" : " at " + places.joined(separator: ", "))
  }

  /// A place as text says it: the path (`(document)` for the whole), or `locale es`.
  static func placeText(_ place: BreakPlace) -> String {
    switch place {
    case .path(let path): path.isEmpty ? "(document)" : path
    case .locale(let locale): "locale \(locale)"
    }
  }

  /// The unlogged breaks as groups: the same break in several locales is one.
  static func unloggedGroups(_ since: SinceRelease, localeOrder: [String]) -> [FindingGroup] {
    FindingGroup.grouping(since.unlogged, localeOrder: localeOrder)
  }

  /// The sections that list the accepted and the unlogged breaks, for text output.
  static func text(_ since: SinceRelease, localeOrder: [String]) -> [String] {
    let ref = DisplayText.escaped(since.ref)
    var lines = since.accepted.isEmpty
      ? ["", "Accepted since \(ref): none"]
      : ["", "Accepted since \(ref)"] + since.accepted.map { entry in
        "  " + [entry.date, "\(entry.contract) \(entry.version)", kindsAndPlaces(entry),
                entry.reason].map(DisplayText.escaped).joined(separator: "  ")
      }
    let groups = unloggedGroups(since, localeOrder: localeOrder)
    guard !groups.isEmpty else { return lines + ["", "Unlogged since \(ref): none"] }
    lines += ["", "Unlogged since \(ref) (breaks no row of Baselines.md's log accepts)"]
    lines += groups.map { "  \($0.kind.rawValue)  \(DisplayText.escaped($0.location))" }
    return lines
  }

  /// The line under `Required bump:`, for Markdown.
  static func bumpMarkdown(_ since: SinceRelease) -> String {
    let reasons = since.comparison.reasons.map { reason in
      MarkdownReporter.code(reason.contract) + ": "
        + reason.kinds.map(\.rawValue).joined(separator: ", ")
    }
    return "Since \(MarkdownReporter.code(since.ref)) (commit `\(since.commit.prefix(12))`): "
      + "**\(since.requiredBump.rawValue)**"
      + (reasons.isEmpty ? "" : " (\(reasons.joined(separator: "; ")))")
  }

  /// The sections that list the accepted and the unlogged breaks, for Markdown: names and
  /// places as code spans, reasons escaped.
  static func markdown(_ since: SinceRelease, localeOrder: [String]) -> [String] {
    let ref = MarkdownReporter.code(since.ref)
    var lines = ["", "### Accepted since \(ref)", ""]
    if since.accepted.isEmpty {
      lines.append("No break accepted since \(ref).")
    } else {
      lines += MarkdownReporter.table(
        header: ["date", "contract", "version", "kinds", "where", "reason"],
        rightAligningFrom: 6,
        rows: since.accepted.map { entry in
          [MarkdownReporter.escape(entry.date), MarkdownReporter.code(entry.contract),
           MarkdownReporter.code(entry.version),
           MarkdownReporter.escape(entry.kinds.joined(separator: ", ")),
           (entry.places ?? []).map { MarkdownReporter.code(placeText($0)) }
             .joined(separator: ", "),
           MarkdownReporter.escape(entry.reason)]
        })
    }
    lines += ["", "### Unlogged since \(ref)", ""]
    let groups = unloggedGroups(since, localeOrder: localeOrder)
    guard !groups.isEmpty else {
      return lines + ["Every break since \(ref) has its row in Baselines.md's log."]
    }
    lines.append("Breaks since \(ref) that no row of Baselines.md's log accepts: each is a "
      + "`break-unlogged` error.")
    lines.append("")
    return lines + MarkdownReporter.table(
      header: ["kind", "contract", "version", "path", "locales"], rightAligningFrom: 5,
      rows: groups.map { group in
        [group.kind.rawValue, MarkdownReporter.code(group.contract ?? ""),
         MarkdownReporter.code(group.version ?? ""), MarkdownReporter.pathCell(group.representative),
         MarkdownReporter.code(group.scope ?? "")]
      })
  }
}
