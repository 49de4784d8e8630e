import ContractKitRuntime
import Foundation

/// One run of a tool (`tar`, `swift build`, a built probe) as a child process, with a time
/// limit: its exit status and what it printed.
///
/// Output goes to files, not pipes, so a child that prints a lot never stalls, and a child
/// that outlives its limit is terminated (`timedOut`), never waited for.
struct ChildProcess {
  /// The tool and its arguments, found on the `PATH` by `/usr/bin/env`.
  let arguments: [String]
  /// The folder it runs in.
  let directory: URL
  /// Seconds it may take.
  let timeLimit: Double

  /// What a run gave.
  struct Outcome {
    let status: Int32
    let output: [UInt8]
    let error: String
    let timedOut: Bool
    let seconds: Double
  }

  /// Runs the tool to its end or its time limit.
  /// - Throws: ``InputError`` naming the tool when it cannot be started.
  func run() throws(InputError) -> Outcome {
    let tool = arguments.first ?? "?"
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent(".contractkit-run-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    let outputPath = scratch.path + ".out"
    let errorPath = scratch.path + ".err"
    guard FileManager.default.createFile(atPath: outputPath, contents: nil),
      FileManager.default.createFile(atPath: errorPath, contents: nil),
      let stdout = FileHandle(forWritingAtPath: outputPath),
      let stderr = FileHandle(forWritingAtPath: errorPath)
    else {
      throw InputError(file: scratch.path, reason: "cannot be written for \(tool)'s output")
    }
    defer {
      unlink(outputPath)
      unlink(errorPath)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = stdout
    process.standardError = stderr
    let start = Date()
    do {
      try process.run()
    } catch {
      throw InputError(file: tool, reason: "cannot be run: \(error.localizedDescription)")
    }
    var timedOut = false
    // Polls rather than waits: a limit must end a build that never ends.
    while process.isRunning {
      if Date().timeIntervalSince(start) > timeLimit {
        timedOut = true
        process.terminate()
        process.waitUntilExit()
        break
      }
      usleep(50_000)
    }
    try? stdout.close()
    try? stderr.close()
    let output = FileManager.default.contents(atPath: outputPath).map { [UInt8]($0) } ?? []
    let error = FileManager.default.contents(atPath: errorPath)
      .map { String(decoding: $0, as: UTF8.self) } ?? ""
    if process.terminationStatus == 127, !timedOut, output.isEmpty {
      throw InputError(file: tool, reason: "cannot be run: \(error)")
    }
    return Outcome(status: process.terminationStatus, output: output, error: error,
                   timedOut: timedOut, seconds: Date().timeIntervalSince(start))
  }
}
