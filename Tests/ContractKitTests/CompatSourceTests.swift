import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// `compat` builds a release from its commit's tree itself: every blob git lists, never
/// `git archive` (which `export-ignore` empties) and never a checkout.
@Suite("compat: a release's files are its commit's tree")
struct CompatSourceTests {
  /// A repository whose tag `r` hides its sources from `git archive`, with a link inside the
  /// tree and an executable script.
  static func repository(link target: String = "Sources/A.swift") throws
    -> (GitFixture, ReleaseSource, TemporaryDirectory)
  {
    let fixture = try GitFixture()
    let root = fixture.root
    try FileManager.default.createDirectory(at: root.appendingPathComponent("Sources"),
                                            withIntermediateDirectories: true)
    try Data("// A\n".utf8).write(to: root.appendingPathComponent("Sources/A.swift"))
    try Data("// B\n".utf8).write(to: root.appendingPathComponent("Sources/B.swift"))
    try Data("#!/bin/sh\n".utf8).write(to: root.appendingPathComponent("tool.sh"))
    chmod(root.appendingPathComponent("tool.sh").path, 0o755)
    try Data("Sources/** export-ignore\n".utf8).write(to: root.appendingPathComponent(".gitattributes"))
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent("Link.swift").path, withDestinationPath: target)
    try fixture.commitAll("r")
    try fixture.git("tag", "r")
    let release = try GitTree.release(ref: "r", sameTreeAs: fixture.baselines)
    let folder = try TemporaryDirectory()
    return (fixture, ReleaseSource(ref: "r", commit: release.commit, git: release.git,
                                   folder: folder.url), folder)
  }

  @Test("made from the tree: export-ignore hides nothing; what differs is rewritten, what is extra goes")
  func sync() throws {
    let (fixture, source, folder) = try Self.repository()
    let archive = try TemporaryDirectory()
    let archived = try fixture.checkout("r", into: archive)
    #expect(!FileManager.default.fileExists(
      atPath: archived.appendingPathComponent("Sources/A.swift").path))
    let (entries, _) = try source.listing()
    try source.sync(entries) { $0 == ".build" }
    #expect(try folder.read("Sources/A.swift") == "// A\n")
    #expect(try folder.read("Sources/B.swift") == "// B\n")
    #expect(FileManager.default.isExecutableFile(atPath: folder.path("tool.sh").path))
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("Link.swift").path)
      == "Sources/A.swift")
    // Edited, added and kept, then made again: only what differs from the tree is touched.
    let old = Date(timeIntervalSince1970: 1_600_000_000)
    try FileManager.default.setAttributes([.modificationDate: old],
                                          ofItemAtPath: folder.path("Sources/B.swift").path)
    try folder.write("struct Evil {}\n", to: "Sources/A.swift")
    try folder.write("struct Extra {}\n", to: "Sources/Extra.swift")
    try folder.write("built\n", to: ".build/debug/output")
    try source.sync(entries) { $0 == ".build" }
    #expect(try folder.read("Sources/A.swift") == "// A\n")
    #expect(!FileManager.default.fileExists(atPath: folder.path("Sources/Extra.swift").path))
    #expect(try folder.read(".build/debug/output") == "built\n")
    let modified = try FileManager.default.attributesOfItem(
      atPath: folder.path("Sources/B.swift").path)[.modificationDate] as? Date
    #expect(modified == old)
  }

  @Test("a link that leads out of the release's tree is refused, never made")
  func linkOut() throws {
    let (fixture, source, folder) = try Self.repository(link: "../../etc/passwd")
    defer { withExtendedLifetime(fixture) {} }
    let (entries, _) = try source.listing()
    #expect {
      try source.sync(entries) { _ in false }
    } throws: { error in
      "\(error)" == "git:r:Link.swift: is a symbolic link out of the release's tree (to "
        + "'../../etc/passwd'); compat never follows a link out of it"
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path("Link.swift").path))
  }
}
