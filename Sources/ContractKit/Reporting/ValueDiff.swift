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

  /// Every line of `before` and `after` marked same, removed or added (``LineDiff``).
  private static func operations(_ before: [String], _ after: [String]) -> [Line] {
    LineDiff(old: before, new: after, maximumTable: maximumTable).lines.map { line in
      switch line {
      case .same(let text): Line(mark: .same, text: text)
      case .removed(let text): Line(mark: .removed, text: text)
      case .added(let text): Line(mark: .added, text: text)
      }
    }
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
