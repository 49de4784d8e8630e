import ContractKit
import Foundation

/// The parent process: prepares each size's trees, runs every step in a child process, and
/// collects the measurements.
struct BenchRun {
  let options: BenchOptions
  let root: URL

  /// Measurements by size, then by `engine/step`.
  private(set) var results: [Int: [String: Measurement]] = [:]
  /// Bytes the second `record` changed on disk, by size.
  private(set) var secondRecordBytes: [Int: Int] = [:]

  init(options: BenchOptions) {
    self.options = options
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("contracts-bench-\(getpid())")
  }

  /// Prepares every size's trees, then runs the steps again in rounds. Within a round each
  /// step runs at every size before the next step starts, so that load from elsewhere on the
  /// machine (and the speed of a shared virtual CPU, which drifts) weighs on the sizes alike.
  ///
  /// Nothing is deleted until the run ends. On ext4 without a journal (this machine's disk),
  /// creating a file scans past every inode of its group deleted in the last minutes (see
  /// `recently_deleted` in the kernel's `ialloc.c`): a record run right after 20,000 files
  /// were deleted spent a third of its time there, growing with the square of the tree.
  mutating func run() throws {
    defer { if !options.keep { try? FileManager.default.removeItem(at: root) } }
    var layouts: [(size: Int, layout: BenchLayout)] = []
    for size in options.sizes {
      layouts.append((size, try prepare(size: size)))
    }
    for round in 1...options.runs {
      progress("round \(round) of \(options.runs)")
      if round > 1 { try recordAgain(round: round, layouts: layouts) }
      for step in [BenchStep.check, .naiveCheck, .wireCheck, .wireDecodingCheck, .checkOneThread,
                   .checkChanged, .naiveCheckChanged, .diff, .naiveDiff]
      {
        for (size, layout) in layouts { try self.step(step, size: size, layout: layout) }
      }
    }
  }

  /// Repeats the cold records, each into this round's own scratch folders, and the second
  /// record.
  private mutating func recordAgain(round: Int, layouts: [(size: Int, layout: BenchLayout)])
    throws
  {
    for step in [BenchStep.recordScratch, .naiveRecordScratch, .wireRecordScratch] {
      for (size, layout) in layouts {
        var scratch = layout
        scratch.round = round
        try self.step(step, size: size, layout: scratch)
      }
    }
    for (size, layout) in layouts { try secondRecord(size: size, layout: layout) }
  }

  /// Runs the second `record` on the unchanged tree and notes the bytes it changed.
  private mutating func secondRecord(size: Int, layout: BenchLayout) throws {
    let folder = layout.base.deletingLastPathComponent()
    let before = TreeSnapshot(folder)
    try step(.recordAgain, size: size, layout: layout)
    let written = TreeSnapshot(folder).bytesWritten(since: before)
    secondRecordBytes[size] = max(secondRecordBytes[size] ?? 0, written)
  }

  /// Records both engines' trees at `size`, records again, and makes the 1%-changed copies.
  private mutating func prepare(size: Int) throws -> BenchLayout {
    let layout = BenchLayout(directory: root.appendingPathComponent(String(size)))
    try FileManager.default.createDirectory(at: layout.directory, withIntermediateDirectories: true)
    progress("\(size) files: recording")
    try step(.record, size: size, layout: layout)
    try step(.naiveRecord, size: size, layout: layout)
    try step(.wireRecord, size: size, layout: layout)
    try step(.wireDecodingRecord, size: size, layout: layout)

    let ckFolder = layout.base.deletingLastPathComponent()
    let before = TreeSnapshot(ckFolder)
    try secondRecord(size: size, layout: layout)

    let prefix = BaselineLayout.directoryName + "/"
    let naiveTree = TreeSnapshot(layout.naiveBase)
    setBytes(size: size, engine: "contractkit",
             bytes: before.stamps.filter { $0.key.hasPrefix(prefix) }.reduce(0) {
               $0 + ($1.key.hasSuffix("/contract.json") ? 0 : $1.value.size)
             })
    setBytes(size: size, engine: "naive", bytes: naiveTree.payloadBytes)
    setBytes(size: size, engine: Self.wireTree, bytes: TreeSnapshot(layout.wireBase).payloadBytes)

    progress("\(size) files: changing 1% of the files in copies")
    let changed = TreeMutation.pick(from: before, in: prefix)
    try TreeMutation.copy(
      ckFolder, to: layout.changed.deletingLastPathComponent(), payloadRoot: layout.changed,
      changing: changed)
    try TreeMutation.copy(
      layout.naiveBase, to: layout.naiveChanged, payloadRoot: layout.naiveChanged,
      changing: changed)
    return layout
  }

  /// Runs `step` in a child and folds its measurement in.
  ///
  /// Dirty pages are flushed first: a record leaves hundreds of megabytes for the kernel to
  /// write back, which it would otherwise do during whichever steps come next, on the same
  /// two cores (a check run right after 400 MB were written took up to 8% more CPU time).
  private mutating func step(_ step: BenchStep, size: Int, layout: BenchLayout) throws {
    sync()
    let measurement = try ChildStep.run(
      step, files: size, layout: layout, threads: options.threads)
    let key = "\(step.engine)/\(step.name)"
    if var existing = results[size]?[key] {
      existing.merge(measurement)
      results[size, default: [:]][key] = existing
    } else {
      results[size, default: [:]][key] = measurement
    }
  }

  /// Records the payload bytes of `engine`'s tree at `size`, for MB/s.
  private mutating func setBytes(size: Int, engine: String, bytes: Int) {
    treeBytes[size, default: [:]][engine] = bytes
  }

  /// One tree's payload bytes by size and engine (``wireTree`` for the wire catalog's).
  private(set) var treeBytes: [Int: [String: Int]] = [:]

  /// The key of the wire catalog's tree in ``treeBytes``.
  private static let wireTree = "contractkit-wire"

  /// The measurements with the bytes of their tree filled in.
  var completed: [Int: [String: Measurement]] {
    var filled = results
    for (size, steps) in results {
      for (key, measurement) in steps {
        let tree = measurement.step.hasPrefix(BenchStep.wirePrefix)
          ? Self.wireTree : measurement.engine
        filled[size]?[key]?.bytes = treeBytes[size]?[tree] ?? 0
      }
    }
    return filled
  }
}

/// A progress line on stderr, so stdout holds only the table.
func progress(_ text: String) {
  FileHandle.standardError.write(Data("contracts-bench: \(text)\n".utf8))
}
