import ContractKitRuntime

/// `Baselines.md`'s history of what changed the baselines without breaking a client: the
/// FOSTesting files `import fostesting` took over (with their names), and the random
/// identities `record` wrote as stable (`identity-stabilized`: an improvement).
///
/// A section of its own, before the log of accepted breaks (which `report --against` reads
/// as breaks): it appears once it has a row, and its rows are kept verbatim by every later
/// `record`, as the break log's are.
enum BaselineHistory {
  static let heading = "## Baseline history"
  static let headerRow = "| date | contract | version | event | details |"

  /// One event, as logged.
  struct Entry: Hashable {
    var date: String
    var contract: String
    var version: String
    var event: String
    var details: String

    /// The table row, the details' `|` escaped and control characters spelled out.
    var row: String { BaselinesDocument.row([date, contract, version, event], text: details) }
  }

  /// The rows of `text`'s history section, verbatim, whatever its line endings: every table
  /// row between the heading and the next section.
  static func rows(of text: String?) -> [String] {
    guard let text else { return [] }
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    guard let start = lines.firstIndex(where: { $0 == heading }) else { return [] }
    var rows: [String] = []
    for line in lines[(start + 1)...] {
      if line.hasPrefix("## ") { break }
      if BreakLog.isEntryRow(line) { rows.append(String(line)) }
    }
    return rows
  }

  /// The section's lines for `rows`, none without rows; `program` names the commands.
  static func section(_ rows: [String], program: String) -> [String] {
    guard !rows.isEmpty else { return [] }
    return [heading, "",
            "Baselines taken over from FOSTesting (`\(program) import fostesting`) and changes "
              + "that break no client (`\(program) record`).", "",
            headerRow, "| --- | --- | --- | --- | --- |"] + rows + [""]
  }

  /// One entry per contract and version for the identities `findings`
  /// (`identity-stabilized`) made stable, naming their places.
  static func improvements(_ findings: [Finding], date: String) -> [Entry] {
    var places: [[String]: [String]] = [:]
    for finding in findings.sorted(by: Finding.reportOrder) {
      let key = [finding.contract ?? "", finding.version ?? ""]
      if !(places[key] ?? []).contains(finding.declarationPattern) {
        places[key, default: []].append(finding.declarationPattern)
      }
    }
    return places.keys.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }.map { key in
      Entry(date: date, contract: key[0], version: key[1],
            event: FindingKind.identityStabilized.rawValue,
            details: "random identity made stable at "
              + (places[key] ?? []).joined(separator: ", ")
              + ": view churn ends, no client breaks")
    }
  }
}
