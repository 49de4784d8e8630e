import ContractKitRuntime
/// A line diff of two texts, such as a baseline's canonical JSON and today's, shown as
/// hunks of changed lines with context (`@@ -3,4 +3,4 @@`, `-` and `+` lines).
///
/// Canonical JSON puts one member on a line, so a line diff of two encodings is the change
/// a reviewer reads. The common head and tail are skipped before the longest common
/// subsequence of the rest is found; a rest too large for that (over four million line
/// pairs, by default) is shown as removed then added. The one line diff of the package:
/// `review`'s and the HTML report's (``ValueDiff``) alike.
struct LineDiff {
  /// One line of the diff.
  enum Line: Equatable {
    case same(String)
    case removed(String)
    case added(String)
  }

  /// Every line of both texts, in order.
  let lines: [Line]

  init(old: String, new: String) {
    self.init(old: Self.split(old), new: Self.split(new))
  }

  /// The diff of two lists of lines; a changed middle of more than `maximumTable` line pairs
  /// is shown as removed then added.
  init(old before: [String], new after: [String], maximumTable: Int = 4_000_000) {
    var head = 0
    while head < before.count, head < after.count, before[head] == after[head] { head += 1 }
    var tail = 0
    while tail < before.count - head, tail < after.count - head,
      before[before.count - 1 - tail] == after[after.count - 1 - tail]
    { tail += 1 }
    let oldMiddle = Array(before[head..<(before.count - tail)])
    let newMiddle = Array(after[head..<(after.count - tail)])
    lines = before[..<head].map(Line.same)
      + Self.middle(oldMiddle, newMiddle, maximumTable: maximumTable)
      + before[(before.count - tail)...].map(Line.same)
  }

  /// Whether the texts differ.
  var hasChanges: Bool { lines.contains { if case .same = $0 { false } else { true } } }

  /// The diff as text: hunks with `context` lines around each change (`nil`: every line),
  /// `-` lines red and `+` lines green when `colored`.
  func render(context: Int?, colored: Bool) -> [String] {
    var output: [String] = []
    var oldNumber = 1
    var newNumber = 1
    var numbered: [(line: Line, old: Int, new: Int)] = []
    for line in lines {
      numbered.append((line, oldNumber, newNumber))
      switch line {
      case .same: oldNumber += 1; newNumber += 1
      case .removed: oldNumber += 1
      case .added: newNumber += 1
      }
    }
    let changed = numbered.indices.filter { if case .same = numbered[$0].line { false } else { true } }
    guard let context else {
      return numbered.map { Self.text($0.line, colored: colored) }
    }
    var start = 0
    while start < changed.count {
      var end = start
      while end + 1 < changed.count, changed[end + 1] - changed[end] <= 2 * context + 1 { end += 1 }
      let from = max(0, changed[start] - context)
      let to = min(numbered.count - 1, changed[end] + context)
      let slice = numbered[from...to]
      let oldCount = slice.filter { if case .added = $0.line { false } else { true } }.count
      let newCount = slice.filter { if case .removed = $0.line { false } else { true } }.count
      let header = "@@ -\(slice.first?.old ?? 0),\(oldCount) +\(slice.first?.new ?? 0),\(newCount) @@"
      output.append(colored ? "\u{1B}[36m\(header)\u{1B}[0m" : header)
      output += slice.map { Self.text($0.line, colored: colored) }
      start = end + 1
    }
    return output
  }

  private static func text(_ line: Line, colored: Bool) -> String {
    switch line {
    case .same(let text): " " + text
    case .removed(let text): colored ? "\u{1B}[31m-\(text)\u{1B}[0m" : "-" + text
    case .added(let text): colored ? "\u{1B}[32m+\(text)\u{1B}[0m" : "+" + text
    }
  }

  private static func split(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// The changed middle: the longest common subsequence's lines kept, the rest removed
  /// (old) or added (new).
  private static func middle(_ old: [String], _ new: [String], maximumTable: Int) -> [Line] {
    guard !old.isEmpty, !new.isEmpty, old.count * new.count <= maximumTable else {
      return old.map(Line.removed) + new.map(Line.added)
    }
    // lengths[i * width + j]: the longest common subsequence of old[i...] and new[j...].
    let width = new.count + 1
    var lengths = [Int32](repeating: 0, count: (old.count + 1) * width)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        lengths[i * width + j] = old[i] == new[j]
          ? lengths[(i + 1) * width + j + 1] + 1
          : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
      }
    }
    var result: [Line] = []
    var i = 0
    var j = 0
    while i < old.count, j < new.count {
      if old[i] == new[j] {
        result.append(.same(old[i])); i += 1; j += 1
      } else if lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
        result.append(.removed(old[i])); i += 1
      } else {
        result.append(.added(new[j])); j += 1
      }
    }
    return result + old[i...].map(Line.removed) + new[j...].map(Line.added)
  }
}
