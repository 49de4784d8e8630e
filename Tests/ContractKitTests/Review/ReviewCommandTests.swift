import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

@Suite("Review: review --list, --accept, --reject")
struct ReviewCommandTests {
  /// The three changes as `--list` shows them, after its first line.
  static let listed = """
      SessionExpiredErrorViewModel  breaking  field-removed, decode-failed, field-added  (24 files)
      WelcomeBannerViewModel        harmless  text-changed  (4 files)
      SignInViewModel               harmless  field-added  (24 files)

    Review them in a terminal: swift run contracts review
    or: swift run contracts review --accept <selector>... [--reason "…"] | --reject <selector>...

    """

  @Test("--list: one line per change with its selector, exit 1 while anything is pending")
  func list() throws {
    let copy = try ReviewCopy()
    _ = copy.run(["check"])
    let result = copy.run(["review", "--list"])
    #expect(result.code == 1)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first?.hasPrefix("3 pending changes in ") == true)
    #expect(lines.dropFirst().joined(separator: "\n") == Self.listed)
  }

  @Test("review without a terminal lists and exits 1; with nothing pending it exits 0")
  func noTerminal() throws {
    let copy = try ReviewCopy()
    _ = copy.run(["check"])
    let result = copy.run(["review"])
    #expect(result.code == 1)
    #expect(result.stdout.hasSuffix(Self.listed))
    let clean = try SampleCopy()
    var out = ""
    let code = ContractsCommandLine.run(
      arguments: ["review", "--baselines", clean.baselines.path], catalog: { clean.catalog },
      program: "contracts", colored: false, environment: [:], terminal: { nil },
      stdout: { out += $0 }, stderr: { _ in })
    #expect(code == 0)
    #expect(out.hasPrefix("Nothing pending in "))
  }

  @Test("--accept writes exactly what record --only writes for the same cases")
  func acceptHarmless() throws {
    let copy = try ReviewCopy()
    _ = copy.run(["check"])
    let result = copy.run(["review", "--accept", ReviewCopy.reworded, ReviewCopy.added])
    #expect(result.code == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.hasSuffix("Accepted 2 changes, rejected 0; 1 change still pending.\n"))
    let recorded = try ReviewCopy()
    #expect(recorded.run(["record", "--only", "\(ReviewCopy.reworded)/*/en", ReviewCopy.added])
      .code == 0)
    #expect(try copy.files() == recorded.files())
    #expect(Set(try PendingStore(root: copy.pending).results().map(\.contractCase.contract))
      == [ReviewCopy.renamed])
  }

  @Test("--accept of a breaking change without --reason is refused: exit 1, nothing written")
  func breakingNeedsReason() throws {
    let copy = try ReviewCopy()
    _ = copy.run(["check"])
    let before = try copy.files()
    let pendingBefore = try treeFiles(copy.pending)
    let result = copy.run(["review", "--accept", ReviewCopy.renamed, ReviewCopy.added])
    #expect(result.code == 1)
    #expect(result.stdout == """
      Refused: 1 accepted change breaks clients of released versions; nothing was written.
        SessionExpiredErrorViewModel  breaking  field-removed, decode-failed, field-added  (24 files)
      If the break is intended, run: swift run contracts review --accept \
      SessionExpiredErrorViewModel --reason "…"

      """)
    #expect(try copy.files() == before)
    #expect(try treeFiles(copy.pending) == pendingBefore)
  }

  @Test("--accept --reason: Baselines.md logs the reason exactly as record --accept-breaking")
  func breakingWithReason() throws {
    let copy = try ReviewCopy()
    _ = copy.run(["check"])
    let result = copy.run(["review", "--accept", ReviewCopy.renamed, "--reason", ReviewCopy.reason])
    #expect(result.code == 0, "\(result.stdout)\(result.stderr)")
    let recorded = try ReviewCopy()
    #expect(recorded.run(["record", "--only", ReviewCopy.renamed, "--accept-breaking",
                          "--reason", ReviewCopy.reason]).code == 0)
    #expect(try copy.files() == recorded.files())
    let document = try copy.directory.read("Baselines.md")
    #expect(document.contains("| \(Record.today()) | \(ReviewCopy.renamed) | 1.0.0 | "
      + "field-removed | \(ReviewCopy.reason) |"))
  }

  @Test("--reject forgets the pending results and leaves the baselines as they are")
  func reject() throws {
    let copy = try ReviewCopy()
    _ = copy.run(["check"])
    let before = try copy.files()
    let result = copy.run(["review", "--reject", ReviewCopy.added])
    #expect(result.code == 0)
    #expect(result.stdout == "Accepted 0 changes, rejected 1; 2 changes still pending.\n")
    #expect(try copy.files() == before)
    #expect(Set(try PendingStore(root: copy.pending).results().map(\.contractCase.contract))
      == [ReviewCopy.renamed, ReviewCopy.reworded])
  }

  @Test("--accept and --reject in one run, each with its own selectors")
  func acceptAndReject() throws {
    let copy = try ReviewCopy()
    _ = copy.run(["check"])
    let result = copy.run(["review", "--accept", ReviewCopy.reworded, "--reject", ReviewCopy.added])
    #expect(result.code == 0)
    #expect(result.stdout.hasSuffix("Accepted 1 change, rejected 1; 1 change still pending.\n"))
    #expect(try PendingStore(root: copy.pending).results().map(\.contractCase.contract)
      .allSatisfy { $0 == ReviewCopy.renamed })
  }

  @Test("a local result whose baseline changed since is dropped, never applied")
  func localStaleDropped() throws {
    let copy = try ReviewCopy()
    _ = copy.run(["check"])
    let path = ContractCase(ReviewCopy.reworded, "1.0.0", "en").relativePath
    try copy.copy.edit(path) { $0.set("/greeting", to: "Hi, Ana!") }
    let listed = copy.run(["review", "--list"])
    #expect(listed.stdout.contains("""
      Dropped (no longer applies, never applied):
        WelcomeBannerViewModel/1.0.0/en.default: the baseline changed since the result was made
      """))
    #expect(listed.stdout.contains("  WelcomeBannerViewModel        harmless  text-changed  (3 files)"))
    let accepted = copy.run(["review", "--accept", ReviewCopy.reworded])
    #expect(accepted.code == 0)
    #expect(try copy.copy.read(path).contains("\"Hi, Ana!\""), "the dropped result is not applied")
    #expect(try copy.copy.read(ContractCase(ReviewCopy.reworded, "1.1.0", "en").relativePath)
      .contains("Welcome back, Ana!"))
  }

  @Test("usage: --reason needs --accept, --list goes alone, a selector must select something")
  func usage() throws {
    let copy = try ReviewCopy()
    _ = copy.run(["check"])
    for (arguments, message) in [
      (["review", "--reject", ReviewCopy.added, "--reason", "x"],
       "Error: '--reason' only goes with '--accept'"),
      (["review", "--list", "--accept", ReviewCopy.added],
       "Error: '--list' cannot go with '--accept' or '--reject'"),
      (["review", "--accept", "NoSuchViewModel"],
       "Error: '--accept NoSuchViewModel' selects no pending change (see 'swift run contracts "
         + "review --list')"),
      (["review", "--accept", "a/b/c/d"],
       "Error: The value 'a/b/c/d' is invalid for '--accept <selector>': it has 4 parts"),
      (["review", "--from", copy.directory.path("nowhere").path],
       "Error: \(copy.directory.path("nowhere").path): no such folder of pending results"),
    ] {
      let result = copy.run(arguments)
      #expect(result.code == 2, "\(arguments)")
      #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }
    let help = copy.run(["review", "--help"])
    #expect(help.code == 0)
    #expect(help.stdout.contains("a accept, r reject, s skip,\nspace next page, d every file's "
      + "diff, ? help, q quit."))
  }
}
