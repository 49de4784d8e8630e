import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// `report --against REF` and `diff git:REF`: the gate against the last release's own tree,
/// read from git objects (issue 24).
@Suite("Release gate against a git ref")
struct ReleaseAgainstTests {
  typealias Card = CardFixtures.Card
  typealias CardRenamed = CardFixtures.CardRenamed

  static let reason = "legacyTitle is headline in the redesign"

  static func catalog<T: Encodable & Sendable>(
    _ fixture: GitFixture, _ type: T.Type, stub: @escaping @Sendable () -> T
  ) throws -> Catalog {
    try fixture.scenario.catalog(yaml: Scenario.yaml) {
      try $0.register(type, named: "Card", stub: stub)
      try $0.register(CardFixtures.CounterBefore.self, named: "Counter", stub: { .init() })
    }
  }

  /// A repository whose `v1` tag holds the recorded card, and whose working tree has the
  /// rename recorded since with `--accept-breaking`, committed or not.
  static func renamedSinceV1(commit: Bool = true) throws -> (GitFixture, Catalog) {
    let fixture = try GitFixture()
    _ = try Record(catalog: try catalog(fixture, Card.self, stub: { .init() }),
                   date: "2026-01-01").run()
    try fixture.commitAll("Release 1")
    try fixture.git("tag", "v1")
    let after = try catalog(fixture, CardRenamed.self, stub: { .init() })
    let outcome = try Record(catalog: after, acceptBreakingReason: reason, date: "2026-02-03").run()
    #expect(!outcome.refused)
    if commit { try fixture.commitAll("Rename legacyTitle") }
    return (fixture, after)
  }

  @Test("report --against lists the break accepted after the tag, its reason, and states major")
  func acceptedSinceTag() throws {
    let (fixture, after) = try Self.renamedSinceV1()
    // The plain gate has no memory: the break was recorded into 1.0.0's own baselines.
    let plain = runContracts(["report", "--baselines", fixture.baselines.path],
                             catalog: { after })
    #expect(plain.code == 0)
    #expect(plain.stdout.hasPrefix("GATE: PASS\nRequired bump: none"))

    let report = try ReleaseGate(catalog: after, against: "v1").run()
    let since = try #require(report.since)
    #expect(since.requiredBump == .major)
    #expect(since.comparison.changes["Card"]?.contains(.fieldRemoved) == true)
    #expect(since.accepted == [AcceptedBreak(
      date: "2026-02-03", contract: "Card", version: "1.0.0",
      kinds: ["field-removed"],
      reason: Self.reason, places: [.path("/legacyTitle")])])
    #expect(since.unlogged.isEmpty)
    #expect(report.summary.requiredBump == .major)
    #expect(!report.summary.gatePasses)
    #expect(report.findings.map(brief) == ["error version-bump-required 1.0.0"])

    let commit = try fixture.git("rev-parse", "v1^{commit}").prefix(12)
    let result = runContracts(["report", "--baselines", fixture.baselines.path,
                               "--against", "v1"], catalog: { after })
    #expect(result.code == 1, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("""
      GATE: FAIL
      Required bump: major (compared each of 1.0.0 with its baselines; the tree of v1 with \
      today's)
      Since v1 (commit \(commit)): major (Card: field-removed)

      """))
    #expect(result.stdout.contains("""
      error  version-bump-required  1.0.0: since v1, 1.0.0 → 1.0.0 is a none bump, but the \
      changes since require major (Card: field-removed); a break accepted in Baselines.md \
      still breaks clients of v1

      Accepted since v1
        2026-02-03  Card 1.0.0  field-removed at /legacyTitle  \(Self.reason)

      Unlogged since v1: none

      """))
    let markdown = runContracts(["report", "--baselines", fixture.baselines.path,
                                 "--against", "v1", "--format", "markdown"], catalog: { after })
    #expect(markdown.stdout.contains("""
      ### Accepted since `v1`

      | date | contract | version | kinds | where | reason |
      | --- | --- | --- | --- | --- | --- |
      | 2026-02-03 | `Card` | `1.0.0` | field-removed | `/legacyTitle` | \(Self.reason) |

      ### Unlogged since `v1`

      Every break since `v1` has its row in Baselines.md's log.
      """))
    #expect(markdown.stdout.contains(
      "Since `v1` (commit `\(commit)`): **major** (`Card`: field-removed)"))
  }

  @Test("a break accepted before the tag is not listed; each one after it is, in log order")
  func onlyBreaksAfterTheTag() throws {
    let fixture = try GitFixture()
    _ = try Record(catalog: try Self.catalog(fixture, Card.self, stub: { .init() }),
                   date: "2026-01-01").run()
    _ = try Record(catalog: try Self.catalog(fixture, CardRenamed.self, stub: { .init() }),
                   acceptBreakingReason: "before the release", date: "2026-01-15").run()
    try fixture.commitAll("Release 1")
    try fixture.git("tag", "v1")
    let retyped = try Self.catalog(fixture, CardFixtures.CardRetyped.self, stub: { .init() })
    _ = try Record(catalog: retyped, acceptBreakingReason: "count | is a string now",
                   date: "2026-02-03").run()
    let since = try #require(try ReleaseGate(catalog: retyped, against: "v1").run().since)
    #expect(since.accepted.map(\.date) == ["2026-02-03"])
    #expect(since.accepted.map(\.reason) == ["count | is a string now"])
    #expect(since.accepted.first?.kinds.contains("type-changed") == true)
    #expect(since.requiredBump == .major)
  }

  @Test("an uncommitted break counts too: the working tree is compared, not HEAD")
  func uncommittedBreak() throws {
    let (fixture, after) = try Self.renamedSinceV1(commit: false)
    let report = try ReleaseGate(catalog: after, against: "v1").run()
    #expect(report.since?.requiredBump == .major)
    #expect(report.since?.accepted.map(\.reason) == [Self.reason])
    _ = fixture
  }

  @Test("against the release itself: nothing since, nothing accepted, the gate passes")
  func nothingSince() throws {
    let (fixture, after) = try Self.renamedSinceV1()
    try fixture.git("tag", "v2")
    let result = runContracts(["report", "--baselines", fixture.baselines.path,
                               "--against", "v2"], catalog: { after })
    #expect(result.code == 0, "\(result.stderr)")
    let commit = try fixture.git("rev-parse", "v2^{commit}").prefix(12)
    #expect(result.stdout.hasPrefix("GATE: PASS\nRequired bump: none (compared each of 1.0.0 "
      + "with its baselines; the tree of v2 with today's)\nSince v2 (commit \(commit)): none\n"))
    #expect(result.stdout.contains("\nAccepted since v2: none\n"))
  }

  @Test("a declared major version since the release passes the gate")
  func declaredMajorPasses() throws {
    let (fixture, _) = try Self.renamedSinceV1()
    let v2 = SystemVersion(2, 0, 0)
    let next = try fixture.scenario.catalog(versions: [Scenario.v1, v2], yaml: Scenario.yaml) {
      try $0.register(CardRenamed.self, named: "Card", stub: { .init() })
      try $0.register(CardFixtures.CounterBefore.self, named: "Counter", stub: { .init() })
    }
    _ = try Record(catalog: next, date: "2026-02-04").run()
    let report = try ReleaseGate(catalog: next, against: "v1").run()
    #expect(report.since?.requiredBump == .major)
    #expect(report.since?.declaredBump == .major)
    #expect(!report.findings.contains { $0.kind == .versionBumpRequired })
  }

  @Test("diff git:v1 .VersionedTestJSON equals the diff of the checked-out trees, byte for byte")
  func diffFromGitEqualsCheckout() throws {
    let (fixture, _) = try Self.renamedSinceV1(commit: false)
    let elsewhere = try TemporaryDirectory()
    let old = try fixture.checkout("v1", into: elsewhere)
    for format in ["text", "json", "markdown", "junit"] {
      let fromGit = try runBinary(["diff", "git:v1", ".VersionedTestJSON", "--format", format],
                                  in: fixture.root)
      let fromFolder = try runBinary(
        ["diff", old.appendingPathComponent(".VersionedTestJSON").path, ".VersionedTestJSON",
         "--format", format], in: fixture.root)
      #expect(fromGit.code == 1, "\(fromGit.stderr)")
      #expect(fromGit.code == fromFolder.code)
      #expect(fromGit.stdout == fromFolder.stdout, "\(format)")
      #expect(fromGit.stderr.isEmpty)
    }
    // Either side, and an explicit path.
    try fixture.commitAll("Rename legacyTitle")
    let newFromGit = try runBinary(["diff", "git:v1:.VersionedTestJSON", "git:HEAD"],
                                   in: fixture.root)
    let newFromFolder = try runBinary(
      ["diff", old.appendingPathComponent(".VersionedTestJSON").path, ".VersionedTestJSON"],
      in: fixture.root)
    #expect(newFromGit.stdout == newFromFolder.stdout)
    #expect(newFromGit.stdout.contains("field-removed"))
  }

  @Test("reading from git changes nothing: not the working tree, not the index, not a ref")
  func readsOnly() throws {
    let (fixture, after) = try Self.renamedSinceV1(commit: false)
    let before = DirectorySnapshot(fixture.root)
    _ = try runBinary(["diff", "git:v1", ".VersionedTestJSON"], in: fixture.root)
    _ = try ReleaseGate(catalog: after, against: "v1").run()
    #expect(DirectorySnapshot(fixture.root) == before,
            "\(DirectorySnapshot(fixture.root).differences(from: before))")
  }
}
