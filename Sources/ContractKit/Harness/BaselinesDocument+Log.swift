import ContractKitRuntime
/// The log of accepted breaks, read back as entries: what `report --against REF` lists as
/// accepted since a release.
extension BaselinesDocument {
  /// The breaks `text` logs, in log order, each with its row as written.
  ///
  /// A row is `| date | contract | version | kinds | reason | where |`, the reason's `|`
  /// escaped as `\|` (``Entry/row``); a row of fewer cells is kept with what it has, and a
  /// row without a `where` cell (written before rows had one) accepts its kinds anywhere.
  /// - Throws: ``InputError`` naming `file` and the line when the log cannot be found.
  static func acceptedBreaks(of text: String?, file: String = fileName) throws(InputError)
    -> [(row: String, entry: AcceptedBreak)]
  {
    try logRows(of: text, file: file).map { row in
      var cells: [String] = []
      var cell = ""
      var escaped = false
      for character in row.dropFirst().dropLast(row.hasSuffix("|") ? 1 : 0) {
        if escaped {
          cell.append(character == "|" ? "|" : "\\\(character)")
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "|" {
          cells.append(cell.trimmingSpaces)
          cell = ""
        } else {
          cell.append(character)
        }
      }
      cells.append(cell.trimmingSpaces)
      // The `where` cell is `-` or code spans; anything else after the reason is the
      // reason's own text, from a row written by hand.
      var places: [BreakPlace]?
      if cells.count >= 6, let last = cells.last, last == "-" || !CodeSpan.read(last).isEmpty {
        places = BreakLog.places(inCell: last)
        cells.removeLast()
      }
      let at = { (index: Int) in cells.indices.contains(index) ? cells[index] : "" }
      return (row, AcceptedBreak(
        date: at(0), contract: at(1), version: at(2),
        kinds: at(3).split(separator: ",").map { String($0).trimmingSpaces },
        reason: cells.count > 4 ? cells[4...].joined(separator: "|") : "", places: places))
    }
  }

  /// The breaks logged in `now` that `then` did not log, in `now`'s order: a row is the
  /// same entry in both only when it is written the same.
  /// - Throws: ``InputError`` when either document's log cannot be found (`thenFile` names
  ///   the release's copy).
  static func acceptedBreaks(in now: String?, since then: String?, thenFile: String = fileName)
    throws(InputError) -> [AcceptedBreak]
  {
    var before = Dictionary(
      try acceptedBreaks(of: then, file: thenFile).map { ($0.row, 1) }, uniquingKeysWith: +)
    return try acceptedBreaks(of: now).compactMap { row, entry in
      if let count = before[row], count > 0 {
        before[row] = count - 1
        return nil
      }
      return entry
    }
  }
}

extension String {
  /// Without leading and trailing spaces.
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
