import ContractKitRuntime
import Foundation

/// One run of `git` as a child process, in a given folder: its output, or an error naming
/// what was asked.
///
/// ContractKit reads trees of past commits with git's plumbing (`rev-parse`, `ls-tree`,
/// `cat-file --batch`) and never runs a command that changes the working tree, the index or
/// a ref. `GIT_OPTIONAL_LOCKS=0` keeps even a status refresh from writing the index. Each
/// run is a ``ChildProcess``: bounded by ``timeLimit`` and reaped with all it started.
struct GitCommand {
  /// The folder git runs in: it finds the repository from there.
  let directory: URL

  /// Seconds one git command may take.
  static let timeLimit: Double = 600

  /// Runs `git arguments…` with `input` on its standard input.
  /// - Returns: The standard output's bytes and the exit status, with the standard error's
  ///   text (trimmed) for messages.
  /// - Throws: ``InputError`` naming `git` when it cannot be started or outlives its limit.
  func run(_ arguments: [String], input: [UInt8] = []) throws(InputError)
    -> (status: Int32, output: [UInt8], error: String)
  {
    let output = ChildProcess.scratchPath("git")
    defer { unlink(output) }
    let result = try run(arguments, input: input, outputTo: output)
    let bytes = FileManager.default.contents(atPath: output).map { [UInt8]($0) } ?? []
    return (result.status, bytes, result.error)
  }

  /// Runs `git arguments…` with its standard output in the file at `outputPath`, for output
  /// read piece by piece (``GitTree/readBlobs(_:git:display:into:)``).
  func run(_ arguments: [String], input: [UInt8] = [], outputTo outputPath: String)
    throws(InputError) -> (status: Int32, error: String)
  {
    // Input comes from a file: a git that stops reading early can never raise SIGPIPE here.
    let inputFile = ChildProcess.scratchPath("in")
    guard AtomicFile.writeNew(input, at: inputFile) == nil else {
      throw InputError(file: inputFile, reason: "cannot be written for git's input")
    }
    defer { unlink(inputFile) }
    var process = ChildProcess(["git"] + arguments, in: directory, timeLimit: Self.timeLimit)
    process.environment["GIT_OPTIONAL_LOCKS"] = "0"
    process.environment["GIT_TERMINAL_PROMPT"] = "0"
    process.environment["LC_ALL"] = "C"
    process.input = inputFile
    let outcome = try process.run(outputTo: outputPath)
    let error = outcome.error.trimmingCharacters(in: .whitespacesAndNewlines)
    switch outcome.ending {
    case .exited(let status):
      return (status, error)
    case .signaled(let signal):
      throw InputError(file: "git", reason: "git \(arguments.first ?? "") ended with "
        + "\(ChildProcess.Ending.signaled(signal))")
    case .timedOut:
      throw InputError(file: "git", reason: "git \(arguments.first ?? "") did not finish within "
        + "\(Int(Self.timeLimit)) seconds, and was stopped")
    }
  }

  /// Runs `git arguments…` and returns its standard output as text without the final line
  /// break, or `nil` when git fails.
  func text(_ arguments: [String]) throws(InputError) -> String? {
    let result = try run(arguments)
    guard result.status == 0 else { return nil }
    var text = String(decoding: result.output, as: UTF8.self)
    while text.hasSuffix("\n") { text.removeLast() }
    return text
  }
}
