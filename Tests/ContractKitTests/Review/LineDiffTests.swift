import Testing
@testable import ContractKit
@testable import ContractKitRuntime

@Suite("Review: the line diff of canonical JSON")
struct LineDiffTests {
  static let old = (1...12).map { "line \($0)" }.joined(separator: "\n") + "\n"

  @Test("only the changed regions, three lines of context, with hunk headers")
  func hunks() {
    let new = Self.old.replacingOccurrences(of: "line 2\n", with: "line two\n")
      .replacingOccurrences(of: "line 11\n", with: "line 11\nline 11b\n")
    #expect(LineDiff(old: Self.old, new: new).render(context: 3, colored: false) == [
      "@@ -1,5 +1,5 @@", " line 1", "-line 2", "+line two", " line 3", " line 4", " line 5",
      "@@ -9,4 +9,5 @@", " line 9", " line 10", " line 11", "+line 11b", " line 12",
    ])
  }

  @Test("changes close together share one hunk; nil context shows every line")
  func merged() {
    let new = Self.old.replacingOccurrences(of: "line 3\n", with: "")
      .replacingOccurrences(of: "line 6\n", with: "line six\n")
    let diff = LineDiff(old: Self.old, new: new)
    #expect(diff.render(context: 1, colored: false) == [
      "@@ -2,6 +2,5 @@", " line 2", "-line 3", " line 4", " line 5", "-line 6", "+line six",
      " line 7",
    ])
    #expect(diff.render(context: nil, colored: false).count == 13)
    #expect(diff.hasChanges)
    #expect(!LineDiff(old: Self.old, new: Self.old).hasChanges)
  }

  @Test("coloured: red removals, green additions, cyan headers")
  func colored() {
    #expect(LineDiff(old: "a\n", new: "b\n").render(context: 3, colored: true) == [
      "\u{1B}[36m@@ -1,1 +1,1 @@\u{1B}[0m", "\u{1B}[31m-a\u{1B}[0m", "\u{1B}[32m+b\u{1B}[0m",
    ])
  }
}
