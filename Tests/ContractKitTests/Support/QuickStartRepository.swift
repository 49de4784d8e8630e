import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// A throw-away git repository made from the quick start's own package: `Examples/QuickStart`
/// as a user copies it (its `Package.swift`, which declares no products, with the dependency
/// on ContractKit pointed at this checkout), its sources, tests, baselines and
/// `Baselines.md`, committed and tagged `v1.0.0`.
///
/// ``build()`` builds its `app-contracts` with `swift build` into the example's own build
/// folder (`Examples/QuickStart/.build`): ContractKit is the same package at the same path
/// for both, so it is compiled once, whether the example or this copy is built first (`.ci/run`
/// builds the example after the suite), and a later run compiles the app's few files only.
struct QuickStartRepository {
  let git: GitFixture
  var root: URL { git.root }
  /// Where its builds go: the example's own scratch folder.
  static let scratch = packageRoot.appendingPathComponent("Examples/QuickStart/.build")
  /// How long one build may take before the test gives up.
  static let buildSeconds: TimeInterval = 1800

  /// The repository, tagged `v1.0.0`.
  init() throws {
    git = try GitFixture()
    let source = packageRoot.appendingPathComponent("Examples/QuickStart")
    for item in ["Package.swift", "Sources", "Tests", ".VersionedTestJSON", "Baselines.md"] {
      try FileManager.default.copyItem(at: source.appendingPathComponent(item),
                                       to: root.appendingPathComponent(item))
    }
    try edit("Package.swift") { manifest in
      #expect(manifest.contains(#".package(name: "ContractKit", path: "../..")"#))
      manifest = manifest.replacingOccurrences(
        of: #"path: "../..""#, with: "path: \(DecoderProbe.literal(packageRoot.path))")
    }
    try Data(".build/\n".utf8).write(to: root.appendingPathComponent(".gitignore"))
    try git.commitAll("Release 1.0.0")
    try git.git("tag", "v1.0.0")
  }

  /// Rewrites the file at `path` (relative to the repository).
  func edit(_ path: String, _ change: (inout String) throws -> Void) throws {
    let url = root.appendingPathComponent(path)
    var text = try String(contentsOf: url, encoding: .utf8)
    try change(&text)
    try Data(text.utf8).write(to: url)
  }

  /// Replaces `old` with `new` in the file at `path`, which must hold it.
  func replace(_ old: String, with new: String, in path: String) throws {
    try edit(path) { text in
      #expect(text.contains(old), "\(path) lacks \(old)")
      text = text.replacingOccurrences(of: old, with: new)
    }
  }

  /// Builds `app-contracts` on a thread of its own, never one of Swift's cooperative pool
  /// (a build takes minutes, and other tests' async producers need the pool); throws with the
  /// compiler's output when the build fails.
  func build() async throws -> URL {
    let root = self.root
    return try await WorkerPool.value { Result { try Self.build(root: root) } }.get()
  }

  private static func build(root: URL) throws -> URL {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "build", "--package-path", root.path, "--scratch-path",
                         scratch.path, "--product", "app-contracts"]
    let log = root.appendingPathComponent(".build-log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let handle = try FileHandle(forWritingTo: log)
    defer { try? handle.close() }
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    let deadline = Date().addingTimeInterval(buildSeconds)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw BuildError(log: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
    return scratch.appendingPathComponent("debug/app-contracts")
  }

  struct BuildError: Error, CustomStringConvertible {
    var log: String
    var description: String { "the quick start does not build:\n\(log.suffix(4_000))" }
  }

  /// Runs the built `app-contracts` in the repository's root.
  func run(_ binary: URL, _ arguments: [String]) throws
    -> (code: Int32, stdout: String, stderr: String)
  {
    try runBinary(arguments, in: root, executable: binary)
  }
}
