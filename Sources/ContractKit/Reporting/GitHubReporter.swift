/// Renders a report as GitHub Actions workflow commands, one annotation per finding.
///
/// ```
/// ::error file=.VersionedTestJSON/DashboardViewModel/1.0.0/en.json,title=field-removed::…
/// ::notice title=ContractKit::contracts check: FAIL, 1 error, 0 warnings, 0 infos in …
/// ```
/// Findings are not grouped: each annotation points at its own baseline file. The file is
/// the payload file when contract, version and locale apply, else the version or contract
/// folder, else omitted.
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
      var properties: [String] = []
      if let file = file(of: finding, in: report.baselineDirectory) {
        properties.append("file=\(escapeProperty(file))")
      }
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

  /// The baseline file or folder a finding is about, under `directory`; `nil` for none.
  static func file(of finding: Finding, in directory: String) -> String? {
    let relative: String
    switch finding.scope {
    case .file(let file): relative = file.relativePath
    case .locale(let folder, let locale):
      relative = folder.file(locale: locale, variant: BaselineLayout.defaultVariant).relativePath
    case .version(let folder): relative = folder.path
    case .contract(let contract): relative = contract
    case .catalog, .entry, .store, .release: return nil
    }
    guard !directory.isEmpty else { return relative }
    return directory.hasSuffix("/") ? directory + relative : "\(directory)/\(relative)"
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
