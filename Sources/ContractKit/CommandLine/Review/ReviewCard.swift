import ContractKitRuntime
/// One change on one screen (80x24 is enough): where it is, who it breaks, its findings,
/// and the changed region of the canonical JSON of its first file, with context.
struct ReviewCard {
  let plan: ReviewPlan
  let change: ReviewChange
  let index: Int
  var colored = true

  /// The lines of the screen for a terminal of `size`, `note` above the keys.
  func lines(size: (columns: Int, rows: Int), note: String = "") -> [String] {
    let width = max(40, size.columns)
    var lines = [
      bold(fit("Change \(index + 1) of \(plan.changes.count): \(escaped(change.contract))", width)),
      fit(escaped(extent), width),
      fit("Select: \(escaped(plan.selector(of: change)))", width),
      fit(ReviewText.breaksLine(change), width),
      "",
    ]
    let findings = ReviewText.findingLines(
      change, localeOrder: plan.catalog.locales, colored: false)
    let shown = findings.prefix(4)
    for finding in shown {
      lines += [colorSeverity(fit(finding.head, width)), fit("    " + finding.message, width)]
    }
    if findings.count > shown.count {
      lines.append("  … \(findings.count - shown.count) more findings")
    }
    let footer = [note.isEmpty ? "" : fit(note, width), bold(ReviewSession.keys)]
    let budget = max(3, size.rows - lines.count - footer.count - 2)
    var diff = diffLines(context: 3)
    if diff.count > budget {
      diff = Array(diff.prefix(budget - 1)) + ["… (d: the full diff)"]
    }
    lines.append("")
    lines += diff.map { colorDiff(fit($0, width)) }
    lines += [""] + footer
    return lines
  }

  /// The whole diff of the change's first file, or the orphan's files.
  func fullDiff() -> [String] { diffLines(context: nil).map(colorDiff) }

  /// `36 files: 1.0.0, 1.1.0, 2.0.0 · en, es, de, fr, ja, pt-BR · default, empty`.
  private var extent: String {
    if let orphan = change.orphan { return "\(orphan.files.count) orphaned files" }
    let cases = change.results.map(\.contractCase)
    func unique(_ values: [String]) -> String {
      var seen: [String] = []
      for value in values where !seen.contains(value) { seen.append(value) }
      return seen.joined(separator: ", ")
    }
    return "\(cases.count) \(cases.count == 1 ? "file" : "files") · "
      + [unique(cases.map(\.version.versionString)), unique(cases.map(\.locale)),
         unique(cases.map(\.variant))].joined(separator: " · ")
  }

  /// The diff, uncoloured: a heading, then hunks (`context` lines around each change).
  private func diffLines(context: Int?) -> [String] {
    let files = BaselineFiles(root: plan.catalog.effectiveBaselineDirectory)
    if let orphan = change.orphan {
      return ["Files accepting removes:"] + orphan.files.map { "-" + files.displayPath($0) }
    }
    guard let first = change.results.first else { return [] }
    let path = first.contractCase.relativePath
    let old = ((try? files.read(path)) ?? nil).map { String(decoding: $0, as: UTF8.self) } ?? ""
    let new = (try? plan.store.bytes(of: first)).map { String(decoding: $0, as: UTF8.self) }
    guard let new else { return ["The pending bytes of \(path) cannot be read."] }
    let others = change.results.count - 1
    let heading = "\(path) (baseline → today"
      + (others > 0 ? "; \(others) more \(others == 1 ? "file" : "files") alike)" : ")")
    return [heading] + LineDiff(old: old, new: new).render(context: context, colored: false)
  }

  private func escaped(_ text: String) -> String { DisplayText.escaped(text) }

  private func bold(_ text: String) -> String {
    colored ? "\u{1B}[1m\(text)\u{1B}[0m" : text
  }

  /// `text` cut to `width` columns (characters; the JSON and names are mostly narrow).
  private func fit(_ text: String, _ width: Int) -> String {
    text.count <= width ? text : String(text.prefix(width - 1)) + "…"
  }

  private func colorSeverity(_ line: String) -> String {
    guard colored, let space = line.firstIndex(of: " "),
      let severity = Severity(rawValue: String(line[..<space]))
    else { return line }
    return ReviewText.ansi(severity) + line[space...]
  }

  private func colorDiff(_ line: String) -> String {
    guard colored else { return line }
    if line.hasPrefix("@@") { return "\u{1B}[36m\(line)\u{1B}[0m" }
    if line.hasPrefix("-") { return "\u{1B}[31m\(line)\u{1B}[0m" }
    if line.hasPrefix("+") { return "\u{1B}[32m\(line)\u{1B}[0m" }
    return line
  }
}
