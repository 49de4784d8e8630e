import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// Trees read from git are input like folders: a ref that names no commit, a folder in no
/// repository, a commit with no baseline tree at the path, and links or submodules in a
/// commit's tree are exit 2 naming them, never read (issue 24).
@Suite("Faults: trees from git")
struct FaultGitTreeInputTests {
  struct Card: Codable, Sendable { var title = "x" }

  /// A repository whose `v1` holds a recorded card in English and Spanish.
  static func released() throws -> (GitFixture, Catalog) {
    let fixture = try GitFixture()
    let catalog = try fixture.scenario.catalog {
      try $0.register(Card.self, named: "Card", stub: { .init() })
    }
    try fixture.scenario.record(catalog)
    try fixture.commitAll("Release 1")
    try fixture.git("tag", "v1")
    return (fixture, catalog)
  }

  @Test("a ref that names no commit: exit 2 naming it, for diff and report --against")
  func unknownRef() throws {
    let (fixture, catalog) = try Self.released()
    let top = try fixture.git("rev-parse", "--show-toplevel")
      .trimmingCharacters(in: .newlines)
    let diff = try runBinary(["diff", "git:v9", ".VersionedTestJSON"], in: fixture.root)
    #expect(diff.code == 2)
    #expect(diff.stderr == "Error: git:v9: 'v9' names no commit of the repository at \(top): "
      + "no such branch, tag or commit; did you mean v1?\n")
    let report = runContracts(["report", "--baselines", fixture.baselines.path,
                               "--against", "v9"], catalog: { catalog })
    #expect(report.code == 2)
    #expect(report.stderr == "Error: git:v9: 'v9' names no commit of the repository at \(top): "
      + "no such branch, tag or commit; did you mean v1?\n")
    #expect(report.stdout.isEmpty)
  }

  @Test("a folder in no repository: exit 2 naming the folder")
  func notARepository() throws {
    let outside = try TemporaryDirectory()
    let result = try runBinary(["diff", "git:v1", "."], in: outside.url)
    #expect(result.code == 2)
    #expect(result.stderr.hasPrefix("Error: \(outside.url.path): is not in a git repository, "
      + "so git:v1 cannot be read (fatal: not a git repository"))
  }

  @Test("no git on the PATH: exit 2 saying git cannot be run, not that there is no repository")
  func noGit() throws {
    let (fixture, _) = try Self.released()
    let result = try runBinary(["diff", "git:v1", ".VersionedTestJSON"], in: fixture.root,
                               environment: ["PATH": "/nonexistent"])
    #expect(result.code == 2)
    #expect(result.stderr.hasPrefix("Error: git: cannot be run: "), "\(result.stderr)")
  }

  @Test("a commit with nothing at the path, a file there, or no baseline tree: exit 2 naming it")
  func notABaselineTree() throws {
    let (fixture, _) = try Self.released()
    let commit = try fixture.git("rev-parse", "v1^{commit}").prefix(12)
    let cases: [(String, String)] = [
      ("git:v1:nowhere", "Error: git:v1:nowhere: v1 (commit \(commit)) has nothing at "
        + "'nowhere': no baseline tree there\n"),
      ("git:v1:Baselines.md", "Error: git:v1:Baselines.md: is a blob in v1, not a folder: no "
        + "baseline tree there\n"),
      ("git:v1:.", "Error: git:v1:.: is not a baseline tree: it holds no contract folder "
        + "(<Contract>/<major.minor.patch>/<locale>.json); it contains the baseline tree "
        + "git:v1:./.VersionedTestJSON: name that instead\n"),
    ]
    for (argument, message) in cases {
      let result = try runBinary(["diff", argument, ".VersionedTestJSON"], in: fixture.root)
      #expect(result.code == 2, "\(argument)")
      #expect(result.stderr == message)
    }
  }

  @Test("a symbolic link (120000) or a submodule (160000) in a commit's tree is refused, never read")
  func linksAndSubmodules() throws {
    let (fixture, _) = try Self.released()
    try FileManager.default.createSymbolicLink(
      atPath: fixture.baselines.appendingPathComponent("Card/1.0.0/de.json").path,
      withDestinationPath: "en.json")
    let commit = try fixture.git("rev-parse", "HEAD").trimmingCharacters(in: .newlines)
    try fixture.git("update-index", "--add", "--cacheinfo",
                    "160000,\(commit),.VersionedTestJSON/Card/1.0.0/fr.json")
    try fixture.git("add", ".VersionedTestJSON/Card/1.0.0/de.json")
    try fixture.git("commit", "-q", "-m", "A link and a submodule")
    try fixture.git("tag", "bad")
    try FileManager.default.removeItem(at: fixture.baselines.appendingPathComponent("Card/1.0.0/de.json"))
    let result = try runBinary(["diff", "git:bad", ".VersionedTestJSON"], in: fixture.root)
    #expect(result.code == 2)
    #expect(result.stderr == """
      Error: git:bad:.VersionedTestJSON does not fit the baseline layout \
      (<Contract>/<major.minor.patch>/<locale>[.<variant>].json); rename, move or delete these 2 entries:
        git:bad:.VersionedTestJSON/Card/1.0.0/de.json: is a symbolic link; links are never followed
        git:bad:.VersionedTestJSON/Card/1.0.0/fr.json: is a git submodule (a commit of another repository), never read

      """)
  }

  @Test("a blob over the size limit in a release's tree is refused by its listed size, never read")
  func largeBlob() async throws {
    // Off the pool: git takes seconds to store half a gigabyte, and the command runs after.
    let outcome = try await offThePool { () throws -> ChildProcess.Outcome in
      let (fixture, _) = try Self.released()
      // 513 MiB of zeros: a sparse file on disk, a small object in git.
      let payload = fixture.baselines.appendingPathComponent("Card/1.0.0/es.json")
      let handle = try FileHandle(forWritingTo: payload)
      try handle.truncate(atOffset: UInt64(InputFile.sizeLimit) + (1 << 20))
      try handle.close()
      try fixture.commitAll("A blob too large to read")
      try fixture.git("tag", "big")
      try fixture.git("checkout", "-q", "v1", "--", ".VersionedTestJSON")
      return try ChildProcess([contractsExecutable.path, "diff", "git:big", ".VersionedTestJSON"],
                              in: fixture.root, timeLimit: 600).run()
    }
    #expect(outcome.ending == .exited(2))
    #expect(outcome.error == "Error: git:big:.VersionedTestJSON/Card/1.0.0/es.json: is larger "
      + "than 512 MiB, the most ContractKit reads of one file; it is not read\n")
    // Reading the blob whole took 1.5 GB and more; refusing it by its size, a few MB.
    #expect(outcome.peakMemory < 256 << 20, "peak \(outcome.peakMemory >> 20) MiB")
  }

  @Test("a bare repository is told it has no working tree; a path from its root still reads")
  func bareRepository() throws {
    let (fixture, _) = try Self.released()
    let directory = try TemporaryDirectory()
    let bare = directory.path("app.git")
    try fixture.git("clone", "-q", "--bare", fixture.root.path, bare.path)
    let gitDirectory = URL(fileURLWithPath: try GitCommand(directory: bare)
      .text(["rev-parse", "--absolute-git-dir"]) ?? "")
    let tree = try GitTree.load(ref: "v1", path: ".VersionedTestJSON", in: bare)
    #expect(tree.display == "git:v1:.VersionedTestJSON")
    #expect(try BaselineTree.scan(BaselineFiles(gitTree: tree)).contracts == ["Card"])
    #expect {
      try GitTree.load(ref: "v1", path: nil, in: bare)
    } throws: { error in
      "\(error)" == "git:v1: is in the bare git repository \(gitDirectory.path), which has no "
        + "working tree, so there is no current folder in it to read './.VersionedTestJSON' "
        + "from: name the tree by its path from the repository's root, such as "
        + "git:v1:.VersionedTestJSON"
    }
    #expect {
      try GitTree.load(ref: "v1", sameTreeAs: bare.appendingPathComponent(".VersionedTestJSON"))
    } throws: { error in
      "\(error)" == "\(bare.path)/.VersionedTestJSON: is in the bare git repository "
        + "\(gitDirectory.path), which has no working tree, so no baselines of a working tree "
        + "can be compared with v1 there: run the command in a clone that has a working tree"
    }
    let result = try runBinary(["diff", "git:v1", "git:v1:.VersionedTestJSON"], in: bare)
    #expect(result.code == 2)
    #expect(result.stderr.hasPrefix("Error: git:v1: is in the bare git repository "))
  }
}
