import ContractKitRuntime
/// Finds the rows of `Baselines.md`'s log of accepted breaking changes in the committed text,
/// so that `record` never rewrites the document without them.
///
/// The rows follow the log's heading (``BaselinesDocument/logHeading``); where the heading
/// was edited (renamed, a typo), they follow the log table's header row. Where neither is
/// found but a row still reads like a logged break (`| 2026-01-15 | …`), nothing can tell
/// which rows are the log: reading stops, naming the file and the row's line.
enum BreakLog {
  /// The header row of the log's table.
  static let headerRow = "| date | contract | version | kinds | reason | where |"
  static let alignmentRow = "| --- | --- | --- | --- | --- | --- |"
  /// The header row before rows said where a break is: its rows are kept as written, and
  /// read as accepting their kinds anywhere in their contract and version.
  static let earlierHeaderRow = "| date | contract | version | kinds | reason |"

  /// The `where` cell: each path as a code span, each removed locale as `locale` and a code
  /// span, in ``BreakPlace`` order, `|` escaped; `-` for none.
  static func placesCell(_ places: [BreakPlace]) -> String {
    guard !places.isEmpty else { return "-" }
    return Set(places).sorted().map { place in
      switch place {
      case .path(let path): CodeSpan.write(path.isEmpty ? "(document)" : path)
      case .locale(let locale): "locale " + CodeSpan.write(locale)
      }
    }.joined(separator: ", ")
  }

  /// The places a `where` cell names (its `|` escapes undone), as ``placesCell(_:)`` writes
  /// them.
  static func places(inCell cell: String) -> [BreakPlace] {
    CodeSpan.read(cell).map { prefix, content in
      prefix.hasSuffix("locale ") ? .locale(content)
        : .path(content == "(document)" ? "" : content)
    }
  }

  /// The log rows of `text`, verbatim, whatever its line endings: `\n`, `\r\n` (a Windows
  /// checkout) or a lone `\r` all end a line.
  /// - Parameter file: The document's path as the user knows it, for the error.
  /// - Throws: ``InputError`` naming the line of a logged break outside any log section.
  static func rows(of text: String?, file: String) throws(InputError) -> [String] {
    guard let text else { return [] }
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    let start = lines.firstIndex { $0 == BaselinesDocument.logHeading }
      ?? lines.firstIndex {
        [headerRow, earlierHeaderRow].contains(String($0.trimmingTrailingSpaces))
      }
    guard let start else {
      if let stray = lines.firstIndex(where: isLoggedBreak) {
        throw InputError(
          file: file, line: stray + 1,
          reason: "a logged breaking change stands outside the section "
            + "'\(BaselinesDocument.logHeading)' (its heading was edited?): restore the "
            + "heading above the log; record never rewrites this file without its log")
      }
      return []
    }
    return lines[(start + 1)...].filter(isEntryRow).map(String.init)
  }

  /// Whether `line` is an entry of a log table: a row, not its header or alignment row.
  static func isEntryRow(_ line: Substring) -> Bool {
    line.hasPrefix("| ") && !line.hasPrefix("| date ") && !line.hasPrefix("| ---")
  }

  /// Whether `line` reads like a logged break: a table row whose first cell is a date.
  static func isLoggedBreak(_ line: Substring) -> Bool {
    let cells = line.split(separator: "|", omittingEmptySubsequences: false)
    guard line.hasPrefix("|"), cells.count >= 6 else { return false }
    let date = cells[1].trimmingCharacters(in: .whitespaces)
    return date.count == 10 && date.enumerated().allSatisfy { offset, character in
      offset == 4 || offset == 7 ? character == "-" : character.isASCII && character.isNumber
    }
  }
}

extension Substring {
  fileprivate var trimmingTrailingSpaces: Substring {
    var text = self
    while text.last == " " || text.last == "\t" { text.removeLast() }
    return text
  }
}
