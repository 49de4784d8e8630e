import ContractKit
import Foundation

/// One measured step, as run in its own child process (`--step NAME`).
enum BenchStep: String, CaseIterable, Sendable {
  case record = "contractkit-record"
  case recordAgain = "contractkit-record-again"
  case check = "contractkit-check"
  case checkOneThread = "contractkit-check-1-thread"
  case checkChanged = "contractkit-check-1pct"
  case diff = "contractkit-diff"
  case naiveRecord = "naive-record"
  case naiveCheck = "naive-check"
  case naiveCheckChanged = "naive-check-1pct"
  case naiveDiff = "naive-diff"
  /// A cold `record` again, into an empty scratch folder (repeats of ``record``).
  case recordScratch = "contractkit-record-scratch"
  /// The naive record again, into an empty scratch folder.
  case naiveRecordScratch = "naive-record-scratch"
  /// A cold `record` of the catalog as wire contracts (``SyntheticWireCatalog``).
  case wireRecord = "contractkit-wire-record"
  /// The wire catalog's cold `record` again, into an empty scratch folder.
  case wireRecordScratch = "contractkit-wire-record-scratch"
  /// `check` of the wire catalog's unchanged tree.
  case wireCheck = "contractkit-wire-check"
  /// A cold `record` of the wire catalog whose contracts declare the type clients decode
  /// them with, as a FOSMVVM app's do (``SyntheticWireCatalog``).
  case wireDecodingRecord = "contractkit-wire-decoding-record"
  /// `check` of that catalog's unchanged tree: the app's bytes decoded with its type.
  case wireDecodingCheck = "contractkit-wire-decoding-check"

  var engine: String { rawValue.hasPrefix("naive-") ? "naive" : "contractkit" }

  /// The step's name without the engine (`check-1pct`, `wire-check`); scratch repeats count
  /// as the record they repeat.
  var name: String {
    let name = rawValue.dropFirst(engine.count + 1)
    return String(name.hasSuffix("-scratch") ? name.dropLast("-scratch".count) : name)
  }

  /// The naive reference's step that `name` is measured against: wire contracts against the
  /// same naive step as built-in ones (`wire-check` and `wire-decoding-check` against
  /// `check`).
  static func naiveCounterpart(of name: String) -> String {
    guard name.hasPrefix(wirePrefix) else { return name }
    let step = name.dropFirst(wirePrefix.count)
    return String(step.hasPrefix(decodingPrefix) ? step.dropFirst(decodingPrefix.count) : step)
  }

  private static let decodingPrefix = "decoding-"

  /// How the names of the wire catalog's steps start.
  static let wirePrefix = "wire-"

  /// Runs the step in this process and measures it.
  func execute(files: Int, layout: BenchLayout, threads: Int) throws -> Measurement {
    let count = SyntheticCatalog.contractCount(files: files) * SyntheticCatalog.filesPerContract
    var measurement = Measurement(engine: engine, step: name, files: count, seconds: 0, peakKiB: 0)
    let seconds: Double
    let cpu: Double
    switch self {
    case .record, .recordAgain, .recordScratch, .wireRecord, .wireRecordScratch,
      .wireDecodingRecord:
      let catalog = try self.catalog(files: files, layout: layout)
      let run = try ProcessProbe.time {
        try Record(catalog: catalog, options: RunOptions(threads: threads)).run()
      }
      guard !run.value.refused else { throw BenchError("record refused: \(run.value.breaking)") }
      seconds = run.seconds
      cpu = run.cpuSeconds
      measurement.detail = ["written": run.value.written.count, "unchanged": run.value.unchanged]
    case .check, .checkOneThread, .checkChanged, .wireCheck, .wireDecodingCheck:
      let catalog = try self.catalog(files: files, layout: layout)
      let run = try ProcessProbe.time {
        try Check(
          catalog: catalog, options: RunOptions(threads: self == .checkOneThread ? 1 : threads)
        ).run()
      }
      seconds = run.seconds
      cpu = run.cpuSeconds
      measurement.detail = Self.detail(run.value.summary)
    case .diff:
      let run = try ProcessProbe.time {
        try TreeDiff(old: layout.base, new: layout.changed, options: RunOptions(threads: threads)).run()
      }
      seconds = run.seconds
      cpu = run.cpuSeconds
      measurement.detail = Self.detail(run.value.summary)
    case .naiveRecord, .naiveRecordScratch, .naiveCheck, .naiveCheckChanged:
      let naive = NaiveReference(files: files, threads: threads, store: try SyntheticStore.make())
      let run = try ProcessProbe.time {
        switch self {
        case .naiveRecord: try naive.record(root: layout.naiveBase)
        case .naiveRecordScratch: try naive.record(root: layout.naiveScratch)
        case .naiveCheck: try naive.check(root: layout.naiveBase)
        default: try naive.check(root: layout.naiveChanged)
        }
      }
      seconds = run.seconds
      cpu = run.cpuSeconds
      measurement.detail = Self.detail(run.value)
    case .naiveDiff:
      let run = try ProcessProbe.time {
        try NaiveReference.diff(old: layout.naiveBase, new: layout.naiveChanged, threads: threads)
      }
      seconds = run.seconds
      cpu = run.cpuSeconds
      measurement.detail = Self.detail(run.value)
    }
    measurement.seconds = seconds
    measurement.runs = [seconds]
    measurement.cpuSeconds = cpu
    measurement.cpuRuns = [cpu]
    measurement.peakKiB = ProcessProbe.peakRSSKiB()
    return measurement
  }

  /// The catalog a ContractKit step runs, over the tree it reads and writes.
  private func catalog(files: Int, layout: BenchLayout) throws -> Catalog {
    switch self {
    case .wireRecord, .wireCheck:
      try SyntheticWireCatalog.make(files: files, baselines: layout.wireBase)
    case .wireRecordScratch:
      try SyntheticWireCatalog.make(files: files, baselines: layout.wireScratch)
    case .wireDecodingRecord, .wireDecodingCheck:
      try SyntheticWireCatalog.make(files: files, baselines: layout.wireDecodingBase,
                                    decoding: true)
    case .recordScratch: try SyntheticCatalog.make(files: files, baselines: layout.scratch)
    case .checkChanged: try SyntheticCatalog.make(files: files, baselines: layout.changed)
    default: try SyntheticCatalog.make(files: files, baselines: layout.base)
    }
  }

  private static func detail(_ summary: Summary) -> [String: Int] {
    ["errors": summary.errors, "warnings": summary.warnings, "infos": summary.infos]
  }

  private static func detail(_ outcome: NaiveReference.Outcome) -> [String: Int] {
    ["mismatches": outcome.mismatches, "missing": outcome.missing, "diffLines": outcome.diffLines,
     "bytesWritten": outcome.bytesWritten]
  }
}

/// Where one size's trees live inside the bench's temporary directory.
struct BenchLayout: Sendable {
  let directory: URL
  /// The round a repeated cold record belongs to: each round records into folders of its
  /// own, so no scratch tree is deleted while the bench measures (see ``BenchRun``).
  var round = 1

  /// ContractKit's recorded tree (with `Baselines.md` beside it).
  var base: URL { baselines(in: "contractkit-base") }
  /// The wire catalog's recorded tree.
  var wireBase: URL { baselines(in: "contractkit-wire-base") }
  /// The recorded tree of the wire catalog that decodes.
  var wireDecodingBase: URL { baselines(in: "contractkit-wire-decoding-base") }
  /// Where this round's repeat of the wire catalog's cold `record` writes.
  var wireScratch: URL { baselines(in: "contractkit-wire-scratch-\(round)") }
  /// A copy of ``base`` with 1% of its payload files changed.
  var changed: URL { baselines(in: "contractkit-changed") }
  /// Where this round's repeat of the cold `record` writes.
  var scratch: URL { baselines(in: "contractkit-scratch-\(round)") }
  /// Where this round's repeat of the naive record writes.
  var naiveScratch: URL { directory.appendingPathComponent("naive-scratch-\(round)") }
  /// The naive reference's recorded tree.
  var naiveBase: URL { directory.appendingPathComponent("naive-base") }
  /// A copy of ``naiveBase`` with the same 1% of files changed.
  var naiveChanged: URL { directory.appendingPathComponent("naive-changed") }

  private func baselines(in folder: String) -> URL {
    directory.appendingPathComponent(folder).appendingPathComponent(BaselineLayout.directoryName)
  }
}
