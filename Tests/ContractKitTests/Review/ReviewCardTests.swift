import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// Issue 33: review shows every change before it is blessed. A card lists every distinct
/// value its files have (a per-locale text in each locale) before any key accepts it, `d`
/// pages through every file, and accepting writes exactly what was shown.
@Suite("Review: every value and every file on the card before it is accepted")
struct ReviewCardTests {
  static func plan(_ copy: ReviewCopy) throws -> ReviewPlan {
    _ = copy.run(["check"])
    return try ReviewPlan(catalog: copy.catalog, store: PendingStore(root: copy.pending),
                          isDownloaded: false)
  }

  static let english = #"en: "Good to see you, Ana!" → "Welcome back, Ana!""#
  /// French puts a no-break space before `!`: the line is matched up to it.
  static let french = #"fr: "Ravi de vous revoir, Ana !" → "Bon retour parmi nous, Ana"#

  @Test("a text changed in two locales: one card, both texts with their locale, before a")
  func twoLocales() throws {
    let copy = try ReviewCopy(rewordedInFrench: true)
    let plan = try Self.plan(copy)
    // s skips the rename; a accepts the greeting; q quits at the third change.
    let terminal = ScriptedTerminal("saq")
    let decisions = try #require(ReviewSession(plan: plan, terminal: terminal).run())
    let card = terminal.screens[1].components(separatedBy: "\r\n")
    #expect(card.first == "Change 2 of 3: WelcomeBannerViewModel")
    #expect(card.contains("8 files · 1.0.0, 1.1.0, 2.0.0, 2.1.0 · en, fr · default"))
    #expect(card.contains("info text-changed /greeting"))
    #expect(card.contains("    " + Self.english), "\(card)")
    #expect(card.contains { $0.hasPrefix("    " + Self.french) }, "\(card)")
    #expect(card.count <= 24 && card.allSatisfy { $0.count <= 80 })
    #expect(decisions.accepted.map(\.change.contract) == [ReviewCopy.reworded])
    _ = try decisions.apply(to: plan)
    let recorded = try ReviewCopy(rewordedInFrench: true)
    #expect(recorded.run(["record", "--only", "\(ReviewCopy.reworded)/*/en",
                          "\(ReviewCopy.reworded)/*/fr"]).code == 0)
    #expect(try copy.files() == recorded.files(), "both locales written, as shown")
  }

  @Test("--list and the card name the same files; the list line counts both locales")
  func listCountsBoth() throws {
    let copy = try ReviewCopy(rewordedInFrench: true)
    _ = copy.run(["check"])
    #expect(copy.run(["review", "--list"]).stdout
      .contains("  WelcomeBannerViewModel        harmless  text-changed  (8 files)"))
  }

  @Test("a change too long for one screen: a is refused until every page was shown")
  func pagesBeforeAccept() throws {
    let copy = try ReviewCopy()
    let plan = try Self.plan(copy)
    let card = ReviewCard(plan: plan, change: plan.changes[0], index: 0, colored: false)
    let pages = card.pageCount(size: (80, 24))
    try #require(pages == 2, "the rename's six texts, removed and added, take two pages")
    // a on the first page is refused; space shows the second; a then asks the reason.
    let terminal = ScriptedTerminal("a a" + ReviewCopy.reason + "\rq")
    let decisions = try #require(ReviewSession(plan: plan, terminal: terminal).run())
    #expect(terminal.screens[1].contains("Not accepted: page 2 of 2 is not shown yet (space)."))
    #expect(terminal.screens[2].contains("space page 2/2  " + ReviewSession.keys))
    #expect(decisions.accepted.map(\.reason) == [ReviewCopy.reason])
    // Every locale's text, removed and added, is on one of the pages.
    let shown = (0..<pages).flatMap { card.lines(size: (80, 24), page: $0) }.joined(separator: "\n")
    for locale in copy.catalog.locales {
      let text = try #require(try copy.copy.read("\(ReviewCopy.renamed)/1.0.0/\(locale).json")
        .components(separatedBy: "\"signInLabel\" : ").last?.components(separatedBy: "\n").first)
      #expect(shown.contains("\(locale): \(text.dropLast())"), "\(locale) \(text)")
    }
  }

  @Test("d pages through the diff of every file of the change, to the last")
  func diffOfEveryFile() throws {
    let copy = try ReviewCopy()
    let plan = try Self.plan(copy)
    let files = plan.changes[0].results.count
    #expect(files == 24)
    let terminal = ScriptedTerminal("d" + String(repeating: " ", count: 60) + "q")
    _ = ReviewSession(plan: plan, terminal: terminal).run()
    let diffScreens = terminal.screens.filter { $0.contains(" of 24: ") }
    for number in 1...24 {
      #expect(diffScreens.contains { $0.hasPrefix("File \(number) of 24: ") }, "file \(number)")
    }
    let last = try #require(diffScreens.last)
    #expect(last.contains("+  \"signInAction\" : "))
    #expect(last.contains("-  \"signInLabel\" : "))
  }

  @Test("accepting writes exactly what was shown: a baseline changed since is refused")
  func exactlyWhatWasShown() throws {
    let copy = try ReviewCopy()
    let plan = try Self.plan(copy)
    let reworded = try #require(plan.changes.first { $0.contract == ReviewCopy.reworded })
    // Someone records a text of it after the card was shown.
    let path = ContractCase(ReviewCopy.reworded, "1.1.0", "en").relativePath
    try copy.copy.edit(path) { $0.set("/greeting", to: "Hi, Ana!") }
    let before = try copy.files()
    var decisions = ReviewDecisions()
    decisions.accepted = [(reworded, nil)]
    let outcome = try decisions.apply(to: plan)
    #expect(outcome.refused)
    #expect(outcome.record?.outdated == [ContractCase(ReviewCopy.reworded, "1.1.0", "en")])
    #expect(try copy.files() == before, "nothing written")
    let text = RecordReport.text(try #require(outcome.record), baselines: "b", command: "c")
    #expect(text.hasPrefix("Refused: 1 accepted file changed since review showed it; nothing "
      + "was written.\n  WelcomeBannerViewModel/1.1.0/en.json\n"))
  }
}
