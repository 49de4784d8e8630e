import ContractKitRuntime
/// The lines `report --against REF` adds to text and Markdown output: the bump required
/// since the release, and the breaks accepted since then with their reasons.
///
/// ```
/// Since v2.0.0 (commit 3f2c9a1b0d4e): major (Card: field-removed)
/// …
/// Accepted since v2.0.0
///   2026-03-02  Card 2.0.0  field-removed  Renamed title to heading for the redesign
/// ```
enum SinceReleaseLines {
  /// The line under `Required bump:`.
  static func bumpLine(_ since: SinceRelease) -> String {
    "Since \(DisplayText.escaped(since.ref)) (commit \(since.commit.prefix(12))): "
      + DisplayText.escaped(since.bumpSentence)
  }

  /// The section that lists the accepted breaks, for text output.
  static func acceptedText(_ since: SinceRelease) -> [String] {
    let ref = DisplayText.escaped(since.ref)
    guard !since.accepted.isEmpty else { return ["", "Accepted since \(ref): none"] }
    return ["", "Accepted since \(ref)"] + since.accepted.map { entry in
      "  " + [entry.date, "\(entry.contract) \(entry.version)",
              entry.kinds.joined(separator: ", "), entry.reason]
        .map(DisplayText.escaped).joined(separator: "  ")
    }
  }

  /// The line under `Required bump:`, for Markdown.
  static func bumpMarkdown(_ since: SinceRelease) -> String {
    "Since \(MarkdownReporter.escape(since.ref)) (commit `\(since.commit.prefix(12))`): "
      + "**\(since.requiredBump.rawValue)**"
      + MarkdownReporter.escape(String(since.bumpSentence.dropFirst(
        since.requiredBump.rawValue.count)))
  }

  /// The section that lists the accepted breaks, for Markdown.
  static func acceptedMarkdown(_ since: SinceRelease) -> [String] {
    let ref = MarkdownReporter.escape(since.ref)
    guard !since.accepted.isEmpty else {
      return ["", "### Accepted since \(ref)", "", "No break accepted since \(ref)."]
    }
    return ["", "### Accepted since \(ref)", "", "| date | contract | version | kinds | reason |",
            "| --- | --- | --- | --- | --- |"]
      + since.accepted.map { entry in
        "| " + [entry.date, entry.contract, entry.version, entry.kinds.joined(separator: ", "),
                entry.reason].map(MarkdownReporter.escape).joined(separator: " | ") + " |"
      }
  }
}
