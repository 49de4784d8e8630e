import ContractKit
import Foundation

/// The naive reference: what general snapshot tools do, implemented honestly and reasonably
/// efficiently, on the same number of threads.
///
/// Each case's stub is localized into a plain `Encodable` mirror (string lookups with the
/// same fallback chain, the same Foundation number and date formatters, cached per thread),
/// encoded with `JSONEncoder` (`.sortedKeys`, `.prettyPrinted`), and its bytes compared with
/// the stored file; on a mismatch a line diff is computed, as a snapshot failure message is.
struct NaiveReference {
  let files: Int
  let threads: Int
  let store: LocalizationStore

  /// What one naive run saw.
  struct Outcome {
    var files = 0
    var mismatches = 0
    var missing = 0
    var diffLines = 0
    var bytesWritten = 0

    mutating func add(_ other: Outcome) {
      files += other.files
      mismatches += other.mismatches
      missing += other.missing
      diffLines += other.diffLines
      bytesWritten += other.bytesWritten
    }
  }

  private var jobs: [(contract: String, seed: UInt64, version: SystemVersion)] {
    (0..<SyntheticCatalog.contractCount(files: files)).flatMap { index in
      SyntheticCatalog.versions.map { (SyntheticCatalog.contractName(index), UInt64(index), $0) }
    }
  }

  /// Encodes every case and writes it under `root`.
  func record(root: URL) throws -> Outcome {
    try run(root: root) { path, bytes, outcome in
      try FileManager.default.createDirectory(
        at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
      try bytes.write(to: path)
      outcome.bytesWritten += bytes.count
    }
  }

  /// Encodes every case and compares it with the file under `root`.
  func check(root: URL) throws -> Outcome {
    try run(root: root) { path, bytes, outcome in
      guard let stored = FileManager.default.contents(atPath: path.path) else {
        outcome.missing += 1
        return
      }
      if stored != bytes {
        outcome.mismatches += 1
        outcome.diffLines += LineDiff.lines(old: stored, new: bytes).count
      }
    }
  }

  /// Compares every file of `old` with the same file in `new`, with a line diff on mismatch.
  static func diff(old: URL, new: URL, threads: Int) throws -> Outcome {
    let manager = FileManager.default
    let folders = try manager.contentsOfDirectory(atPath: old.path).sorted().flatMap {
      contract in
      try manager.contentsOfDirectory(atPath: old.appendingPathComponent(contract).path)
        .sorted().map { "\(contract)/\($0)" }
    }
    let parts = try NaivePool.map(folders.count, threads: threads) { index -> Outcome in
      var outcome = Outcome()
      let folder = folders[index]
      for name in try manager.contentsOfDirectory(
        atPath: old.appendingPathComponent(folder).path).sorted()
      {
        let relative = "\(folder)/\(name)"
        outcome.files += 1
        guard let before = manager.contents(atPath: old.appendingPathComponent(relative).path)
        else { continue }
        guard let after = manager.contents(atPath: new.appendingPathComponent(relative).path)
        else {
          outcome.missing += 1
          continue
        }
        if before != after {
          outcome.mismatches += 1
          outcome.diffLines += LineDiff.lines(old: before, new: after).count
        }
      }
      return outcome
    }
    return parts.reduce(into: Outcome()) { $0.add($1) }
  }

  /// Encodes every case in parallel and hands its path and bytes to `body`.
  private func run(
    root: URL, _ body: @escaping @Sendable (URL, Data, inout Outcome) throws -> Void
  ) throws -> Outcome {
    let jobs = self.jobs
    let store = self.store
    let parts = try NaivePool.map(jobs.count, threads: threads) { index -> Outcome in
      let job = jobs[index]
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
      encoder.dateEncodingStrategy = .iso8601
      var outcome = Outcome()
      let folder = root.appendingPathComponent(job.contract)
        .appendingPathComponent(job.version.versionString)
      for locale in SyntheticCatalog.locales {
        let localizer = NaiveLocalizer.forCurrentThread(locale: locale, store: store)
        let screen = NaiveScreen(SyntheticScreen.make(seed: job.seed), localizer, job.version)
        let bytes = try encoder.encode(screen)
        outcome.files += 1
        try body(folder.appendingPathComponent("\(locale).json"), bytes, &outcome)
      }
      return outcome
    }
    return parts.reduce(into: Outcome()) { $0.add($1) }
  }
}

/// Runs `count` jobs on `threads` threads, results in job order.
enum NaivePool {
  static func map<Result: Sendable>(
    _ count: Int, threads: Int, _ body: @escaping @Sendable (Int) throws -> Result
  ) throws -> [Result] {
    let state = NaiveState<Result>(count: count)
    DispatchQueue.concurrentPerform(iterations: max(1, min(threads, count))) { _ in
      while let index = state.claim() {
        state.store(Swift.Result { try body(index) }, at: index)
      }
    }
    return try state.results()
  }
}

/// The shared cursor and result slots of one ``NaivePool/map(_:threads:_:)``.
private final class NaiveState<Result: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var next = 0
  private let count: Int
  private var slots: [Swift.Result<Result, any Error>?]

  init(count: Int) {
    self.count = count
    slots = Array(repeating: nil, count: count)
  }

  func claim() -> Int? {
    lock.withLock {
      guard next < count else { return nil }
      defer { next += 1 }
      return next
    }
  }

  func store(_ result: Swift.Result<Result, any Error>, at index: Int) {
    lock.withLock { slots[index] = result }
  }

  func results() throws -> [Result] {
    try lock.withLock { try slots.map { try ($0 ?? .failure(CancellationError())).get() } }
  }
}

/// The lines a snapshot failure would show: the changed region after trimming the common
/// head and tail, aligned by a longest-common-subsequence table when it is small.
enum LineDiff {
  static func lines(old: Data, new: Data) -> [String] {
    let before = split(old)
    let after = split(new)
    var head = 0
    while head < min(before.count, after.count), before[head] == after[head] { head += 1 }
    var tail = 0
    while tail < min(before.count, after.count) - head,
      before[before.count - 1 - tail] == after[after.count - 1 - tail]
    {
      tail += 1
    }
    let removed = Array(before[head..<(before.count - tail)])
    let added = Array(after[head..<(after.count - tail)])
    guard removed.count * added.count <= 4_000_000 else {
      return removed.map { "-" + text($0) } + added.map { "+" + text($0) }
    }
    return align(removed, added)
  }

  /// An edit script from the LCS table of two small line lists.
  private static func align(_ old: [Data], _ new: [Data]) -> [String] {
    let width = new.count + 1
    var table = [Int](repeating: 0, count: (old.count + 1) * width)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        table[i * width + j] = old[i] == new[j]
          ? table[(i + 1) * width + j + 1] + 1
          : max(table[(i + 1) * width + j], table[i * width + j + 1])
      }
    }
    var script: [String] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        i += 1
        j += 1
      } else if j < new.count,
        i == old.count || table[i * width + j + 1] >= table[(i + 1) * width + j]
      {
        script.append("+" + text(new[j]))
        j += 1
      } else {
        script.append("-" + text(old[i]))
        i += 1
      }
    }
    return script
  }

  private static func split(_ data: Data) -> [Data] {
    data.split(separator: 0x0A, omittingEmptySubsequences: false).map { Data($0) }
  }

  private static func text(_ line: Data) -> String { String(decoding: line, as: UTF8.self) }
}
