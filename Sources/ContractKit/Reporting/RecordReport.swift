import ContractKitRuntime

/// What `record` prints: what it wrote, what it refused, what it left alone.
enum RecordReport {
  /// The text of `outcome`.
  /// - Parameters:
  ///   - baselines: The baseline directory as the user knows it.
  ///   - command: The user's command line over the catalog (`swift run app-contracts`),
  ///     which the next step names.
  static func text(_ outcome: Record.Outcome, baselines: String, command: String) -> String {
    var lines = outcome.recovered
    if outcome.refused, !outcome.outdated.isEmpty {
      lines.append("Refused: \(outcome.outdated.count.counting("accepted file")) changed since "
        + "review showed \(outcome.outdated.count == 1 ? "it" : "them"); nothing was written.")
      lines += outcome.outdated.map { "  \($0.relativePath)" }
      lines.append("Run the check again (\(command) check) and review what it keeps.")
    } else if outcome.refused {
      lines.append("Refused: \(outcome.breaking.count.counting("change")) would break committed "
        + "baselines of released versions or make them unstable; nothing was written.")
      lines += grouped(outcome.breaking)
      if outcome.breaking.contains(where: { $0.kind.recording == .refuses }) {
        lines += unstableHints(outcome.breaking)
      } else {
        lines.append(
          "If the break is intended, run: \(command) record --accept-breaking --reason \"…\"")
        if outcome.breaking.contains(where: { $0.kind.recording == .removes }) {
          lines.append("With a reason, record deletes the baselines of what the catalog no "
            + "longer has and logs why in Baselines.md.")
        }
      }
    } else {
      // Baselines.md lives beside the baseline directory, not in it: counted apart.
      let inTree = outcome.written.filter { $0 != BaselinesDocument.fileName }
      let document = inTree.count < outcome.written.count ? "; updated Baselines.md" : ""
      lines.append(inTree.isEmpty
        ? "Baselines in \(baselines) are up to date "
          + "(\(outcome.unchanged.counting("file")) unchanged)\(document)."
        : "Recorded \(inTree.count.counting("file")) in \(baselines) "
          + "(\(outcome.unchanged) unchanged)\(document).")
      lines += inTree.map { "  wrote \($0)" }
      if !outcome.moved.isEmpty {
        lines.append("Moved the baselines of the unreleased version to its new name "
          + "(\(outcome.moved.count.counting("folder"))):")
        lines += outcome.moved.map { "  moved \($0.from.path) to \($0.to.path)" }
      }
      if !outcome.removed.isEmpty {
        lines.append("Removed \(outcome.removed.count.counting("orphaned baseline")):")
        lines += outcome.removed.map { "  removed \(DisplayText.escaped($0))" }
      }
      if outcome.unselected > 0 {
        lines.append("Left \(outcome.unselected.counting("changed file")) that --only did not "
          + "select as they are.")
      }
      if !outcome.improvements.isEmpty {
        let count = outcome.improvements.count.counting("identity-stabilized change")
        lines.append("Recorded \(count) (a random identity made stable: no client breaks), "
          + "logged in Baselines.md's history.")
      }
      if !outcome.breaking.isEmpty {
        lines.append("Accepted \(outcome.breaking.count.counting("breaking change")), logged in Baselines.md.")
      } else if outcome.unwrittenBreaks > 0 {
        lines.append("Accepted no breaking change: this run wrote none of the "
          + "\(outcome.unwrittenBreaks.counting("breaking change")) (--missing or --only "
          + "left them), so nothing was logged in Baselines.md.")
      }
    }
    if !outcome.confirmed.isEmpty {
      lines.append("Confirmed the translations of "
        + outcome.confirmed.map(\.text).joined(separator: ", ") + " as still right.")
    }
    if !outcome.staleTranslations.isEmpty {
      lines.append("Kept \(outcome.staleTranslations.count.counting("translation-stale warning")) "
        + "until the translation changes, or confirm it is still right with: \(command) record "
        + "--confirm-translations <Contract/version/locale>")
      lines += grouped(outcome.staleTranslations)
    }
    if !outcome.leftovers.isEmpty {
      lines.append("Kept \(outcome.leftovers.count.counting("baseline group")) that no contract "
        + "owns any more (delete them if that is intended):")
      lines += grouped(outcome.leftovers)
    }
    if !outcome.remaining.isEmpty {
      lines.append("Still failing '\(command) check' after recording:")
      lines += grouped(outcome.remaining)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// What makes unstable encodings stable: per contract with random identities, the
  /// FOSMVVM fix and the exact declaration that accepts them as random by design (one line
  /// per screen); for volatile values, deterministic stubs or redactions.
  private static func unstableHints(_ findings: [Finding]) -> [String] {
    var lines: [String] = []
    var patterns: [String: [String]] = [:]
    for finding in findings.sorted(by: Finding.reportOrder)
    where finding.kind == .identityNondeterministic {
      let contract = finding.contract ?? ""
      if !(patterns[contract] ?? []).contains(finding.declarationPattern) {
        patterns[contract, default: []].append(finding.declarationPattern)
      }
    }
    if !patterns.isEmpty {
      lines.append("Give each identity a stable id where it is made (a property default such as "
        + "`vmId = ViewModelId()`, or an initializer): ViewModelId(type: Self.self) for a screen "
        + "or a child shown once, ViewModelId(id:) from data for rows. Or, where an identity is "
        + "random by design, declare it in the contract's registration:")
      for contract in patterns.keys.sorted(by: codePointOrder) {
        let list = (patterns[contract] ?? []).map { "\"\($0)\"" }.joined(separator: ", ")
        lines.append("  \(contract): randomIdentities: [\(list)]")
      }
    }
    if findings.contains(where: { $0.kind == .volatileValue }) {
      lines.append("Make the stubs deterministic (no Date(), UUID() or randomness in stub()), or "
        + "redact values that are volatile by design.")
    }
    return lines
  }

  /// One line per change across locales and variants, as the text report groups them.
  private static func grouped(_ findings: [Finding]) -> [String] {
    let sorted = findings.sorted(by: Finding.reportOrder)
    let locales = Array(Set(sorted.compactMap(\.locale))).sorted()
    return FindingGroup.grouping(sorted, localeOrder: locales).flatMap {
      TextReporter.findingLines($0, indent: "  ", colored: false)
    }
  }
}
