import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// A failed write to standard output or error (a full disk, a closed descriptor, a reader
/// gone) is exit 2 with a message where one can still be written, never a crash.
@Suite("Faults: standard output and error", .serialized)
struct FaultStandardStreamTests {
  /// Linux's always-full device; Darwin has none.
  static let hasDevFull = FileManager.default.fileExists(atPath: "/dev/full")

  @Test("stdout on a full disk is exit 2, saying so on stderr",
        .enabled(if: hasDevFull, "no /dev/full on this system"))
  func fullDisk() throws {
    let result = try runShell(#""$0" check > /dev/full"#)
    #expect(result.code == 2)
    #expect(result.stderr == "Error: cannot write to standard output: No space left on device\n")
  }

  @Test("a closed stdout is exit 2, saying so on stderr")
  func closedStdout() throws {
    let result = try runShell(#""$0" check >&-"#)
    #expect(result.code == 2)
    #expect(result.stderr == "Error: cannot write to standard output: Bad file descriptor\n")
  }

  @Test("stdout to a pipe whose reader is gone is exit 2, not SIGPIPE")
  func readerGone() throws {
    let pipe = Pipe()
    let process = Process()
    process.executableURL = contractsExecutable
    process.arguments = ["check", "--format", "json"]
    process.standardOutput = pipe
    let errors = try TemporaryDirectory("faults-stream")
    _ = FileManager.default.createFile(atPath: errors.path("err").path, contents: nil)
    process.standardError = try FileHandle(forWritingTo: errors.path("err"))
    // No reader at all: the first write fails with EPIPE.
    try pipe.fileHandleForReading.close()
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 2)
    #expect(try errors.read("err") == "Error: cannot write to standard output: Broken pipe\n")
  }

  @Test("stderr that cannot be written still gives exit 2, and help on a full disk too",
        .enabled(if: hasDevFull, "no /dev/full on this system"))
  func stderrFails() throws {
    #expect(try runShell(#""$0" chek 2> /dev/full"#).code == 2)
    #expect(try runShell(#""$0" check --baselines /nonexistent >&- 2>&-"#).code == 2)
    let help = try runShell(#""$0" --help > /dev/full"#)
    #expect(help.code == 2 && help.stderr.hasPrefix("Error: cannot write to standard output"))
  }

  @Test("in process: a writer that throws ends the command with exit 2 and its message")
  func throwingWriter() {
    var errors = ""
    let code = ContractsCommandLine.run(
      arguments: ["--version"], catalog: { throw OutputError(destination: "x", reason: "y") },
      stdout: { _ in throw OutputError(destination: "standard output", reason: "disk full") },
      stderr: { errors += $0 })
    #expect(code == 2)
    #expect(errors == "Error: cannot write to standard output: disk full\n")
  }
}
