import ContractKitRuntime
/// The release section of the HTML report (`report --against REF`): the bump the changes
/// since the release require, the breaks accepted since then with their reasons, and the
/// breaks no row of the log accepts, each linking to its `break-unlogged` card.
///
/// ```html
/// <h2 id="release">Since <code>v1</code></h2>
/// <p id="since-bump">… requires <strong>major</strong> (Card: <code>field-removed</code>) …</p>
/// <h3>Accepted since <code>v1</code></h3>
/// <table class="accepted">…</table>
/// <h3>Unlogged since <code>v1</code></h3>
/// <table class="unlogged">…</table>
/// ```
enum HTMLRelease {
  /// The section for `since`; `groups` and `anchors` are the findings' cards, which the
  /// unlogged breaks link to.
  static func html(_ since: SinceRelease, report: Report, groups: [FindingGroup],
                   anchors: [String]) -> String
  {
    let ref = HTMLText.code(since.ref)
    var html = "<h2 id=\"release\">Since \(ref)</h2>\n"
    html += "<p id=\"since-bump\">\(bumpSentence(since))</p>\n"
    html += "<h3>Accepted since \(ref)</h3>\n"
    if since.accepted.isEmpty {
      html += "<p>No break accepted since \(ref).</p>\n"
    } else {
      html += "<table class=\"accepted\"><tr><th>date</th><th>contract</th><th>version</th>"
        + "<th>kinds</th><th>where</th><th>reason</th></tr>\n"
      for entry in since.accepted {
        let places = (entry.places ?? []).map { HTMLText.code(SinceReleaseLines.placeText($0)) }
        html += "<tr><td>\(HTMLText.escaped(entry.date))</td>"
          + "<td>\(HTMLText.escaped(entry.contract))</td>"
          + "<td>\(HTMLText.escaped(entry.version))</td>"
          + "<td>\(entry.kinds.map(HTMLText.code).joined(separator: ", "))</td>"
          + "<td>\(places.joined(separator: ", "))</td>"
          + "<td>\(HTMLText.escaped(entry.reason))</td></tr>\n"
      }
      html += "</table>\n"
    }
    html += "<h3>Unlogged since \(ref)</h3>\n"
    let unlogged = SinceReleaseLines.unloggedGroups(since, localeOrder: report.localeOrder)
    guard !unlogged.isEmpty else {
      return html + "<p>Every break since \(ref) has its row in Baselines.md's log.</p>\n"
    }
    // Each unlogged break links to the card of its `break-unlogged` finding.
    var anchorOf: [HTMLFindings.UnloggedPlace: String] = [:]
    for (group, anchor) in zip(groups, anchors) where group.kind == .breakUnlogged {
      for member in group.members { anchorOf[HTMLFindings.UnloggedPlace(member)] = anchor }
    }
    html += "<p>Breaks since \(ref) that no row of Baselines.md's log accepts; each is a "
      + "<code>break-unlogged</code> error.</p>\n"
    html += "<table class=\"unlogged\"><tr><th>kind</th><th>where</th></tr>\n"
    for group in unlogged {
      let location = HTMLText.escaped(group.location)
      let linked = anchorOf[HTMLFindings.UnloggedPlace(group.representative)]
        .map { "<a href=\"#\($0)\">\(location)</a>" } ?? location
      html += "<tr><td class=\"error\"><code>\(group.kind.rawValue)</code></td>"
        + "<td>\(linked)</td></tr>\n"
    }
    return html + "</table>\n"
  }

  /// `Since <code>v1</code> (commit …): ` and ``changesSentence(_:)``.
  static func bumpSentence(_ since: SinceRelease) -> String {
    "Since \(HTMLText.code(since.ref)) (commit <code>\(since.commit.prefix(12))</code>): "
      + changesSentence(since)
  }

  /// `the changes require <strong>major</strong> (Card: <code>field-removed</code>);
  /// 1.0.0 → 1.1.0 declares a minor step.`
  static func changesSentence(_ since: SinceRelease) -> String {
    let reasons = since.comparison.reasons.map { reason in
      HTMLText.escaped(reason.contract) + ": "
        + reason.kinds.map { HTMLText.code($0.rawValue) }.joined(separator: ", ")
    }
    var sentence = "the changes require <strong>\(since.requiredBump.rawValue)</strong>"
      + (reasons.isEmpty ? "" : " (\(reasons.joined(separator: "; ")))")
    if let previous = since.comparison.previous, let current = since.comparison.current {
      sentence += "; \(previous) → \(current) declares a \(since.declaredBump.rawValue) step"
    }
    return sentence + "."
  }
}
