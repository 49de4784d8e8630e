import Foundation
@testable import ContractKit
@testable import ContractKitRuntime

/// The quick start (`Examples/QuickStart`, a package of its own) copied into this package's
/// `.build/quickstart-copy/` with ContractKit at this checkout's path, and built there, so a
/// test changes its YAML, its ViewModels or its baselines and runs its own `app-contracts`
/// and `swift test` as a newcomer would.
///
/// The copy stays where it is between runs: its `.build` is kept, so only what changed is
/// built again, and ContractKit is compiled for it once, whichever test builds first. One
/// copy serves every test that builds the quick start (lost translations, attachments,
/// release day), one at a time: ``use(_:)`` hands it over as the quick start as committed.
/// A build folder serves one package folder only: SwiftPM plans a build for the package it
/// first built there and, asked to build another package into the same folder, builds the
/// first one again without a word; so the copy has its own, at its one fixed path.
/// Builds and runs take minutes: they run on a thread of their own while the test is
/// suspended, never blocking a thread of Swift Testing's cooperative pool (two on two cores).
final class QuickStartCopy: @unchecked Sendable {
  let root: URL
  private let source = packageRoot.appendingPathComponent("Examples/QuickStart")

  /// The copy, made once per run of the suite.
  private static let shared = Result { try QuickStartCopy() }
  /// Held by the test that has the copy.
  private static let turn = AsyncLock()

  /// Runs `body` with the copy, reset to the quick start as committed, once no other test
  /// has it.
  static func use<T>(_ body: (QuickStartCopy) async throws -> T) async throws -> T {
    await turn.acquire()
    do {
      let copy = try shared.get()
      try copy.reset()
      let value = try await body(copy)
      await turn.release()
      return value
    } catch {
      await turn.release()
      throw error
    }
  }

  private init() throws {
    root = packageRoot.appendingPathComponent(".build/quickstart-copy")
    try reset()
  }

  /// What a command printed, and how it ended.
  struct Run {
    let status: Int32
    let output: String
    let error: String
  }

  /// Makes the copy the quick start as committed, keeping its `.build` (and nothing else:
  /// no `.git`, no pending results).
  private func reset() throws {
    let files = FileManager.default
    try files.createDirectory(at: root, withIntermediateDirectories: true)
    for name in try files.contentsOfDirectory(atPath: root.path) where name != ".build" {
      try files.removeItem(at: root.appendingPathComponent(name))
    }
    for name in try files.contentsOfDirectory(atPath: source.path) where name != ".build" {
      try files.copyItem(at: source.appendingPathComponent(name),
                         to: root.appendingPathComponent(name))
    }
    let manifest = root.appendingPathComponent("Package.swift")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    try Data(text.replacingOccurrences(
      of: "path: \"../..\"", with: "path: \(DecoderProbe.literal(packageRoot.path))").utf8)
      .write(to: manifest)
  }

  /// The file at `relative` in the copy, as text.
  func read(_ relative: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
  }

  /// Replaces `old` with `new` in the file at `relative`.
  func edit(_ relative: String, _ old: String, _ new: String) throws {
    let text = try read(relative)
    guard text.contains(old) else { throw CopyError.notFound(old, in: relative) }
    try Data(text.replacingOccurrences(of: old, with: new).utf8)
      .write(to: root.appendingPathComponent(relative))
  }

  func delete(_ relative: String) throws {
    try FileManager.default.removeItem(at: root.appendingPathComponent(relative))
  }

  /// Builds the copy (its tests too with `tests`), failing with the compiler's output.
  func build(tests: Bool = false) async throws {
    let result = try await swift(tests ? ["build", "--build-tests"] : ["build"])
    guard result.status == 0 else { throw CopyError.build(result.output + result.error) }
  }

  /// The copy's `app-contracts`, as ``build(tests:)`` left it.
  var contractsExecutable: URL { root.appendingPathComponent(".build/debug/app-contracts") }

  /// `swift run app-contracts <arguments>` in the copy, without building.
  func contracts(_ arguments: String...) async throws -> Run {
    try await run([contractsExecutable.path] + arguments)
  }

  /// `swift <arguments>` in the copy.
  func swift(_ arguments: [String]) async throws -> Run { try await run(["swift"] + arguments) }

  private func run(_ arguments: [String]) async throws -> Run {
    let root = self.root
    return try await BackgroundValue { () -> Result<Run, any Error> in
      Result {
        var child = ChildProcess(arguments, in: root, timeLimit: 2_400)
        // A development machine's: the copy's own record must not refuse under CI=true.
        child.environment = developerEnvironment
        let outcome = try child.run()
        switch outcome.ending {
        case .timedOut: throw CopyError.timedOut(arguments.joined(separator: " "))
        case .signaled(let signal): throw CopyError.build("\(arguments) ended by signal \(signal)")
        case .exited(let status):
          return Run(status: status, output: String(decoding: outcome.output, as: UTF8.self),
                     error: outcome.error)
        }
      }
    }.get().get()
  }

  enum CopyError: Error {
    case notFound(String, in: String)
    case build(String)
    case timedOut(String)
  }
}
