import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// The quick start's own package made a git repository: ``QuickStartCopy`` (`Examples/QuickStart`
/// as a user copies it, its `Package.swift` declaring no products, the dependency on
/// ContractKit pointed at this checkout), committed and tagged `v1.0.0`.
///
/// It lives in the copy's folder and builds into the copy's own build folder, so ContractKit
/// is compiled once for every test that builds the quick start, and a later run compiles the
/// app's few files only. Make it inside ``QuickStartCopy/use(_:)``.
struct QuickStartRepository {
  let copy: QuickStartCopy
  var root: URL { copy.root }

  /// The copy, committed and tagged `v1.0.0`.
  init(_ copy: QuickStartCopy) throws {
    self.copy = copy
    try git("init", "-q", "-b", "main")
    try git("add", "-A")
    try git("commit", "-q", "-m", "Release 1.0.0")
    try git("tag", "v1.0.0")
  }

  /// Runs `git arguments…` in the repository.
  @discardableResult
  func git(_ arguments: String...) throws -> String {
    try GitFixture.git(arguments, in: root)
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

  /// Builds the package (minutes when cold, off the cooperative pool) and gives its
  /// `app-contracts`; throws with the compiler's output when the build fails.
  func build() async throws -> URL {
    try await copy.build()
    return copy.contractsExecutable
  }

  /// Runs the built `app-contracts` in the repository's root.
  func run(_ binary: URL, _ arguments: [String]) throws
    -> (code: Int32, stdout: String, stderr: String)
  {
    try runBinary(arguments, in: root, executable: binary)
  }
}
