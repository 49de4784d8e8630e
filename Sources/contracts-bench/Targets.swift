import Foundation

/// The performance targets, checked on measurements of one run.
struct Target: Codable, Sendable {
  /// What is promised, in words.
  var name: String
  /// The measured value (a ratio, MB/s or bytes).
  var value: Double
  /// The bound the value must respect.
  var limit: Double
  /// `true` when `value` must be at most `limit`, `false` when at least.
  var atMost: Bool
  /// How the value was obtained.
  var detail: String

  var met: Bool { atMost ? value <= limit : value >= limit }
}

/// Evaluates every target on one run's measurements.
struct Targets {
  /// Measurements by size (requested files), then by `engine/step`.
  let results: [Int: [String: Measurement]]
  /// Bytes the second `record` changed on disk, by size.
  let secondRecordBytes: [Int: Int]

  /// ContractKit's steps whose memory and growth are judged.
  static let steps = ["record", "record-again", "wire-record", "check", "wire-check",
                      "check-1-thread", "check-1pct", "diff"]

  /// Every target. Ratios to the naive reference and growth with the tree are judged on CPU
  /// time (user + system), which load from other processes on a shared machine barely moves;
  /// the parallel speedup on wall time, which is what it is about.
  var all: [Target] {
    var targets = [
      ratio("check of an unchanged tree vs the naive reference", step: "check", limit: 1.05),
      ratio("check of an unchanged tree of wire contracts vs the naive reference",
            step: "wire-check", limit: 1.15),
      ratio("cold record vs the naive reference", step: "record", limit: 1.3),
      ratio("check with 1% changed vs the naive reference", step: "check-1pct", limit: 1.15),
      ratio("diff of two trees vs the naive reference", step: "diff", limit: 1.5),
      diffThroughput, parallelism, secondRecord,
    ]
    if let (small, large) = sizePair {
      targets += [memoryFlat(small, large), memoryBound(large), linear(small, large)]
    }
    return targets
  }

  private var sizes: [Int] { results.keys.sorted() }

  /// The smallest and the largest size, when there are two.
  private var sizePair: (Int, Int)? {
    guard let small = sizes.first, let large = sizes.last, small < large else { return nil }
    return (small, large)
  }

  private func measurement(_ size: Int, _ engine: String, _ step: String) -> Measurement? {
    results[size]?["\(engine)/\(step)"]
  }

  /// The worst over sizes of ContractKit's CPU time over the naive reference's (for a wire
  /// step, the naive step it stands for); wall-time ratios are shown beside it.
  private func ratio(_ name: String, step: String, limit: Double) -> Target {
    var cpuRatios: [(Int, Double)] = []
    var wallRatios: [(Int, Double)] = []
    for size in sizes {
      guard let ours = measurement(size, "contractkit", step),
        let naive = measurement(size, "naive", BenchStep.naiveCounterpart(of: step)),
        naive.cpuSeconds > 0, naive.seconds > 0
      else { continue }
      cpuRatios.append((size, ours.cpuSeconds / naive.cpuSeconds))
      wallRatios.append((size, ours.seconds / naive.seconds))
    }
    let worst = cpuRatios.max { $0.1 < $1.1 }
    return Target(
      name: "\(name): at most \(limit)× in CPU time", value: worst?.1 ?? .infinity,
      limit: limit, atMost: true,
      detail: describe(cpuRatios, suffix: "×") + "; in wall time "
        + describe(wallRatios, suffix: "×"))
  }

  private var diffThroughput: Target {
    let rates = sizes.compactMap { size in
      measurement(size, "contractkit", "diff").map { (size, $0.megabytesPerSecond) }
    }
    return Target(
      name: "diff of two trees: at least 100 MB/s", value: rates.map(\.1).min() ?? 0,
      limit: 100, atMost: false, detail: describe(rates, suffix: " MB/s"))
  }

  private var parallelism: Target {
    let speedups = sizes.compactMap { size -> (Int, Double)? in
      guard let serial = measurement(size, "contractkit", "check-1-thread"),
        let parallel = measurement(size, "contractkit", "check"), parallel.seconds > 0
      else { return nil }
      return (size, serial.seconds / parallel.seconds)
    }
    return Target(
      name: "both cores used: check at least 1.6× faster than with 1 thread in wall time",
      value: speedups.map(\.1).min() ?? 0, limit: 1.6, atMost: false,
      detail: describe(speedups, suffix: "×"))
  }

  private var secondRecord: Target {
    let bytes = sizes.map { ($0, Double(secondRecordBytes[$0] ?? -1)) }
    let written = sizes.map {
      measurement($0, "contractkit", "record-again")?.detail["written"] ?? -1
    }
    return Target(
      name: "a second record on an unchanged tree writes 0 bytes",
      value: bytes.map(\.1).max() ?? -1, limit: 0, atMost: true,
      detail: describe(bytes, suffix: " bytes") + "; files written \(written)")
  }

  private func memoryFlat(_ small: Int, _ large: Int) -> Target {
    let ratios = Self.steps.compactMap { step -> (String, Double)? in
      guard let low = measurement(small, "contractkit", step),
        let high = measurement(large, "contractkit", step), low.peakKiB > 0
      else { return nil }
      return (step, Double(high.peakKiB) / Double(low.peakKiB))
    }
    let worst = ratios.max { $0.1 < $1.1 }
    return Target(
      name: "memory flat: peak RSS at \(large) files at most 1.2× that at \(small)",
      value: worst?.1 ?? .infinity, limit: 1.2, atMost: true,
      detail: "worst step \(worst?.0 ?? "none"); " + ratios.map { "\($0.0) \(format($0.1))×" }
        .joined(separator: ", "))
  }

  private func memoryBound(_ large: Int) -> Target {
    let peaks = Self.steps.compactMap { step in
      measurement(large, "contractkit", step).map { (step, $0.peakMegabytes) }
    }
    let worst = peaks.max { $0.1 < $1.1 }
    return Target(
      name: "memory bounded: peak RSS at \(large) files under 200 MB",
      value: worst?.1 ?? .infinity, limit: 200, atMost: true,
      detail: "worst step \(worst?.0 ?? "none") \(format(worst?.1 ?? 0)) MB")
  }

  private func linear(_ small: Int, _ large: Int) -> Target {
    let ratios = Self.steps.compactMap { step -> (String, Double)? in
      guard let low = measurement(small, "contractkit", step),
        let high = measurement(large, "contractkit", step), low.cpuSeconds > 0
      else { return nil }
      return (step, high.cpuSeconds / low.cpuSeconds)
    }
    let worst = ratios.max { $0.1 < $1.1 }
    return Target(
      name: "cost linear: \(large) files at most 2.2× the CPU time of \(small)",
      value: worst?.1 ?? .infinity, limit: 2.2, atMost: true,
      detail: "worst step \(worst?.0 ?? "none"); " + ratios.map { "\($0.0) \(format($0.1))×" }
        .joined(separator: ", "))
  }

  private func describe<Key>(_ values: [(Key, Double)], suffix: String) -> String {
    values.map { "\($0.0) files: \(format($0.1))\(suffix)" }.joined(separator: ", ")
  }
}

/// `value` with `decimals` decimals, or `n/a` when not finite.
func format(_ value: Double, decimals: Int = 2) -> String {
  value.isFinite ? String(format: "%.\(decimals)f", value) : "n/a"
}
