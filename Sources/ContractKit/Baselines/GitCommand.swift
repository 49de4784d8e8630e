import ContractKitRuntime
import Foundation
import Synchronization

/// One run of `git` as a child process, in a given folder: its output, or an error naming
/// what was asked.
///
/// ContractKit reads trees of past commits with git's plumbing (`rev-parse`, `ls-tree`,
/// `cat-file --batch`) and never runs a command that changes the working tree, the index or
/// a ref. `GIT_OPTIONAL_LOCKS=0` keeps even a status refresh from writing the index.
struct GitCommand {
  /// The folder git runs in: it finds the repository from there.
  let directory: URL

  /// Runs `git arguments…` with `input` on its standard input.
  /// - Returns: The standard output's bytes and the exit status, with the standard error's
  ///   text (trimmed) for messages.
  /// - Throws: ``InputError`` naming `git` when it cannot be started.
  func run(_ arguments: [String], input: [UInt8] = []) throws(InputError)
    -> (status: Int32, output: [UInt8], error: String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_OPTIONAL_LOCKS"] = "0"
    environment["GIT_TERMINAL_PROMPT"] = "0"
    environment["LC_ALL"] = "C"
    process.environment = environment
    // Input comes from a file, not a pipe: a git that stops reading early can never raise
    // SIGPIPE in this process (which a library must not ignore process-wide).
    let inputFile = FileManager.default.temporaryDirectory
      .appendingPathComponent(".contractkit-git-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    guard AtomicFile.writeNew(input, at: inputFile.path) == nil,
      let stdin = FileHandle(forReadingAtPath: inputFile.path)
    else {
      throw InputError(file: inputFile.path, reason: "cannot be written for git's input")
    }
    defer {
      try? stdin.close()
      unlink(inputFile.path)
    }
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    do {
      try process.run()
    } catch {
      throw InputError(file: "git", reason: "cannot be run: \(error.localizedDescription)")
    }
    // The error stream is drained on another thread (not Swift concurrency's): a child that
    // fills it while we read its output never stalls.
    let done = DispatchGroup()
    let errorText = ErrorText()
    DispatchQueue.global().async(group: done) {
      errorText.set(String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(),
                           as: UTF8.self))
    }
    let output = [UInt8](stdout.fileHandleForReading.readDataToEndOfFile())
    process.waitUntilExit()
    done.wait()
    let error = errorText.get().trimmingCharacters(in: .whitespacesAndNewlines)
    // `env` exits 127 when it finds no `git` on the PATH.
    if process.terminationStatus == 127, output.isEmpty {
      throw InputError(file: "git", reason: "cannot be run: \(error)")
    }
    return (process.terminationStatus, output, error)
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

/// The standard error of a child, set by the thread that drains it.
private final class ErrorText: Sendable {
  private let text = Mutex("")
  func set(_ value: String) { text.withLock { $0 = value } }
  func get() -> String { text.withLock { $0 } }
}
