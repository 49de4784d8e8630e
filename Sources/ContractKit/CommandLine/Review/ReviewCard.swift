import ContractKitRuntime
/// One change on a screen (80x24 is enough), in pages when it does not fit: where it is,
/// who it breaks, its findings with every distinct value they have (a per-locale text in
/// each of its locales), and the changed region of the canonical JSON of its first file.
///
/// Nothing of a change is left off: what does not fit goes on a further page, which the
/// session shows before `a` may accept (``pageCount``). `d` pages through the diff of every
/// file of the change (``diffPages(size:)``).
struct ReviewCard {
  let plan: ReviewPlan
  let change: ReviewChange
  let index: Int
  var colored = true

  /// The card's pages for a terminal of `size`: more than one when the findings and their
  /// values do not fit on one screen.
  func pages(size: (columns: Int, rows: Int)) -> [[String]] {
    let width = max(40, size.columns)
    let body = bodyLines(width: width)
    // The header's five lines, then a blank line, the note and the keys.
    let room = max(4, size.rows - header(width: width).count - 3)
    if body.count <= room {
      var page = body
      let diffRoom = room - body.count - 1
      if diffRoom >= 3 {
        var diff = diffLines(of: change.results.first, context: 3)
        if diff.count > diffRoom {
          diff = Array(diff.prefix(diffRoom - 1)) + ["… (d: the diff of every file)"]
        }
        page += [""] + diff.map { colorDiff(fit($0, width)) }
      } else if !change.results.isEmpty {
        page += ["", "(d: the diff of every file)"]
      }
      return [page]
    }
    var pages: [[String]] = []
    var rest = body[...]
    while !rest.isEmpty {
      let take = rest.count <= room ? rest.count : room - 1
      var page = Array(rest.prefix(take))
      rest = rest.dropFirst(take)
      if !rest.isEmpty { page.append("… more on the next page (space)") }
      pages.append(page)
    }
    return pages
  }

  /// The screen of page `page` of ``pages(size:)``, `note` above the keys.
  func lines(size: (columns: Int, rows: Int), page: Int = 0, note: String = "") -> [String] {
    let width = max(40, size.columns)
    let pages = pages(size: size)
    let shown = pages[min(max(0, page), pages.count - 1)]
    let number = min(max(0, page), pages.count - 1) + 1
    let keys = (pages.count > 1 ? "space page \(number)/\(pages.count)  " : "") + ReviewSession.keys
    let footer = [fit(note, width), bold(fit(keys, width))]
    return header(width: width) + shown + [""] + footer
  }

  /// The number of pages of the card on a terminal of `size`.
  func pageCount(size: (columns: Int, rows: Int)) -> Int { pages(size: size).count }

  /// The diff of every file of the change (the files of an orphan), one file after the
  /// other, in pages of at most `rows` lines each headed by which file and page it is.
  func diffPages(size: (columns: Int, rows: Int)) -> [[String]] {
    let width = max(40, size.columns)
    let room = max(3, size.rows - 3)
    var pages: [[String]] = []
    let sections: [[String]] = change.orphan == nil
      ? change.results.map { diffLines(of: $0, context: nil) }
      : [diffLines(of: nil, context: nil)]
    for (number, section) in sections.enumerated() {
      guard let heading = section.first else { continue }
      // Long lines wrap (a continuation keeps its line's `-` or `+`): nothing is cut off.
      let lines = section.dropFirst().flatMap { line in
        wrap(line, indent: "", continuation: String(line.first ?? " ") + "   ", width: width)
      }
      let count = max(1, (lines.count + room - 1) / room)
      for part in 0..<count {
        let slice = lines.dropFirst(part * room).prefix(room)
        let title = "File \(number + 1) of \(sections.count): \(heading)"
          + (count > 1 ? " (page \(part + 1) of \(count))" : "")
        pages.append([bold(fit(DisplayText.escaped(title), width))]
          + slice.map { colorDiff(fit($0, width)) })
      }
    }
    return pages
  }

  /// The first lines: which change, where it is, its selector, who it breaks.
  private func header(width: Int) -> [String] {
    [
      bold(fit("Change \(index + 1) of \(plan.changes.count): \(escaped(change.contract))", width)),
      fit(escaped(extent), width),
      fit("Select: \(escaped(plan.selector(of: change)))", width),
      fit(ReviewText.breaksLine(change), width),
      "",
    ]
  }

  /// The findings, each with its message and every distinct value, wrapped to `width`.
  private func bodyLines(width: Int) -> [String] {
    var lines: [String] = []
    for finding in ReviewText.findingLines(
      change, localeOrder: plan.catalog.locales, colored: false)
    {
      lines.append(colorSeverity(fit(finding.head, width)))
      lines += wrap(finding.message, indent: "    ", width: width)
      for value in finding.values {
        lines += wrap(value, indent: "    ", continuation: "        ", width: width)
      }
    }
    return lines
  }

  /// `36 files: 1.0.0, 1.1.0, 2.0.0 · en, es, de, fr, ja, pt-BR · default, empty`.
  private var extent: String {
    if let orphan = change.orphan { return "\(orphan.files.count) orphaned files" }
    let cases = change.results.map(\.contractCase)
    let extent = ReviewText.Extent(cases, localeOrder: plan.catalog.locales)
    return "\(cases.count) \(cases.count == 1 ? "file" : "files") · "
      + [extent.versions, extent.locales, extent.variants]
      .map { $0.joined(separator: ", ") }.joined(separator: " · ")
  }

  /// The diff of `result`'s file, uncoloured: a heading, then hunks (`context` lines around
  /// each change; `nil`: every line); for an orphan (`nil`), the files accepting removes.
  private func diffLines(of result: PendingResult?, context: Int?) -> [String] {
    let files = BaselineFiles(root: plan.catalog.effectiveBaselineDirectory)
    if let orphan = change.orphan {
      return ["files accepting removes"] + orphan.files.map { "-" + files.displayPath($0) }
    }
    guard let result else { return [] }
    let path = result.contractCase.relativePath
    let old = ((try? files.read(path)) ?? nil).map { String(decoding: $0, as: UTF8.self) } ?? ""
    let new = (try? plan.store.bytes(of: result)).map { String(decoding: $0, as: UTF8.self) }
    guard let new else { return [path, "The pending bytes of \(path) cannot be read."] }
    let others = change.results.count - 1
    let heading = "\(path) (baseline → today"
      + (context != nil && others > 0
        ? "; \(others) more \(others == 1 ? "file" : "files"): d)" : ")")
    return [heading] + LineDiff(old: old, new: new).render(context: context, colored: false)
      .map(DisplayText.escaped)
  }

  private func escaped(_ text: String) -> String { DisplayText.escaped(text) }

  private func bold(_ text: String) -> String {
    colored ? "\u{1B}[1m\(text)\u{1B}[0m" : text
  }

  /// `text` cut to `width` columns (characters; the JSON and names are mostly narrow).
  private func fit(_ text: String, _ width: Int) -> String {
    text.count <= width ? text : String(text.prefix(width - 1)) + "…"
  }

  /// `text` on lines of at most `width` characters, never cut: the first after `indent`,
  /// the others after `continuation`.
  private func wrap(_ text: String, indent: String, continuation: String? = nil, width: Int)
    -> [String]
  {
    let next = continuation ?? indent
    var lines: [String] = []
    var rest = Substring(text)
    var prefix = indent
    repeat {
      let room = max(10, width - prefix.count)
      var piece = rest.prefix(room)
      // At a space where there is one, so words stay whole.
      if piece.count < rest.count, let space = piece.lastIndex(of: " "),
        piece.distance(from: piece.startIndex, to: space) > room / 2
      {
        piece = rest[rest.startIndex...space]
      }
      lines.append(prefix + piece)
      rest = rest.dropFirst(piece.count)
      prefix = next
    } while !rest.isEmpty
    return lines
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
