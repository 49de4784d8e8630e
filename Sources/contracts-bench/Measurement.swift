import Foundation

/// One measured step of one engine: wall time and the peak memory of the process that ran it.
///
/// `VmHWM` is a per-process high-water mark, so every step runs in a fresh child process (the
/// bench re-executes itself with `--step`), and the peak is that step's alone.
struct Measurement: Codable, Sendable {
  /// `contractkit` or `naive`.
  var engine: String
  /// The step's name (`check`, `check-1pct`, …).
  var step: String
  /// Payload files the step covered.
  var files: Int
  /// Payload bytes the step covered (one tree's), for MB/s.
  var bytes: Int = 0
  /// Wall time of the step itself (catalog and store construction excluded), median of runs.
  var seconds: Double
  /// Every run's wall time.
  var runs: [Double] = []
  /// CPU time (user and system, all threads) of the median-time run: load from elsewhere on
  /// the machine stretches wall time but hardly this.
  var cpuSeconds: Double = 0
  /// Every run's CPU time.
  var cpuRuns: [Double] = []
  /// Peak resident memory of the step's process (`VmHWM`), the largest of its runs, in KiB.
  var peakKiB: Int
  /// What the step reports beyond time: files written, mismatches, findings.
  var detail: [String: Int] = [:]

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  var filesPerSecond: Double { seconds > 0 ? Double(files) / seconds : 0 }
  var megabytesPerSecond: Double { seconds > 0 ? Double(bytes) / 1_000_000 / seconds : 0 }
  var peakMegabytes: Double { Double(peakKiB) / 1024 }

  /// Folds another run of the same step in: the median time, the largest peak.
  mutating func merge(_ other: Measurement) {
    runs += other.runs
    cpuRuns += other.cpuRuns
    seconds = Self.median(runs)
    cpuSeconds = Self.median(cpuRuns)
    peakKiB = max(peakKiB, other.peakKiB)
    detail.merge(other.detail) { _, new in new }
  }
}

/// Clocks and `/proc` readings for the step that runs in this process.
enum ProcessProbe {
  /// Runs `body` and returns its wall and CPU time in seconds, with its result.
  static func time<T>(_ body: () throws -> T) rethrows
    -> (seconds: Double, cpuSeconds: Double, value: T)
  {
    let cpuStart = cpuTime()
    let start = ContinuousClock.now
    let value = try body()
    let elapsed = ContinuousClock.now - start
    let parts = elapsed.components
    return (Double(parts.seconds) + Double(parts.attoseconds) / 1e18, cpuTime() - cpuStart, value)
  }

  /// User plus system time of this process so far, all threads.
  static func cpuTime() -> Double {
    var usage = rusage()
    guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  /// This process's peak resident set size (`VmHWM` in `/proc/self/status`), in KiB.
  static func peakRSSKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return 0
    }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let digits = line.dropFirst(6).filter(\.isNumber)
      return Int(digits) ?? 0
    }
    return 0
  }

  /// This executable's path, for re-executing it.
  static func executablePath() -> String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
  }
}

/// Runs one step in a fresh child process and reads back its ``Measurement``.
enum ChildStep {
  /// The prefix of the one stdout line a child reports its measurement on.
  static let marker = "CONTRACTS-BENCH-RESULT "

  static func run(_ step: BenchStep, files: Int, layout: BenchLayout, threads: Int) throws
    -> Measurement
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ProcessProbe.executablePath())
    process.arguments = [
      "--step", step.rawValue, "--files", String(files), "--dir", layout.directory.path,
      "--round", String(layout.round), "--threads", String(threads),
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0,
      let line = text.split(separator: "\n").last(where: { $0.hasPrefix(marker) })
    else {
      throw BenchError("step \(step.rawValue) at \(files) files failed "
        + "(exit \(process.terminationStatus)):\n\(text)")
    }
    return try JSONDecoder().decode(Measurement.self, from: Data(line.dropFirst(marker.count).utf8))
  }

  /// Prints `measurement` for the parent (child side).
  static func report(_ measurement: Measurement) throws {
    let data = try JSONEncoder().encode(measurement)
    print(marker + String(decoding: data, as: UTF8.self))
  }
}

/// File counts, sizes and modification times of a tree, for MB/s and the "second record
/// writes nothing" check.
struct TreeSnapshot: Equatable {
  struct Stamp: Equatable {
    let size: Int
    let modified: Date
  }

  /// Relative path → size and modification time, for every regular file.
  private(set) var stamps: [String: Stamp] = [:]

  init(_ root: URL) {
    let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys)
    else { return }
    let prefix = root.standardizedFileURL.path.count + 1
    for case let url as URL in walker {
      guard let values = try? url.resourceValues(forKeys: Set(keys)),
        values.isRegularFile == true
      else { continue }
      stamps[String(url.standardizedFileURL.path.dropFirst(prefix))] = Stamp(
        size: values.fileSize ?? 0, modified: values.contentModificationDate ?? .distantPast)
    }
  }

  /// Payload files (`*.json` other than `contract.json`).
  var payloadFiles: Int { stamps.keys.filter(Self.isPayload).count }

  /// Bytes of the payload files.
  var payloadBytes: Int {
    stamps.filter { Self.isPayload($0.key) }.reduce(0) { $0 + $1.value.size }
  }

  /// Bytes of files that are new or whose size or modification time changed since `before`.
  func bytesWritten(since before: TreeSnapshot) -> Int {
    stamps.reduce(0) { total, entry in
      before.stamps[entry.key] == entry.value ? total : total + entry.value.size
    }
  }

  private static func isPayload(_ path: String) -> Bool {
    path.hasSuffix(".json") && !path.hasSuffix("/contract.json")
  }
}

/// A failure of the bench itself (not a missed target).
struct BenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
