import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// `--output FILE` never replaces anything of a baseline tree or `Baselines.md`, writes into
/// pipes and devices rather than replacing them, and never creates folders.
@Suite("Faults: --output")
struct FaultOutputDestinationTests {
  /// A destination `--output` must refuse, relative to a sample copy's folder, and the rule.
  struct Refusal: CustomTestStringConvertible, Sendable {
    var name: String
    var path: String
    var reason: String
    /// Prepares the destination in the copy's folder.
    var prepare: @Sendable (SampleCopy) throws -> Void = { _ in }
    var testDescription: String { name }
  }

  static let insideTree = "is inside the baseline tree {tree}; --output never replaces "
    + "anything in a tree the command reads or writes"

  static let refusals: [Refusal] = [
    Refusal(name: "a payload", path: ".VersionedTestJSON/SettingsViewModel/1.0.0/en.json",
            reason: insideTree),
    Refusal(name: "a new file in the tree", path: ".VersionedTestJSON/report.json",
            reason: insideTree),
    Refusal(name: "Baselines.md", path: "Baselines.md",
            reason: "--output never replaces Baselines.md, which record writes and whose log "
              + "of accepted breaks must be kept"),
    Refusal(name: "a link into the tree", path: "report.json", reason: insideTree,
            prepare: { copy in
              try FileManager.default.createSymbolicLink(
                atPath: copy.directory.path("report.json").path,
                withDestinationPath: ".VersionedTestJSON/SettingsViewModel/1.0.0/es.json")
            }),
    Refusal(name: "a link to Baselines.md", path: "summary.md",
            reason: "--output never replaces Baselines.md, which record writes and whose log "
              + "of accepted breaks must be kept",
            prepare: { copy in
              try FileManager.default.createSymbolicLink(
                atPath: copy.directory.path("summary.md").path, withDestinationPath: "Baselines.md")
            }),
    Refusal(name: "a missing folder", path: "reports/ci/report.json",
            reason: "the folder '{dir}/reports/ci' does not exist; --output never creates folders"),
    Refusal(name: "a folder", path: "folder", reason: "is a folder; name a file",
            prepare: { copy in
              try FileManager.default.createDirectory(
                at: copy.directory.path("folder"), withIntermediateDirectories: false)
            }),
    Refusal(name: "a dangling link", path: "dangling.json",
            reason: "is a symbolic link to nothing (No such file or directory); it is not followed",
            prepare: { copy in
              try FileManager.default.createSymbolicLink(
                atPath: copy.directory.path("dangling.json").path, withDestinationPath: "nowhere")
            }),
  ]

  @Test("--output refuses, exit 2, before the command runs, naming the path and the rule",
        arguments: refusals)
  func refused(_ refusal: Refusal) throws {
    let copy = try SampleCopy()
    try refusal.prepare(copy)
    let path = copy.directory.url.path + "/" + refusal.path
    let before = DirectorySnapshot(copy.directory.url)
    let pristine = try TemporaryDirectory()
    let old = try copyTree(committedBaselines, into: pristine, as: "old")
    for arguments in [["check", "--baselines", copy.baselines.path],
                      ["report", "--baselines", copy.baselines.path],
                      ["diff", old.path, copy.baselines.path]]
    {
      let result = runContracts(arguments + ["--format", "markdown", "--output", path])
      #expect(result.code == 2, "\(arguments[0])")
      let reason = refusal.reason.replacingOccurrences(of: "{tree}", with: copy.baselines.path)
        .replacingOccurrences(of: "{dir}", with: copy.directory.url.path)
      #expect(result.stderr == "Error: cannot write to \(path): \(reason)\n", "\(arguments[0])")
      #expect(result.stdout.isEmpty)
    }
    #expect(DirectorySnapshot(copy.directory.url) == before,
            "\(DirectorySnapshot(copy.directory.url).differences(from: before))")
  }

  @Test("diff protects both trees; merge protects every Baselines.md")
  func diffAndMerge() throws {
    let copy = try SampleCopy()
    let pristine = try TemporaryDirectory()
    let old = try copyTree(committedBaselines, into: pristine, as: "old")
    let intoOld = runContracts(["diff", old.path, copy.baselines.path, "--output",
                                old.appendingPathComponent("diff.txt").path])
    #expect(intoOld.code == 2)
    #expect(intoOld.stderr.hasSuffix("is inside the baseline tree \(old.path); --output never "
      + "replaces anything in a tree the command reads or writes\n"))
    let shard = copy.directory.path("shard.json")
    _ = runContracts(["check", "--baselines", copy.baselines.path, "--shard", "1/1", "--format",
                      "json", "--output", shard.path])
    let merge = runContracts(["merge", shard.path, "--output",
                              pristine.path("Baselines.md").path])
    #expect(merge.code == 2 && merge.stderr.contains("--output never replaces Baselines.md"))
    #expect(!FileManager.default.fileExists(atPath: pristine.path("Baselines.md").path))
  }

  @Test("a FIFO is written into, not replaced by a regular file")
  func intoFIFO() throws {
    let copy = try SampleCopy()
    let pipe = copy.directory.path("report.pipe")
    try #require(mkfifo(pipe.path, 0o644) == 0)
    // A reader on the other end, as `contracts check --output >(…)` would have.
    let reader = Process()
    reader.executableURL = URL(fileURLWithPath: "/bin/cat")
    reader.arguments = [pipe.path]
    let received = copy.directory.path("received.json")
    _ = FileManager.default.createFile(atPath: received.path, contents: nil)
    reader.standardOutput = try FileHandle(forWritingTo: received)
    try reader.run()
    let result = runContracts(["check", "--baselines", copy.baselines.path, "--format", "json",
                               "--output", pipe.path])
    reader.waitUntilExit()
    #expect(result.code == 0, "\(result.stderr)")
    var info = stat()
    #expect(lstat(pipe.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    let report = try JSONParser.parse(Array(try Data(contentsOf: received)), file: "received")
    #expect(report["summary"]?["gate"] == "pass")
  }

  @Test("a character device and a link to one are written into")
  func intoDevice() throws {
    let copy = try SampleCopy()
    let link = copy.directory.path("null.json")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/dev/null")
    for path in ["/dev/null", link.path] {
      let result = runContracts(["check", "--baselines", copy.baselines.path, "--output", path])
      #expect(result.code == 0, "\(path): \(result.stderr)")
    }
    var info = stat()
    #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    #expect(lstat(link.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
    #expect(try OutputDestination("/dev/null", protecting: []).plan() == .writeInto("/dev/null"))
  }

  @Test("a regular file outside the trees is replaced, also through a link, which stays")
  func replacesRegularFile() throws {
    let copy = try SampleCopy()
    try copy.directory.write("old", to: "reports.json")
    let link = copy.directory.path("latest.json")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "reports.json")
    let result = runContracts(["check", "--baselines", copy.baselines.path, "--format", "json",
                               "--output", link.path])
    #expect(result.code == 0, "\(result.stderr)")
    #expect(try copy.directory.read("reports.json").hasPrefix("{"))
    var info = stat()
    #expect(lstat(link.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
  }
}
