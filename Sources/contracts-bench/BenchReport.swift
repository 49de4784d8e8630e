import Foundation

/// The bench's output: a table on stdout, the targets, and optionally the same as JSON.
struct BenchReport: Codable {
  var threads: Int
  var runsPerStep: Int
  var measurements: [Measurement]
  var sizes: [Int]
  var targets: [Target]?

  /// Whether every target was met (`true` when targets were not checked).
  var allMet: Bool { targets?.allSatisfy(\.met) ?? true }

  init(options: BenchOptions, results: [Int: [String: Measurement]], targets: [Target]?) {
    threads = options.threads
    runsPerStep = options.runs
    sizes = results.keys.sorted()
    let order = ["record", "record-again", "wire-record", "wire-decoding-record", "check",
                 "wire-check", "wire-decoding-check", "check-1-thread", "check-1pct", "diff"]
    measurements = sizes.flatMap { size in
      (results[size] ?? [:]).values.sorted {
        let left = (order.firstIndex(of: $0.step) ?? 99, $0.engine == "naive" ? 1 : 0)
        let right = (order.firstIndex(of: $1.step) ?? 99, $1.engine == "naive" ? 1 : 0)
        return left < right
      }
    }
    self.targets = targets
  }

  /// The table, the targets and the notes.
  var text: String {
    var lines = [
      "contracts-bench: \(threads) threads, median of \(runsPerStep) run(s) per step, each "
        + "step in its own process, each step run at every size before the next",
      "",
      row(["files", "step", "engine", "wall s", "cpu s", "files/s", "MB/s", "peak MB",
           "vs naive", "notes"]),
    ]
    lines.append(String(repeating: "-", count: lines[2].count))
    for measurement in measurements {
      lines.append(row([
        String(measurement.files), measurement.step,
        measurement.engine == "naive" ? "naive" : "ContractKit",
        format(measurement.seconds, decimals: 3), format(measurement.cpuSeconds, decimals: 2),
        format(measurement.filesPerSecond, decimals: 0),
        format(measurement.megabytesPerSecond, decimals: 1),
        format(measurement.peakMegabytes, decimals: 1), versusNaive(measurement),
        notes(measurement),
      ]))
    }
    lines += [
      "",
      "MB/s counts one tree's payload bytes (diff reads two trees). check-1-thread is ContractKit "
        + "with threads: 1. wire-* is the same catalog as wire contracts (JSONEncoder's bytes, "
        + "parsed and canonicalized by ContractKit), measured against the same naive step; "
        + "wire-decoding-* also declares the type clients decode it with, as FOSMVVM apps do "
        + "(no target: the naive reference decodes nothing).",
      "cpu s is user + system time of all threads: unlike wall time, load from other processes "
        + "barely changes it. vs naive = ContractKit CPU time / naive CPU time.",
    ]
    if let targets {
      lines += ["", "Targets:"]
      for target in targets {
        let value = target.name.contains("bytes") ? format(target.value, decimals: 0)
          : format(target.value)
        let verdict = target.met ? "met" : "MISSED"
        lines.append("  [\(verdict)] \(target.name): \(value) (\(target.detail))")
      }
      lines.append(allMet ? "All targets met." : "Missed: "
        + targets.filter { !$0.met }.map(\.name).joined(separator: "; "))
    }
    return lines.joined(separator: "\n")
  }

  private func versusNaive(_ measurement: Measurement) -> String {
    let step = BenchStep.naiveCounterpart(of: measurement.step)
    guard measurement.engine == "contractkit",
      let naive = measurements.first(where: {
        $0.engine == "naive" && $0.step == step && $0.files == measurement.files
      }), naive.cpuSeconds > 0
    else { return "" }
    return format(measurement.cpuSeconds / naive.cpuSeconds) + "×"
  }

  private func notes(_ measurement: Measurement) -> String {
    let keys = ["written", "errors", "warnings", "infos", "mismatches", "diffLines"]
    return keys.compactMap { key in measurement.detail[key].map { "\(key) \($0)" } }
      .joined(separator: ", ")
  }

  private func row(_ cells: [String]) -> String {
    let widths = [6, 15, 12, 8, 7, 8, 7, 8, 9, 0]
    return zip(cells, widths).enumerated().map { index, pair in
      let (cell, width) = pair
      let padding = String(repeating: " ", count: max(0, width - cell.count))
      return index < 3 || index == widths.count - 1 ? cell + padding : padding + cell
    }.joined(separator: "  ")
  }

  func writeJSON(to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(self).write(to: URL(fileURLWithPath: path))
  }
}
