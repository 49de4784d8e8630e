import ContractKitRuntime
/// The findings of the HTML report: a section per contract, each change once (a
/// ``FindingGroup``) with its kind, severity, whom it breaks, its values and a JSON diff.
///
/// Every group is an `<article>` with an anchor the matrix links to and `data-` attributes
/// the filters read (severity, kind, locales).
enum HTMLFindings {
  /// The most members whose differing values a group lists; the rest are counted.
  static let listedMembers = 12
  /// The longest value shown, in characters; longer ones are cut with a note.
  static let valueLimit = 2_000

  /// The anchor of the group at `index`: `f1`, `f2`, ….
  static func anchor(_ index: Int) -> String { "f\(index + 1)" }

  /// What a card needs to know beyond its group to state what it means for the release.
  struct Context {
    /// The bump the report requires, as its verdict states it.
    var requiredBump: VersionBump = .none
    /// The kind of each break no log row accepts, by the scope and path of its
    /// `break-unlogged` finding.
    var unloggedKinds: [UnloggedPlace: FindingKind] = [:]

    /// The context of `report`.
    init(_ report: Report) {
      requiredBump = report.summary.requiredBump
      for change in report.since?.unlogged ?? [] {
        unloggedKinds[UnloggedPlace(change)] = change.kind
      }
    }

    init() {}
  }

  /// Where a break no log row accepts is: its scope and path.
  struct UnloggedPlace: Hashable {
    var scope: FindingScope
    var path: String?
    init(_ finding: Finding) {
      scope = finding.scope
      path = finding.path
    }
  }

  /// The findings section of `groups`, under one heading per contract.
  static func html(_ groups: [FindingGroup], context: Context = Context()) -> String {
    guard !groups.isEmpty else { return "<p>No findings.</p>\n" }
    var html = "<div id=\"filters\" hidden></div>\n"
    for (contract, indices) in FindingGroup.byContract(groups) {
      let heading = HTMLText.escaped(contract ?? FindingGroup.noContractHeading)
      html += "<section class=\"contract\">\n<h3>\(heading)</h3>\n"
      for index in indices {
        html += article(groups[index], anchor: anchor(index), context: context)
      }
      html += "</section>\n"
    }
    return html
  }

  /// One group: heading, message, consequences, values and diff.
  static func article(_ group: FindingGroup, anchor: String, context: Context = Context())
    -> String
  {
    let severity = group.severity.rawValue
    let attributes = [
      "class=\"finding \(severity)\"", "id=\"\(anchor)\"", "data-severity=\"\(severity)\"",
      "data-kind=\"\(group.kind.rawValue)\"",
      "data-locale=\"\(HTMLText.escaped(group.locales.joined(separator: " ")))\"",
    ]
    var html = "<article \(attributes.joined(separator: " "))>\n"
    html += "<h4><span class=\"badge \(severity)\">\(severity)</span> <code>\(group.kind.rawValue)</code> "
      + location(group) + "</h4>\n"
    html += "<p class=\"message\">\(HTMLText.escaped(group.message))</p>\n"
    html += "<p class=\"meta\">\(consequences(group, context: context))</p>\n"
    html += values(group)
    if group.kind.valuePair != .currentOnly,
       let diff = ValueDiff(path: group.representative.path, old: group.representative.baseline,
                            new: group.representative.current)
    {
      html += diffHTML(diff)
    }
    return html + "</article>\n"
  }

  /// `DashboardViewModel 1.0.0 <code>/title</code> in en, es (default)`, escaped.
  static func location(_ group: FindingGroup) -> String {
    var words = [group.contract, group.version].compactMap { $0 }.map(HTMLText.escaped)
    if let path = group.representative.displayPath { words.append(HTMLText.code(path)) }
    if let scope = group.scope {
      words.append(HTMLText.escaped(group.locales.isEmpty ? scope : "in \(scope)"))
    }
    return words.joined(separator: " ")
  }

  /// Whom the change breaks, the bump it requires, and how many findings it stands for.
  ///
  /// A card states what its finding means for the release the verdict is about:
  /// `version-bump-required` names the bump the report requires, and `break-unlogged`
  /// speaks for the break it is about.
  static func consequences(_ group: FindingGroup, context: Context = Context()) -> String {
    let count = group.members.count == 1 ? "1 finding" : "\(group.members.count) findings"
    let version = group.version.map { " of \(HTMLText.escaped($0))" } ?? ""
    switch group.kind {
    case .versionBumpRequired:
      return "The declared version is smaller than the changes require: the release "
        + "requires a \(context.requiredBump.rawValue) bump; \(count)."
    case .breakUnlogged:
      let kind = context.unloggedKinds[UnloggedPlace(group.representative)]
      let whom = kind.map {
        "A <code>\($0.rawValue)</code>: "
          + ($0.breaksClients ? "breaks clients that decode the released baseline\(version)"
            : "removes baselines\(version)")
          + ($0.bump == .none ? "" : ", requires a \($0.bump.rawValue) bump")
      } ?? "A break since the release"
      return "\(whom); no row of Baselines.md's log accepts it; \(count)."
    default:
      let whom =
        group.kind.breaksClients
        ? "Breaks clients that decode the committed baseline\(version)" : "Breaks no client"
      let bump =
        group.kind.bump == .none
        ? "bears on no version bump" : "requires a \(group.kind.bump.rawValue) bump"
      return "\(whom); \(bump); \(count)."
    }
  }

  /// A table of the values: one row when the members share them, else one per member.
  static func values(_ group: FindingGroup) -> String {
    let labels = group.representative.labelledValues()
    guard !labels.isEmpty else { return "" }
    let shown = group.membersShareValues ? [group.representative]
      : Array(group.members.prefix(listedMembers))
    var html = "<table class=\"values\"><tr>"
    if !group.membersShareValues { html += "<th>where</th>" }
    html += labels.map { "<th>\($0.label)</th>" }.joined() + "</tr>\n"
    for member in shown {
      html += "<tr>"
      if !group.membersShareValues { html += "<td>\(HTMLText.escaped(place(member)))</td>" }
      for value in member.labelledValues() {
        html += "<td><code>\(HTMLText.escapedLines(text(value.value)))</code></td>"
      }
      html += "</tr>\n"
    }
    let rest = group.membersShareValues ? 0 : group.members.count - shown.count
    if rest > 0 {
      html += "<tr><td colspan=\"\(labels.count + 1)\" class=\"muted\">and \(rest) more</td></tr>\n"
    }
    return html + "</table>\n"
  }

  /// `en (default)`: the member's locale and variant.
  private static func place(_ finding: Finding) -> String {
    [finding.locale, finding.variant.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
  }

  /// A value as canonical JSON, cut at ``valueLimit`` characters; `(absent)` for none.
  static func text(_ value: JSONValue?) -> String {
    guard let value else { return "(absent)" }
    var text = CanonicalJSON.string(value)
    text.removeLast()
    guard text.count > valueLimit else { return text }
    return String(text.prefix(valueLimit)) + "… (\(text.count - valueLimit) more characters)"
  }

  /// The diff as a `<pre>` of marked lines.
  static func diffHTML(_ diff: ValueDiff) -> String {
    var html = "<pre class=\"diff\">"
    for line in diff.lines {
      switch line.mark {
      case .path: html += "<span class=\"ctx\">  \(HTMLText.escaped(line.text))</span>"
      case .same: html += "<span>  \(HTMLText.escaped(line.text))</span>"
      case .removed: html += "<span class=\"del\">- \(HTMLText.escaped(line.text))</span>"
      case .added: html += "<span class=\"add\">+ \(HTMLText.escaped(line.text))</span>"
      case .skipped(let count):
        html += "<span class=\"ctx\">  ⋯ \(count == 1 ? "1 line" : "\(count) lines")</span>"
      }
    }
    return html + "</pre>\n"
  }
}
