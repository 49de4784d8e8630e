import Foundation
import Testing
@testable import ContractKit

/// Every child ContractKit runs (git, `swift build`, a release's decoder probe) is bounded by
/// its time limit and ended with everything it started, then reaped.
@Suite("Faults: child processes are bounded and reaped")
struct ChildProcessTests {
  /// Whether `pid` is a process that still runs (not gone, not a zombie) after the moment a
  /// signal takes to be delivered.
  static func isRunning(_ pid: pid_t) -> Bool {
    func running() -> Bool {
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else {
        return kill(pid, 0) == 0
      }
      return stat.split(separator: ")").last?.split(separator: " ").first != "Z"
    }
    let deadline = Date().addingTimeInterval(3)
    while running() {
      guard Date() < deadline else { return true }
      usleep(20_000)
    }
    return false
  }

  @Test("a child past its limit is stopped with what it started, in its own group or another session")
  func timeLimit() throws {
    let directory = try TemporaryDirectory()
    let pids = directory.path("pids").path
    let started = Date()
    let outcome = try ChildProcess(
      ["sh", "-c", "sleep 1000 & echo $! >> '\(pids)'; setsid sleep 1000 & echo $! >> '\(pids)'; "
        + "sleep 1000"],
      in: directory.url, timeLimit: 1
    ).run()
    #expect(outcome.ending == .timedOut)
    #expect(Date().timeIntervalSince(started) < 15)
    let children = try String(contentsOfFile: pids, encoding: .utf8).split(separator: "\n")
      .compactMap { pid_t($0) }
    #expect(children.count == 2)
    for pid in children { #expect(!Self.isRunning(pid), "process \(pid) still runs") }
  }

  @Test("a child that ends leaves nothing of its group running")
  func leftovers() throws {
    let directory = try TemporaryDirectory()
    let pids = directory.path("pids").path
    let outcome = try ChildProcess(["sh", "-c", "sleep 1000 & echo $! > '\(pids)'"],
                                   in: directory.url, timeLimit: 60).run()
    #expect(outcome.ending == .exited(0))
    let pid = try #require(pid_t(try String(contentsOfFile: pids, encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(!Self.isRunning(pid))
  }

  @Test("how it ended: an exit status, a signal by name, its output and error apart")
  func endings() throws {
    let directory = try TemporaryDirectory()
    let exited = try ChildProcess(["sh", "-c", "echo out; echo err >&2; exit 3"],
                                  in: directory.url, timeLimit: 60).run()
    #expect(exited.ending == .exited(3))
    #expect(exited.output == Array("out\n".utf8))
    #expect(exited.error == "err\n")
    let crashed = try ChildProcess(["sh", "-c", "kill -SEGV $$"], in: directory.url, timeLimit: 60).run()
    #expect(crashed.ending == .signaled(SIGSEGV))
    #expect("\(crashed.ending)" == "signal \(SIGSEGV) (SIGSEGV)")
    #expect {
      try ChildProcess(["no-such-program-anywhere"], in: directory.url, timeLimit: 60).run()
    } throws: { "\($0)".hasPrefix("no-such-program-anywhere: cannot be run: ") }
  }

  @Test("its peak memory is its own, not the memory of the process that started it")
  func peakMemory() throws {
    let directory = try TemporaryDirectory()
    // A 256 MiB buffer, filled three times.
    let large = try ChildProcess(["dd", "if=/dev/zero", "of=/dev/null", "bs=256M", "count=3"],
                                 in: directory.url, timeLimit: 60).run()
    let small = try ChildProcess(["sleep", "0.3"], in: directory.url, timeLimit: 60).run()
    #expect(large.peakMemory > 200 << 20, "\(large.peakMemory >> 20) MiB")
    #expect(small.peakMemory < 64 << 20, "\(small.peakMemory >> 20) MiB")
  }
}
