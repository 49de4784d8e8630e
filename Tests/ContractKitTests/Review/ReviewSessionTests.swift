import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// A terminal that types the keys it was given and keeps what was written.
final class ScriptedTerminal: ReviewTerminal {
  private var keys: [UInt8]
  private(set) var output = ""
  let size: (columns: Int, rows: Int)

  init(_ keys: String, size: (columns: Int, rows: Int) = (80, 24)) {
    self.keys = Array(keys.utf8)
    self.size = size
  }

  func readByte() -> UInt8? { keys.isEmpty ? nil : keys.removeFirst() }
  func write(_ text: String) { output += text }

  /// The screens shown, escape sequences removed.
  var screens: [String] {
    output.components(separatedBy: "\u{1B}[H\u{1B}[2J").dropFirst().map(plain)
  }
}

/// `text` without ANSI escape sequences.
func plain(_ text: String) -> String {
  text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*[A-Za-z]", with: "", options: .regularExpression)
}

@Suite("Review: the interactive session, key by key")
struct ReviewSessionTests {
  static func plan() throws -> (copy: ReviewCopy, plan: ReviewPlan) {
    let copy = try ReviewCopy()
    _ = copy.run(["check"])
    return (copy, try ReviewPlan(catalog: copy.catalog, store: PendingStore(root: copy.pending),
                                 isDownloaded: false))
  }

  @Test("a, reason, a, r: two accepted (a reason only for the rename), one rejected")
  func threeDecisions() throws {
    let (copy, plan) = try Self.plan()
    // The rename's card has two pages (its six texts, removed and added): space, then a.
    let terminal = ScriptedTerminal(" a\(ReviewCopy.reason)\ra" + "r")
    let decisions = try #require(ReviewSession(plan: plan, terminal: terminal).run())
    #expect(decisions.accepted.map(\.change.contract) == [ReviewCopy.renamed, ReviewCopy.reworded])
    #expect(decisions.accepted.map(\.reason) == [ReviewCopy.reason, nil])
    #expect(decisions.rejected.map(\.contract) == [ReviewCopy.added])
    #expect(plain(terminal.output).components(separatedBy: "Reason for this breaking change")
      .count == 2, "asked once")
    _ = try decisions.apply(to: plan)
    let recorded = try ReviewCopy()
    #expect(recorded.run(["record", "--only", ReviewCopy.renamed, "\(ReviewCopy.reworded)/*/en",
                          "--accept-breaking", "--reason", ReviewCopy.reason]).code == 0)
    #expect(try copy.files() == recorded.files())
  }

  @Test("Esc (or an empty reason) cancels accepting a breaking change; s skips")
  func cancelReason() throws {
    let (copy, plan) = try Self.plan()
    defer { _ = copy }
    let terminal = ScriptedTerminal(" a\u{1B}a\rsss")
    let decisions = try #require(ReviewSession(plan: plan, terminal: terminal).run())
    #expect(decisions.isEmpty)
    #expect(terminal.screens[2].contains("Not accepted: a breaking change needs a reason."))
  }

  @Test("backspace edits the reason; the reason is what was typed")
  func editedReason() throws {
    let (copy, plan) = try Self.plan()
    defer { _ = copy }
    let terminal = ScriptedTerminal(" aRenamex\u{7F}d ü\rq")
    let decisions = try #require(ReviewSession(plan: plan, terminal: terminal).run())
    #expect(decisions.accepted.map(\.reason) == ["Renamed ü"])
  }

  @Test("q keeps what was decided; end of input too")
  func quit() throws {
    let (copy, plan) = try Self.plan()
    defer { _ = copy }
    let quit = try #require(ReviewSession(plan: plan, terminal: ScriptedTerminal("saq")).run())
    #expect(quit.accepted.map(\.change.contract) == [ReviewCopy.reworded])
    let ended = try #require(ReviewSession(plan: plan, terminal: ScriptedTerminal("sr")).run())
    #expect(ended.rejected.map(\.contract) == [ReviewCopy.reworded])
  }

  @Test("Ctrl-C aborts: nothing decided, nothing written")
  func abort() throws {
    let (copy, plan) = try Self.plan()
    defer { _ = copy }
    #expect(ReviewSession(plan: plan, terminal: ScriptedTerminal("sa\u{3}")).run() == nil)
  }

  @Test("the card fits 80x24: findings with kinds, severities and every value, who it breaks, the diff")
  func card() throws {
    let (copy, plan) = try Self.plan()
    defer { _ = copy }
    // space: page 2; d: the diffs, x back; ?: the help.
    let terminal = ScriptedTerminal(" dx?q")
    _ = ReviewSession(plan: plan, terminal: terminal).run()
    let pages = terminal.screens.prefix(2).map { $0.components(separatedBy: "\r\n") }
    for card in pages {
      #expect(card.count <= 24)
      #expect(card.allSatisfy { $0.count <= 80 })
    }
    #expect(pages[0] == [
      "Change 1 of 3: SessionExpiredErrorViewModel",
      "24 files · 1.0.0, 1.1.0, 2.0.0, 2.1.0 · en, es, de, fr, ja, pt-BR · default",
      "Select: SessionExpiredErrorViewModel",
      "Breaks clients of 1.0.0, 1.1.0, 2.0.0: accepting asks why.",
      "",
    ] + [
      "error field-removed /signInLabel",
      "    field '/signInLabel' is gone; clients that require it fail to decode (looks ",
      "    like a rename to 'signInAction': old clients break either way)",
      "    en: \"Sign in again\" → (absent)",
      "    es: \"Volver a iniciar sesión\" → (absent)",
      "    de: \"Erneut anmelden\" → (absent)",
      "    fr: \"Se reconnecter\" → (absent)",
      "    ja: \"もう一度サインイン\" → (absent)",
      "    pt-BR: \"Entrar novamente\" → (absent)",
    ] + Array(pages[0][14...]))
    #expect(pages[0].suffix(4) == ["… more on the next page (space)", "", "",
                                   "space page 1/2  " + ReviewSession.keys])
    #expect(pages[1].contains("    en: (absent) → \"Sign in again\""), "\(pages[1])")
    #expect(pages[1].contains("    ja: (absent) → \"もう一度サインイン\""), "\(pages[1])")
    #expect(pages[1].last == "space page 2/2  " + ReviewSession.keys)
    // d: every file's diff, the first first; ?: the keys.
    #expect(terminal.screens[2].hasPrefix("File 1 of 24: SessionExpiredErrorViewModel/1.0.0/en.json"))
    #expect(terminal.screens[2].contains("-  \"signInLabel\" : \"Sign in again\","))
    #expect(terminal.screens[2].contains("+  \"signInAction\" : \"Sign in again\","))
    #expect(terminal.screens.contains { $0.contains("  a      accept: record it") })
  }
}
