import ContractKitRuntime

/// What `import fostesting` prints: what it took over, what it refused, what to run next.
enum ImportReport {
  /// The text of `outcome`.
  /// - Parameters:
  ///   - baselines: The baseline directory as the user knows it.
  ///   - source: The folder of FOSTesting's files as the user named it.
  ///   - command: The user's command line over the catalog (`swift run app-contracts`).
  static func text(_ outcome: FOSTestingImport.Outcome, baselines: String, source: String,
                   command: String) -> String
  {
    var lines: [String] = []
    if outcome.refused {
      lines.append("Refused: \(outcome.refusedItems.count.counting("FOSTesting file")) would "
        + "replace a different committed baseline; nothing was written.")
      lines += outcome.refusedItems.map { "  \($0.source) -> \($0.target.relativePath)" }
      lines.append("If FOSTesting's files are the truer record of what those versions' clients "
        + "decode, run: \(command) import fostesting \(source) --accept-breaking --reason \"…\"")
      return lines.joined(separator: "\n") + "\n"
    }
    if outcome.imported.isEmpty {
      lines.append("Nothing to import: the baselines in \(baselines) already hold "
        + "\(outcome.unchanged.count.counting("FOSTesting file")).")
    } else {
      lines.append("Imported \(outcome.imported.count.counting("FOSTesting file")) into "
        + "\(baselines)" + (outcome.unchanged.isEmpty ? ":" : " (\(outcome.unchanged.count) "
          + "already there):"))
      lines += outcome.imported.map {
        "  \($0.source) -> \($0.target.relativePath)" + ($0.replaces ? " (replaced)" : "")
      }
      lines.append("Logged in Baselines.md. check now compares today's encodings with them; "
        + "record the other locales and versions with: \(command) record --missing")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
