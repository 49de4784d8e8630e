import ContractKitRuntime
/// A line diff of a finding's two values as canonical JSON spells them, inside the path that
/// leads to them, with a few unchanged lines of context around each change.
///
/// ```
///   "cards" :
///     [0]
///       "title" :
/// -       "Weekly summary"
/// +       "Weekly digest"
/// ```
/// Unchanged runs longer than the context are folded into one `skipped` line, and a diff is
/// cut after ``maximumLines`` lines, so a change in a huge payload stays a few lines.
struct ValueDiff: Hashable {
  /// What a line of the diff is.
  enum Mark: Hashable {
    /// The path leading to the values.
    case path
    /// A line both values share.
    case same
    /// A line only the baseline (or first encoding) has.
    case removed
    /// A line only the current value (or second encoding) has.
    case added
    /// This many lines left out.
    case skipped(Int)
  }

  /// One line of the diff, its text without the mark.
  struct Line: Hashable {
    var mark: Mark
    var text: String
  }

  /// Unchanged lines kept before and after each change.
  static let context = 3
  /// The most lines a diff shows; the rest is one `skipped` line.
  static let maximumLines = 200
  /// The largest LCS table (lines times lines) computed; beyond it the changed middle is
  /// shown as all removed, then all added.
  static let maximumTable = 250_000

  var lines: [Line]

  /// The diff of `old` and `new` at `path`; `nil` when both are absent or equal.
  init?(path: String?, old: JSONValue?, new: JSONValue?) {
    guard old != nil || new != nil, old != new else { return nil }
    let tokens = path.map(JSONPointer.tokens(of:)) ?? []
    let indent = String(repeating: "  ", count: tokens.count)
    let before = old.map { Self.canonicalLines($0, indent: indent) } ?? []
    let after = new.map { Self.canonicalLines($0, indent: indent) } ?? []
    var result = tokens.enumerated().map { depth, token in
      let spaces = String(repeating: "  ", count: depth)
      let isIndex = !token.isEmpty && token.utf8.allSatisfy { (48...57).contains($0) }
      return Line(mark: .path, text: spaces + (isIndex ? "[\(token)]" : CanonicalJSON.quoted(token) + " :"))
    }
    result += Self.folded(Self.operations(before, after))
    if result.count > Self.maximumLines {
      let rest = result.count - Self.maximumLines + 1
      result = Array(result.prefix(Self.maximumLines - 1)) + [Line(mark: .skipped(rest), text: "")]
    }
    lines = result
  }

  /// The canonical lines of `value`, each after `indent`.
  private static func canonicalLines(_ value: JSONValue, indent: String) -> [String] {
    CanonicalJSON.string(value).split(separator: "\n").map { indent + $0 }
  }

  /// Every line of `before` and `after` marked same, removed or added: common ends
  /// trimmed, the middle matched by longest common subsequence where it is small enough.
  private static func operations(_ before: [String], _ after: [String]) -> [Line] {
    var prefix = 0
    while prefix < before.count, prefix < after.count, before[prefix] == after[prefix] {
      prefix += 1
    }
    var suffix = 0
    while suffix < before.count - prefix, suffix < after.count - prefix,
          before[before.count - 1 - suffix] == after[after.count - 1 - suffix]
    {
      suffix += 1
    }
    let old = Array(before[prefix..<(before.count - suffix)])
    let new = Array(after[prefix..<(after.count - suffix)])
    var middle: [Line]
    if old.count * new.count <= maximumTable {
      middle = matched(old, new)
    } else {
      middle = old.map { Line(mark: .removed, text: $0) } + new.map { Line(mark: .added, text: $0) }
    }
    return before[..<prefix].map { Line(mark: .same, text: $0) } + middle
      + before[(before.count - suffix)...].map { Line(mark: .same, text: $0) }
  }

  /// The longest-common-subsequence diff of two short line lists.
  private static func matched(_ old: [String], _ new: [String]) -> [Line] {
    let width = new.count + 1
    var table = [Int](repeating: 0, count: (old.count + 1) * width)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        table[i * width + j] = old[i] == new[j]
          ? table[(i + 1) * width + j + 1] + 1
          : max(table[(i + 1) * width + j], table[i * width + j + 1])
      }
    }
    var lines: [Line] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        lines.append(Line(mark: .same, text: old[i]))
        i += 1
        j += 1
      } else if i < old.count
        && (j == new.count || table[(i + 1) * width + j] >= table[i * width + j + 1])
      {
        lines.append(Line(mark: .removed, text: old[i]))
        i += 1
      } else {
        lines.append(Line(mark: .added, text: new[j]))
        j += 1
      }
    }
    return lines
  }

  /// `lines` with unchanged runs beyond ``context`` lines of a change folded into one
  /// `skipped` line.
  private static func folded(_ lines: [Line]) -> [Line] {
    let changed = lines.indices.filter { lines[$0].mark != .same }
    var keep = [Bool](repeating: false, count: lines.count)
    for index in changed {
      for near in max(0, index - context)...min(lines.count - 1, index + context) {
        keep[near] = true
      }
    }
    var result: [Line] = []
    var skipped = 0
    for (index, line) in lines.enumerated() {
      if keep[index] {
        if skipped > 0 { result.append(Line(mark: .skipped(skipped), text: "")) }
        skipped = 0
        result.append(line)
      } else {
        skipped += 1
      }
    }
    if skipped > 0 { result.append(Line(mark: .skipped(skipped), text: "")) }
    return result
  }
}
