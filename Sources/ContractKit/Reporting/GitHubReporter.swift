import ContractKitRuntime
import Foundation

/// Renders a report as GitHub Actions workflow commands, one annotation per change.
///
/// ```
/// ::error file=.VersionedTestJSON/DashboardViewModel/1.0.0/en.json,line=7,title=field-removed::…
/// ::warning file=Sources/App/Localization/es.yml,line=12,col=5,title=key-unused::…
/// ::notice title=ContractKit::contracts check: FAIL, 1 error, 0 warnings, 0 infos in …
/// ```
/// Findings are grouped as the text report groups them (one change in several locales,
/// versions, variants and rows is one annotation), and each points at its file
/// (``file(of:in:)``), at the line of its path in a payload. GitHub shows 10 annotations of
/// each type: past 9, one annotation sums up the rest, and the closing notice is one of the
/// notices.
enum GitHubReporter {
  /// How many annotations of one type GitHub shows for a step.
  static let shownPerType = 10

  /// Renders `report`: one line per group of findings, then one summary notice.
  static func render(_ report: Report) -> String {
    let groups = FindingGroup.grouping(report.findings, localeOrder: report.localeOrder)
    var lines: [String] = []
    // The closing summary is a notice too, and so is the release section.
    let closingNotices = report.since == nil ? 1 : 2
    for severity in [Severity.error, .warning, .info] {
      let ofType = groups.filter { $0.severity == severity }
      let room = severity == .info ? shownPerType - closingNotices : shownPerType
      let shown = ofType.count <= room ? ofType[...] : ofType.prefix(room - 1)
      lines += shown.map { annotation($0, in: report.baselineDirectory) }
      let rest = ofType.dropFirst(shown.count)
      if !rest.isEmpty {
        let count = rest.reduce(0) { $0 + $1.members.count }
        let kinds = Set(rest.map(\.kind.rawValue)).sorted().joined(separator: ", ")
        let sentence = "\(rest.count) more \(rest.count == 1 ? "change" : "changes") "
          + "(\(count.counting("finding")): \(kinds)) not annotated: GitHub shows "
          + "\(shownPerType) annotations of each type; the text or JSON report lists them all"
        lines.append("::\(command(severity)) title=ContractKit::\(escapeData(sentence))")
      }
    }
    var sentence = "contracts \(report.command): \(report.gateWord), "
      + report.summary.countsSentence
    if report.summary.requiredBump != .none || report.comparison != nil {
      sentence += "; required bump: \(report.summary.requiredBump.rawValue)"
        + report.comparedSuffix
    }
    if let since = report.since { lines.append(releaseNotice(since, report: report)) }
    lines.append("::notice title=ContractKit::\(escapeData(sentence))")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The release section as one notice: the bump since the release, then a line per break
  /// accepted since and per break no row accepts (each of those is an error annotation too).
  private static func releaseNotice(_ since: SinceRelease, report: Report) -> String {
    let title = "ContractKit since \(since.ref)"
    let lines = [SinceReleaseLines.bumpLine(since)]
      + SinceReleaseLines.text(since, localeOrder: report.localeOrder).filter { !$0.isEmpty }
    return "::notice title=\(escapeProperty(title))::"
      + escapeData(lines.joined(separator: "\n"))
  }

  private static func command(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .info: "notice"
    }
  }

  /// One group's annotation, at its representative's file and line.
  private static func annotation(_ group: FindingGroup, in directory: String) -> String {
    let finding = group.representative
    let place = file(of: finding, in: directory)
    var properties = ["file=\(escapeProperty(DisplayText.escaped(place.file)))"]
    if let line = place.line ?? payloadLine(of: finding, file: place.file) {
      properties.append("line=\(line)")
    }
    if let column = place.column { properties.append("col=\(column)") }
    properties.append("title=\(escapeProperty(finding.kind.rawValue))")
    // The data's control characters are spelled out (an escape sequence never reaches the
    // log); its line breaks could not start a command anyway (``escapeData(_:)``).
    let location = DisplayText.escaped(group.location)
    let message = DisplayText.escaped(group.message) + (location.isEmpty ? "" : " (\(location))")
    return "::\(command(group.severity)) \(properties.joined(separator: ","))::\(escapeData(message))"
  }

  /// The line of a payload finding's path in its file, when the file reads as JSON.
  private static func payloadLine(of finding: Finding, file: String) -> Int? {
    guard case .file = finding.scope, let path = finding.path, !path.isEmpty,
      let data = FileManager.default.contents(atPath: file),
      let document = try? JSONParser.parse(Array(data), file: file)
    else { return nil }
    return PayloadLines.line(of: path, in: document)
  }

  /// The file a finding is about, under `directory`, and the line and column where known:
  /// a payload for a payload's finding; the version's `contract.json` for a version's or a
  /// locale's; the translation file for a store finding; the entry itself for a tree entry;
  /// `Baselines.md`, beside the tree, for a contract, the catalog or the release.
  static func file(of finding: Finding, in directory: String)
    -> (file: String, line: Int?, column: Int?)
  {
    func inTree(_ relative: String) -> String {
      guard !directory.isEmpty else { return relative }
      if relative.hasPrefix("../") { return beside(directory, String(relative.dropFirst(3))) }
      return directory.hasSuffix("/") ? directory + relative : "\(directory)/\(relative)"
    }
    let document = beside(directory, BaselinesDocument.fileName)
    switch finding.scope {
    case .file(let file): return (inTree(file.relativePath), nil, nil)
    case .locale(let folder, _), .version(let folder):
      return (inTree(folder.metadataPath), nil, nil)
    case .entry(let relative): return (inTree(relative), nil, nil)
    case .store(_, let source?): return (source.file, source.line, source.column)
    case .contract, .catalog, .release, .store: return (document, nil, nil)
    }
  }

  /// `name` in the folder that holds `directory`: `Baselines.md` for `.VersionedTestJSON`.
  private static func beside(_ directory: String, _ name: String) -> String {
    var folder = directory
    while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
    guard let slash = folder.lastIndex(of: "/") else { return name }
    return String(folder[...slash]) + name
  }

  /// A command's message escaped: `%`, CR and LF as `%25`, `%0D`, `%0A`.
  static func escapeData(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": result += "%25"
      case "\r": result += "%0D"
      case "\n": result += "%0A"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A property value escaped: as a message, and also `:` and `,` as `%3A` and `%2C`.
  static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
  }
}
