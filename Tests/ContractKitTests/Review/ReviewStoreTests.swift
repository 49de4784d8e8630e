import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// Issue 34, review's store: nothing in a store is followed out of it (1), applying is all or
/// nothing across a kill (2), a check that cannot keep pending results still reports (8),
/// what a card shows is the local check's (17), and `--pending` is judged where it leads (19).
@Suite("Review: the pending store, applying, and where pending results go", .serialized)
struct ReviewStoreTests {
  /// Every file of `root`, by path (links as `-> target`), for comparing trees whole.
  static func snapshot(_ root: URL) -> [String: String] {
    var entries: [String: String] = [:]
    let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
    for path in paths {
      let url = root.appendingPathComponent(path)
      if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path) {
        entries[path] = "-> " + target
      } else if let data = try? Data(contentsOf: url) {
        entries[path] = String(decoding: data, as: UTF8.self)
      }
    }
    return entries
  }

  // MARK: 34.1: links in a store

  @Test("--reject through a version folder linked into the baseline tree removes no baseline")
  func rejectThroughLink() throws {
    let copy = try ReviewCopy()
    _ = copy.run(["check"])
    let linked = copy.pending.appendingPathComponent("\(ReviewCopy.reworded)/1.0.0")
    try FileManager.default.removeItem(at: linked)
    try FileManager.default.createSymbolicLink(
      at: linked, withDestinationURL: copy.baselines.appendingPathComponent("\(ReviewCopy.reworded)/1.0.0"))
    let tree = Self.snapshot(copy.baselines)
    // Forgetting one file of the contract keeps the others: the file's bytes are removed from
    // the contract's folder, whose 1.0.0 leads into the committed tree.
    let store = PendingStore(root: copy.pending)
    #expect {
      try store.remove([ContractCase(ReviewCopy.reworded, "1.0.0", "en")])
    } throws: { error in
      "\(error)".contains("is behind '1.0.0', which is not a folder (a symbolic link?); "
        + "nothing is removed through it")
    }
    #expect(Self.snapshot(copy.baselines) == tree, "no committed baseline removed")
    // Rejecting the whole change removes the link itself, and nothing it points to.
    #expect(copy.run(["review", "--reject", ReviewCopy.reworded]).code == 0)
    #expect(Self.snapshot(copy.baselines) == tree)
  }

  @Test("--from: a contract folder linked out of the store is refused, never read or removed")
  func fromLinkedContract() throws {
    let copy = try ReviewCopy()
    let folder = try TemporaryDirectory("artifact")
    let artifact = folder.path("contracts-pending")
    #expect(copy.run(["check", "--pending", artifact.path], environment: ["CI": "true"]).code == 1)
    // The artifact's folder of a contract is a link to a copy elsewhere (as a tampered
    // artifact could hold), whose pending list names the contract's baselines' own bytes.
    let outside = folder.path("outside")
    try FileManager.default.moveItem(at: artifact.appendingPathComponent(ReviewCopy.added),
                                     to: outside)
    try FileManager.default.createSymbolicLink(
      at: artifact.appendingPathComponent(ReviewCopy.added), withDestinationURL: outside)
    let kept = Self.snapshot(outside)
    for arguments in [["--list"], ["--reject", ReviewCopy.added], ["--accept", ReviewCopy.added]] {
      let result = copy.run(["review", "--from", artifact.path] + arguments)
      #expect(result.code == 2, "\(arguments): \(result.stdout)\(result.stderr)")
      #expect(result.stderr.contains("symbolic link"), "\(result.stderr)")
    }
    #expect(Self.snapshot(outside) == kept, "nothing behind the link was touched")
  }

  @Test("a link inside a contract folder of the store is removed itself, never followed")
  func linkInsideRemovedFolder() throws {
    let copy = try ReviewCopy()
    _ = copy.run(["check"])
    try copy.directory.write("keep me\n", to: "victim.txt")
    let victim = copy.directory.path("victim.txt")
    try FileManager.default.createSymbolicLink(
      at: copy.pending.appendingPathComponent("\(ReviewCopy.added)/1.0.0/stray.json"),
      withDestinationURL: victim)
    let result = copy.run(["review", "--reject", ReviewCopy.added])
    #expect(result.code == 0, "\(result.stdout)\(result.stderr)")
    #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me\n")
    #expect(!FileManager.default.fileExists(
      atPath: copy.pending.appendingPathComponent(ReviewCopy.added).path))
  }

  // MARK: 34.2: a kill at each step of applying

  /// A copy of the sample with an orphan (a retired contract) that a `review` accepting its
  /// removal was applying when it was killed: `record` had moved the orphan aside
  /// (``BaselineRemoval``) and, where `logged`, written the `Baselines.md` that logs it.
  static func killedWhileRemoving(noted: Bool, logged: Bool) throws
    -> (copy: ReviewCopy, aside: URL, original: [String: String])
  {
    let copy = try ReviewCopy()
    let orphan = "RetiredViewModel/1.0.0/en.json"
    try copy.directory.write(copy.copy.read("SignInViewModel/1.0.0/en.json"),
                             to: ".VersionedTestJSON/" + orphan)
    let original = Self.snapshot(copy.directory.url)
    let aside = copy.baselines.appendingPathComponent(
      "\(BaselineRemoval.folderPrefix)\(ReleaseTruthTests.deadProcess).7")
    try FileManager.default.createDirectory(
      at: aside.appendingPathComponent("RetiredViewModel/1.0.0"), withIntermediateDirectories: true)
    try FileManager.default.moveItem(at: copy.baselines.appendingPathComponent(orphan),
                                     to: aside.appendingPathComponent(orphan))
    // The document the removal goes with: today's, plus its log row.
    let document = try copy.directory.read("Baselines.md") + "| 2026-12-03 | RetiredViewModel | "
      + "1.0.0 | contract-removed | retired | - |\n"
    if noted {
      try Data(SHA256.hex(Array(document.utf8)).utf8)
        .write(to: aside.appendingPathComponent(BaselineRemoval.digestName))
    }
    if logged { try copy.directory.write(document, to: "Baselines.md") }
    return (copy, aside, original)
  }

  @Test("killed before Baselines.md logged the removal: the next command restores the orphan, once",
        arguments: [false, true])
  func killedBeforeTheLog(noted: Bool) throws {
    let (copy, aside, original) = try Self.killedWhileRemoving(noted: noted, logged: false)
    let next = copy.run(["check"])
    #expect(next.stderr.hasPrefix("Note: Restored 1 baseline that an interrupted record had "
      + "moved aside without logging their removal (\(aside.lastPathComponent)).\n"),
            "\(next.stderr)")
    #expect(Self.snapshot(copy.directory.url).filter { !$0.key.hasPrefix(PendingStore.directoryName) }
      == original.filter { !$0.key.hasPrefix(PendingStore.directoryName) })
    #expect(!FileManager.default.fileExists(atPath: aside.path))
    #expect(!copy.run(["check"]).stderr.contains("Note:"), "said once")
  }

  @Test("killed after Baselines.md logged the removal: the next command finishes it and says so")
  func killedAfterTheLog() throws {
    let (copy, aside, _) = try Self.killedWhileRemoving(noted: true, logged: true)
    let next = copy.run(["check"])
    #expect(next.stderr.hasPrefix("Note: Finished removing 1 baseline that an interrupted "
      + "record had removed and logged (\(aside.lastPathComponent)).\n"), "\(next.stderr)")
    #expect(!FileManager.default.fileExists(atPath: aside.path))
    #expect(!FileManager.default.fileExists(
      atPath: copy.baselines.appendingPathComponent("RetiredViewModel").path))
  }

  @Test("swift test undoes what a killed review left too, with a warning")
  func swiftTestRecovers() throws {
    let (copy, _, original) = try Self.killedWhileRemoving(noted: false, logged: false)
    let verifier = ContractVerifier({ copy.catalog }, command: "swift run contracts",
                                    environment: [:])
    #expect(verifier.catalogProblems().contains {
      $0.severity == .warning && $0.message.hasPrefix("Restored 1 baseline that an interrupted record")
    })
    #expect(Self.snapshot(copy.directory.url).filter {
      !$0.key.hasPrefix(PendingStore.directoryName)
    } == original.filter { !$0.key.hasPrefix(PendingStore.directoryName) })
  }

  // MARK: 34.8: a check that cannot keep pending results

  @Test("check with .contracts-pending a file still reports and exits 1, with a warning")
  func pendingIsAFile() throws {
    let copy = try ReviewCopy()
    try Data("not a folder\n".utf8).write(to: copy.pending)
    let result = copy.run(["check", "--format", "json"])
    #expect(result.code == 1, "\(result.stderr)")
    #expect(result.stdout.contains("\"gate\" : \"fail\""), "the report is written")
    #expect(result.stderr.hasPrefix("Warning: pending results were not kept ("), "\(result.stderr)")
    #expect(try String(contentsOf: copy.pending, encoding: .utf8) == "not a folder\n")
    // swift test: the cases still fail on their own, and the catalog test warns.
    let verifier = ContractVerifier({ copy.catalog }, command: "swift run contracts",
                                    environment: [:])
    #expect(verifier.catalogProblems().contains {
      $0.severity == .warning && $0.message.hasPrefix("Pending results were not kept (")
    })
  }

  // MARK: 34.17: what review shows is the local check's

  @Test("review --from shows the local check's findings, not the artifact's own")
  func fromShowsLocalFindings() throws {
    let copy = try ReviewCopy()
    let folder = try TemporaryDirectory("artifact")
    let artifact = folder.path("contracts-pending")
    #expect(copy.run(["check", "--pending", artifact.path], environment: ["CI": "true"]).code == 1)
    // The artifact claims the rename is a harmless text change.
    let index = artifact.appendingPathComponent("\(ReviewCopy.renamed)/pending.json")
    let forged = try String(contentsOf: index, encoding: .utf8)
      .replacingOccurrences(of: "\"field-removed\"", with: "\"text-changed\"")
      .replacingOccurrences(of: "\"decode-failed\"", with: "\"text-changed\"")
      .replacingOccurrences(of: "\"field-added\"", with: "\"text-changed\"")
      .replacingOccurrences(of: "\"error\"", with: "\"info\"")
      .replacingOccurrences(of: "\"warning\"", with: "\"info\"")
    try Data(forged.utf8).write(to: index)
    let listed = copy.run(["review", "--from", artifact.path, "--list"])
    #expect(listed.stdout.contains(
      "  SessionExpiredErrorViewModel  breaking  field-removed, decode-failed, field-added  (24 files)"),
      "\(listed.stdout)")
    #expect(!listed.stdout.contains("text-changed  (24 files)"))
  }

  // MARK: 34.19: --pending through a link

  @Test("--pending through a link into the baseline folder is refused, whether the target exists or not",
        arguments: [true, false])
  func pendingThroughLink(_ targetExists: Bool) throws {
    let copy = try ReviewCopy()
    let link = copy.directory.path("into-tree")
    try FileManager.default.createSymbolicLink(
      at: link, withDestinationURL: targetExists ? copy.baselines : copy.baselines.appendingPathComponent("new"))
    let tree = Self.snapshot(copy.baselines)
    let result = copy.run(["check", "--pending", link.appendingPathComponent("newdir").path])
    #expect(result.code == 2, "\(result.stdout)\(result.stderr)")
    #expect(result.stderr.contains("is inside the baseline directory"), "\(result.stderr)")
    #expect(Self.snapshot(copy.baselines) == tree)
  }

  // MARK: 33: an empty pending folder goes

  @Test("the pending folder goes once nothing is pending: after review, and after a clean check")
  func emptyFolderRemoved() throws {
    let copy = try ReviewCopy()
    _ = copy.run(["check"])
    #expect(copy.run(["review", "--reject", ReviewCopy.renamed, ReviewCopy.reworded,
                      ReviewCopy.added]).code == 0)
    #expect(!FileManager.default.fileExists(atPath: copy.pending.path))
    let clean = try SampleCopy()
    try FileManager.default.createDirectory(
      at: clean.directory.path(PendingStore.directoryName), withIntermediateDirectories: true)
    var out = ""
    let code = ContractsCommandLine.run(
      arguments: ["check", "--baselines", clean.baselines.path], catalog: { clean.catalog },
      program: "contracts", colored: false, environment: [:], terminal: { nil },
      stdout: { out += $0 }, stderr: { out += $0 })
    #expect(code == 0, "\(out)")
    #expect(!FileManager.default.fileExists(atPath: clean.directory.path(PendingStore.directoryName).path))
  }
}
