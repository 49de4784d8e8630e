import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// An interrupted `record` leaves each file either old or new, never partial, and
/// the next `record` completes the tree.
///
/// The scenario makes `record` rewrite every file of the sample tree without any breaking
/// finding: each JSON file is respelled (no whitespace, keys in reverse order), the same wire
/// values in bytes that are not canonical. The built `contracts` binary records that tree and
/// is killed with SIGKILL at many moments, before and during its writes.
@Suite("Faults: interrupted record", .serialized)
struct FaultInterruptedRecordTests {
  @Test("SIGKILL at any moment leaves every file old or new; the next record completes the tree")
  func killedRecord() throws {
    // What an uninterrupted record of the respelled tree produces.
    let reference = try SampleCopy()
    let oldBytes = try respellNonCanonically(reference.baselines)
    let clean = try ContractsProcess.run(["record", "--baselines", reference.baselines.path])
    try #require(clean.code == 0, "\(clean.stdout)\(clean.stderr)")
    let expected = DirectorySnapshot(reference.directory.url)
    let newBytes = try oldBytes.keys.reduce(into: [String: [UInt8]]()) { result, path in
      guard case .file(_, _, let bytes)? =
        expected.entries[BaselineLayout.directoryName + "/" + path]
      else { throw Missing(path: path) }
      result[path] = bytes
    }
    let paths = oldBytes.keys.sorted()
    #expect(paths.count > 300)
    #expect(paths.allSatisfy { oldBytes[$0]?.count != newBytes[$0]?.count },
            "old and new spellings must differ in size for the progress probe")

    let copy = try SampleCopy()
    let baselinesDocument = try Data(contentsOf: copy.directory.path("Baselines.md"))
    var generator = SeededGenerator(seed: 0x5EED_0007)
    // Moments: fixed times after launch (mostly during the read-only check phase), then
    // times after the first rewritten file appeared (during the writes), with jitter.
    let moments: [(afterFirstWrite: Bool, milliseconds: Double)] =
      [5, 60].map { (false, Double($0)) }
      + [0, 0, 2, 8, 32, 96].map {
        (true, Double($0) + Double.random(in: 0..<1, using: &generator))
      }
    var partialRuns = 0
    var report: [String] = []
    for moment in moments {
      // Every file back to its old spelling; leftover temporary files stay, as after a crash.
      for path in paths {
        try Data(oldBytes[path] ?? []).write(to: copy.baselines.appendingPathComponent(path))
      }
      let run = try ContractsProcess(["record", "--baselines", copy.baselines.path])
      if moment.afterFirstWrite {
        let deadline = Date().addingTimeInterval(30)
        while run.isRunning, Date() < deadline,
          rewritten(paths, in: copy.baselines, newSizes: newBytes) == 0
        {
          usleep(200)
        }
      }
      sleep(milliseconds: moment.milliseconds)
      run.kill()
      let ended = run.wait()

      // Every file parses and is exactly the old or the new version.
      var old = 0
      var new = 0
      for path in paths {
        let bytes = [UInt8](try Data(contentsOf: copy.baselines.appendingPathComponent(path)))
        if bytes == oldBytes[path] {
          old += 1
        } else if bytes == newBytes[path] {
          new += 1
        } else {
          Issue.record("\(path) is neither old nor new after a kill at \(moment): \(bytes.count) bytes")
        }
        #expect(throws: Never.self) { try JSONParser.parse(bytes, file: path) }
      }
      let document = try Data(contentsOf: copy.directory.path("Baselines.md"))
      #expect(document == baselinesDocument)
      if ended.killed, old > 0, new > 0 { partialRuns += 1 }
      report.append("\(moment.afterFirstWrite ? "+" : "@")\(Int(moment.milliseconds))ms: "
        + "\(ended.killed ? "killed" : "finished") old \(old) new \(new)")
    }
    // The protection is only proven by kills that landed between two writes.
    #expect(partialRuns >= 1, "no kill landed mid-write: \(report)")

    // Whatever the kills left, the next record completes the tree.
    let resumed = try ContractsProcess.run(["record", "--baselines", copy.baselines.path])
    #expect(resumed.code == 0, "\(resumed.stdout)\(resumed.stderr)")
    let after = DirectorySnapshot(copy.directory.url)
    #expect(after.visible == expected.visible,
            "differs from a clean record:\n\(after.visible.differences(from: expected.visible))")
    // The killed writers' temporary files are gone: the next record removes them.
    #expect(after.hiddenPaths.isEmpty, "left behind: \(after.hiddenPaths)")
    // And it checks clean.
    let check = try ContractsProcess.run(["check", "--baselines", copy.baselines.path])
    #expect(check.code == 0, "\(check.stdout)\(check.stderr)")
    // A second record changes no byte.
    let again = try ContractsProcess.run(["record", "--baselines", copy.baselines.path])
    #expect(again.code == 0)
    #expect(DirectorySnapshot(copy.directory.url) == after)
  }

  /// How many of `paths` already have the size of their new spelling.
  private func rewritten(_ paths: [String], in baselines: URL, newSizes: [String: [UInt8]])
    -> Int
  {
    var count = 0
    for path in paths {
      var info = stat()
      if lstat(baselines.appendingPathComponent(path).path, &info) == 0,
        Int(info.st_size) == newSizes[path]?.count
      {
        count += 1
      }
    }
    return count
  }

  private struct Missing: Error { let path: String }
}
