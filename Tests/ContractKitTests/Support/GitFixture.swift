import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// A throw-away git repository in a temporary directory, with a baseline tree at its root
/// (`.VersionedTestJSON`, `Baselines.md` beside it), for the commands that read trees from
/// git (`diff git:REF`, `report --against REF`).
struct GitFixture {
  let scenario: Scenario
  var root: URL { scenario.directory.url }
  var baselines: URL { scenario.baselines }

  /// A new repository with no commit yet.
  init() throws {
    scenario = try Scenario()
    try git("init", "-q", "-b", "main")
  }

  /// Runs `git arguments…` in the repository, with a fixed author and no signing; fails the
  /// test with git's message when git fails.
  @discardableResult
  func git(_ arguments: String..., input: [UInt8] = []) throws -> String {
    try Self.git(arguments, in: root, input: input)
  }

  /// Runs `git arguments…` in the repository at `root`, as ``git(_:input:)`` does.
  @discardableResult
  static func git(_ arguments: [String], in root: URL, input: [UInt8] = []) throws -> String {
    let result = try GitCommand(directory: root).run(
      ["-c", "user.name=ContractKit Tests", "-c", "user.email=tests@example.com",
       "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false", "-c", "core.hooksPath=/dev/null"]
        + arguments, input: input)
    guard result.status == 0 else {
      throw FixtureError.git(arguments.joined(separator: " "), result.error)
    }
    return String(decoding: result.output, as: UTF8.self)
  }

  /// Commits everything in the working tree.
  func commitAll(_ message: String) throws {
    try git("add", "-A")
    try git("commit", "-q", "-m", message)
  }

  /// The tree `ref` holds, checked out by `git archive` into a new folder of `directory`:
  /// the folder the reads from git must equal.
  func checkout(_ ref: String, into directory: TemporaryDirectory) throws -> URL {
    let archive = directory.path("\(ref).tar")
    try git("archive", "--format=tar", "-o", archive.path, ref)
    let target = directory.path(ref)
    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
    let tar = Process()
    tar.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    tar.arguments = ["tar", "-xf", archive.path, "-C", target.path]
    try tar.run()
    tar.waitUntilExit()
    guard tar.terminationStatus == 0 else { throw FixtureError.git("tar", "failed") }
    return target
  }

  enum FixtureError: Error, CustomStringConvertible {
    case git(String, String)
    var description: String {
      switch self {
      case .git(let command, let message): "git \(command) failed: \(message)"
      }
    }
  }
}
