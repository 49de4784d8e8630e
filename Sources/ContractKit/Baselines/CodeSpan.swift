import ContractKitRuntime

/// Markdown code spans, written and read back: how names and values from payloads reach a
/// Markdown table (a report, the log of `Baselines.md`) without being read as Markdown, a
/// mention or math, and how the log's paths are read again.
///
/// ```swift
/// CodeSpan.write("/a|b")        // `/a\|b`
/// CodeSpan.write("a`b")         // `` a`b ``
/// CodeSpan.read("`/a` and `/b`")  // [(prefix: "", "/a"), (prefix: " and ", "/b")]
/// ```
enum CodeSpan {
  /// `text` as a code span safe in a table cell: fenced by more backticks than it holds in a
  /// row, with `|` escaped (the one character a code span in a table still needs escaped).
  static func write(_ text: String) -> String {
    var longest = 0
    var run = 0
    for character in text {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let padding = longest > 0 || text.hasPrefix(" ") || text.hasSuffix(" ") ? " " : ""
    return "\(fence)\(padding)\(text.replacing("|", with: "\\|"))\(padding)\(fence)"
  }

  /// The code spans of `text` (whose table escapes are already undone), each with the text
  /// before it; the text after the last one is left out. A fence that never closes ends the
  /// reading.
  static func read(_ text: String) -> [(prefix: String, content: String)] {
    var spans: [(prefix: String, content: String)] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "`") {
      let fence = rest[open...].prefix { $0 == "`" }
      var cursor = fence.endIndex
      var closing: Range<Substring.Index>?
      while let next = rest[cursor...].firstIndex(of: "`") {
        let run = rest[next...].prefix { $0 == "`" }
        if run.count == fence.count {
          closing = next..<run.endIndex
          break
        }
        cursor = run.endIndex
      }
      guard let closing else { break }
      var content = rest[fence.endIndex..<closing.lowerBound]
      if content.count >= 2, content.first == " ", content.last == " ",
        content.contains(where: { $0 != " " })
      {
        content = content.dropFirst().dropLast()
      }
      spans.append((String(rest[..<open]), String(content)))
      rest = rest[closing.upperBound...]
    }
    return spans
  }
}
