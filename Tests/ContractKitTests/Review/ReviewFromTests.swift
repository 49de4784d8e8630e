import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

@Suite("Review: what CI saw (--from), orphans, and never waiting without a terminal")
struct ReviewFromTests {
  /// A copy whose check ran as on CI, keeping its pending results in `artifact`, a folder
  /// of its own (as a downloaded artifact is).
  static func checkedOnCI() throws
    -> (copy: ReviewCopy, folder: TemporaryDirectory, artifact: URL)
  {
    let copy = try ReviewCopy()
    let folder = try TemporaryDirectory("artifact")
    let artifact = folder.path("contracts-pending")
    #expect(copy.run(["check", "--pending", artifact.path], environment: ["CI": "true"]).code == 1)
    return (copy, folder, artifact)
  }

  @Test("--from applies what CI saw, exactly as record --only would")
  func fromApplies() throws {
    let (copy, folder, artifact) = try Self.checkedOnCI()
    defer { _ = folder }
    let result = copy.run(["review", "--from", artifact.path, "--accept", ReviewCopy.added])
    #expect(result.code == 0, "\(result.stdout)\(result.stderr)")
    let recorded = try ReviewCopy()
    #expect(recorded.run(["record", "--only", ReviewCopy.added]).code == 0)
    #expect(try copy.files() == recorded.files())
    #expect(!FileManager.default.fileExists(atPath: copy.pending.path),
            "the local folder is not involved")
  }

  @Test("--from refuses a result whose baseline changed after CI made it: exit 1, nothing written")
  func fromRefusesChangedBaseline() throws {
    let (copy, folder, artifact) = try Self.checkedOnCI()
    defer { _ = folder }
    let path = ContractCase(ReviewCopy.reworded, "1.1.0", "en").relativePath
    try copy.copy.edit(path) { $0.set("/greeting", to: "Hi, Ana!") }
    let before = try copy.files()
    let artifactBefore = try treeFiles(artifact)
    let result = copy.run(["review", "--from", artifact.path, "--accept", ReviewCopy.reworded])
    #expect(result.code == 1)
    #expect(result.stdout == """
      Refused: 1 pending result no longer applies; nothing was written.
        WelcomeBannerViewModel/1.1.0/en.default: the baseline changed since the result was made
      Run the check again (swift run contracts check) and review what it keeps.

      """)
    #expect(try copy.files() == before)
    #expect(try treeFiles(artifact) == artifactBefore)
    let listed = copy.run(["review", "--from", artifact.path, "--list"])
    #expect(listed.stdout.contains("""
      Refused (no longer applies, never applied):
        WelcomeBannerViewModel/1.1.0/en.default: the baseline changed since the result was made
      """))
    // The others of the change are listed by their own selectors, which leave it out.
    #expect(listed.stdout.contains("  WelcomeBannerViewModel/1.0.0/en.default "
      + "WelcomeBannerViewModel/2.0.0/en.default WelcomeBannerViewModel/2.1.0/en.default  "
      + "harmless  text-changed  (3 files)"))
  }

  @Test("a result whose encoding changed since is refused, never applied")
  func encodingChanged() throws {
    struct Card: Codable, Sendable { var title = "Weekly"; var vmId = ViewModelId(id: "c") }
    struct Titled: Codable, Sendable { var title = "Monthly"; var vmId = ViewModelId(id: "c") }
    struct Retitled: Codable, Sendable { var title = "Yearly"; var vmId = ViewModelId(id: "c") }
    let scenario = try Scenario()
    try scenario.record(scenario.catalog(locales: ["en"]) {
      try $0.register(Card.self, named: "Card", stub: { .init() })
    })
    let store = PendingStore(root: scenario.directory.path("artifact"))
    var check = Check(catalog: try scenario.catalog(locales: ["en"]) {
      try $0.register(Titled.self, named: "Card", stub: { .init() })
    })
    check.pending = PendingCollector(store: store)
    _ = try check.run()
    let plan = try ReviewPlan(
      catalog: try scenario.catalog(locales: ["en"]) {
        try $0.register(Retitled.self, named: "Card", stub: { .init() })
      },
      store: store, isDownloaded: true)
    #expect(plan.changes.isEmpty)
    #expect(plan.stale.map(\.reason) == ["today's encoding differs from the one the result holds"])
  }

  @Test("orphans: listed by review --list; removed only when accepted with a reason, logged")
  func orphans() throws {
    let copy = try SampleCopy()
    let original = try treeFiles(copy.directory.url)
    try copy.directory.write(copy.read("SignInViewModel/1.0.0/en.json"),
                             to: ".VersionedTestJSON/RetiredViewModel/1.0.0/en.json")
    try copy.directory.write(copy.read("SignInViewModel/1.0.0/en.json"),
                             to: ".VersionedTestJSON/SignInViewModel/1.0.0/it.json")
    let withOrphans = try treeFiles(copy.directory.url)
    func run(_ arguments: [String]) -> (code: Int32, stdout: String) {
      var out = ""
      let code = ContractsCommandLine.run(
        arguments: arguments + ["--baselines", copy.baselines.path], catalog: { copy.catalog },
        program: "contracts", colored: false, environment: [:], terminal: { nil },
        stdout: { out += $0 }, stderr: { out += $0 })
      return (code, out)
    }
    let listed = run(["review", "--list"])
    #expect(listed.code == 1)
    #expect(listed.stdout.contains("""
        RetiredViewModel          orphan    contract-removed: 1 baseline file no contract produces
        SignInViewModel/1.0.0/it  orphan    locale-removed: 1 baseline file no contract produces
      """), "\(listed.stdout)")
    #expect(run(["review", "--reject", "RetiredViewModel"]).code == 0)
    #expect(FileManager.default.fileExists(
      atPath: copy.baselines.appendingPathComponent("RetiredViewModel/1.0.0/en.json").path))
    // Removing a released contract or locale is a break (issue 34.3): no reason, no removal.
    let unexplained = run(["review", "--accept", "RetiredViewModel", "SignInViewModel/1.0.0/it"])
    #expect(unexplained.code == 1)
    #expect(unexplained.stdout.hasPrefix(
      "Refused: 2 accepted changes break clients of released versions; nothing was written."),
      "\(unexplained.stdout)")
    #expect(try treeFiles(copy.directory.url) == withOrphans)
    let removed = run(["review", "--accept", "RetiredViewModel", "SignInViewModel/1.0.0/it",
                       "--reason", "Retired screen; Italian dropped"])
    #expect(removed.code == 0, "\(removed.stdout)")
    #expect(removed.stdout.contains("""
      Removed 2 orphaned baselines:
        removed RetiredViewModel/1.0.0/en.json
        removed SignInViewModel/1.0.0/it.json
      Accepted 2 breaking changes, logged in Baselines.md.
      """), "\(removed.stdout)")
    let document = try copy.directory.read("Baselines.md")
    let today = Record.today()
    #expect(try BaselinesDocument.logRows(of: document).suffix(2) == [
      "| \(today) | RetiredViewModel |  | contract-removed | Retired screen; Italian dropped | - |",
      "| \(today) | SignInViewModel | 1.0.0 | locale-removed | Retired screen; Italian dropped "
        + "| locale `it` |",
    ])
    #expect(try treeFiles(copy.directory.url, skipping: "Baselines.md")
      == original.filter { $0.key != "Baselines.md" }, "the tree as before")
  }

  @Test("review with stdin from /dev/null never waits: it lists and exits 1 within seconds")
  func neverBlocks() throws {
    let copy = try ReviewCopy()
    _ = copy.run(["check"])
    let process = Process()
    process.executableURL = contractsExecutable
    process.arguments = ["review", "--baselines", copy.baselines.path]
    process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(60)
    while process.isRunning, Date() < deadline { usleep(50_000) }
    let finished = !process.isRunning
    if !finished { process.terminate() }
    #expect(finished, "review waited for input without a terminal")
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(text.hasSuffix(ReviewCommandTests.listed))
  }
}
