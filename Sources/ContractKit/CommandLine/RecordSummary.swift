/// What `contracts record` prints: what it wrote, what it refused, what it left alone.
enum RecordSummary {
  static func text(_ outcome: Record.Outcome, baselines: String) -> String {
    var lines: [String] = []
    if outcome.refused {
      lines.append("Refused: \(outcome.breaking.count.counting("change")) would break committed "
        + "baselines of released versions or make them unstable; nothing was written.")
      lines += outcome.breaking.map { "  \(line(for: $0))" }
      if outcome.breaking.contains(where: { Record.unstableKinds.contains($0.kind) }) {
        lines.append("Make the stubs deterministic (no ViewModelId(), Date() or UUID() in stub()).")
      } else {
        lines.append("If the break is intended, run: contracts record --accept-breaking --reason \"…\"")
      }
    } else {
      let payloads = outcome.written.count
      lines.append(payloads == 0
        ? "Baselines in \(baselines) are up to date (\(outcome.unchanged) files unchanged)."
        : "Recorded \(payloads.counting("file")) in \(baselines) (\(outcome.unchanged) unchanged).")
      lines += outcome.written.map { "  wrote \($0)" }
      if !outcome.breaking.isEmpty {
        lines.append("Accepted \(outcome.breaking.count.counting("breaking change")), logged in Baselines.md.")
      }
    }
    if !outcome.leftovers.isEmpty {
      lines.append("Kept \(outcome.leftovers.count.counting("baseline group")) that no contract "
        + "owns any more (delete them if that is intended):")
      lines += outcome.leftovers.map { "  \(line(for: $0))" }
    }
    if !outcome.remaining.isEmpty {
      lines.append("Still failing 'contracts check' after recording:")
      lines += outcome.remaining.map { "  \(line(for: $0))" }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func line(for finding: Finding) -> String {
    let place = [finding.contract, finding.version, finding.locale, finding.variant, finding.path]
      .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
    return "\(finding.severity.rawValue) \(finding.kind.rawValue) \(place): \(finding.message)"
  }
}
