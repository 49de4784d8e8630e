import ContractKitRuntime

/// Renders a report as GitHub Actions workflow commands, one annotation per finding.
///
/// ```
/// ::error file=.VersionedTestJSON/DashboardViewModel/1.0.0/en.json,title=field-removed::…
/// ::warning file=Sources/App/Localization/es.yml,line=12,col=5,title=key-unused::…
/// ::notice title=ContractKit::contracts check: FAIL, 1 error, 0 warnings, 0 infos in …
/// ```
/// Findings are not grouped: each annotation points at its own file, and every finding
/// names one (``file(of:in:)``), with a line where one is known.
enum GitHubReporter {
  /// Renders `report`: one line per finding, then one summary notice.
  static func render(_ report: Report) -> String {
    var lines = report.findings.map { finding in
      let command =
        switch finding.severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "notice"
        }
      let place = file(of: finding, in: report.baselineDirectory)
      var properties = ["file=\(escapeProperty(place.file))"]
      if let line = place.line { properties.append("line=\(line)") }
      if let column = place.column { properties.append("col=\(column)") }
      properties.append("title=\(escapeProperty(finding.kind.rawValue))")
      let location = FindingGroup(finding).location
      let message = finding.message + (location.isEmpty ? "" : " (\(location))")
      return "::\(command) \(properties.joined(separator: ","))::\(escapeData(message))"
    }
    var sentence = "contracts \(report.command): \(report.gateWord), "
      + report.summary.countsSentence
    if report.summary.requiredBump != .none || report.comparison != nil {
      sentence += "; required bump: \(report.summary.requiredBump.rawValue)"
        + report.comparedSuffix
    }
    lines.append("::notice title=ContractKit::\(escapeData(sentence))")
    return lines.joined(separator: "\n") + "\n"
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
