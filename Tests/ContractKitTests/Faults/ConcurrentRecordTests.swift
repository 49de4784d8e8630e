import Foundation
import Synchronization
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// Two `record` runs at once on one tree end as one run would, and no reader ever
/// sees a torn file while they write.
@Suite("Faults: concurrent record", .serialized)
struct FaultConcurrentRecordTests {
  @Test("two records at once rewriting every file give one run's tree, never a torn file")
  func twoRecordsOnOneTree() throws {
    let reference = try SampleCopy()
    let oldBytes = try respellNonCanonically(reference.baselines)
    let single = try ContractsProcess.run(["record", "--baselines", reference.baselines.path])
    try #require(single.code == 0, "\(single.stdout)\(single.stderr)")
    let expected = DirectorySnapshot(reference.directory.url)

    for round in 1...2 {
      let copy = try SampleCopy()
      try respellNonCanonically(copy.baselines)
      let watcher = TornFileWatcher(baselines: copy.baselines, old: oldBytes,
                                    new: expected, prefix: BaselineLayout.directoryName)
      let first = try ContractsProcess(["record", "--baselines", copy.baselines.path])
      let second = try ContractsProcess(["record", "--baselines", copy.baselines.path])
      watcher.start()
      let results = [first.wait(), second.wait()]
      let torn = watcher.stop()

      for result in results {
        #expect(result.code == 0, "round \(round): \(result.stdout)\(result.stderr)")
      }
      #expect(torn.isEmpty, "round \(round): readers saw torn files: \(torn.prefix(5))")
      #expect(watcher.reads > 0)
      let after = DirectorySnapshot(copy.directory.url)
      #expect(after == expected,
              "round \(round) differs from a single run:\n\(after.differences(from: expected))")
    }
  }

  @Test("two records at once into an empty directory give one run's tree")
  func twoRecordsIntoEmptyDirectory() throws {
    let reference = try TemporaryDirectory()
    let referenceBaselines = reference.path(BaselineLayout.directoryName)
    let single = try ContractsProcess.run(["record", "--baselines", referenceBaselines.path])
    try #require(single.code == 0, "\(single.stdout)\(single.stderr)")
    let expected = DirectorySnapshot(reference.url)

    for round in 1...2 {
      let directory = try TemporaryDirectory()
      let baselines = directory.path(BaselineLayout.directoryName).path
      let runs = try (0..<2).map { _ in try ContractsProcess(["record", "--baselines", baselines]) }
      let results = runs.map { $0.wait() }
      for result in results {
        #expect(result.code == 0, "round \(round): \(result.stdout)\(result.stderr)")
      }
      let after = DirectorySnapshot(directory.url)
      #expect(after == expected,
              "round \(round) differs from a single run:\n\(after.differences(from: expected))")
    }
  }
}

/// Reads every file of a tree over and over on a background thread and records any read that
/// is neither the file's old bytes nor its new ones.
final class TornFileWatcher: Sendable {
  private let baselines: URL
  private let paths: [String]
  private let old: [String: [UInt8]]
  private let new: [String: [UInt8]]
  private let state = Mutex(State())
  private let finished = DispatchSemaphore(value: 0)

  private struct State {
    var stop = false
    var torn: [String] = []
    var reads = 0
  }

  init(baselines: URL, old: [String: [UInt8]], new snapshot: DirectorySnapshot, prefix: String) {
    self.baselines = baselines
    self.old = old
    paths = old.keys.sorted()
    var new: [String: [UInt8]] = [:]
    for path in paths {
      if case .file(_, _, let bytes)? = snapshot.entries[prefix + "/" + path] { new[path] = bytes }
    }
    self.new = new
  }

  var reads: Int { state.withLock { $0.reads } }

  func start() {
    let thread = Thread { [self] in
      while !state.withLock({ $0.stop }) {
        for path in paths {
          guard let data = FileManager.default.contents(
            atPath: baselines.appendingPathComponent(path).path)
          else {
            state.withLock { $0.torn.append("\(path): missing") }
            continue
          }
          let bytes = [UInt8](data)
          let ok = bytes == old[path] || bytes == new[path]
          state.withLock {
            $0.reads += 1
            if !ok { $0.torn.append("\(path): \(bytes.count) bytes") }
          }
        }
        // Leave the two writers most of the two cores.
        usleep(2_000)
      }
      finished.signal()
    }
    thread.start()
  }

  /// Stops the reader and returns the torn reads it saw.
  func stop() -> [String] {
    state.withLock { $0.stop = true }
    finished.wait()
    return state.withLock { $0.torn }
  }
}
