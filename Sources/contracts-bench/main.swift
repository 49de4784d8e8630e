import Foundation

// `swift run -c release contracts-bench`: a synthetic catalog of 10,000 and 20,000 baseline
// files, measured step by step against the naive reference. Exit 0 when every target is
// met, 1 when one is missed, 2 when the bench itself fails.

/// Runs the bench (or, with the hidden `--step`, one step of it) and exits.
func runBench() -> Int32 {
  do {
    let options = try BenchOptions(Array(CommandLine.arguments.dropFirst()))
    if options.help {
      print(BenchOptions.usage)
      return 0
    }
    if let step = options.step {
      guard let directory = options.directory else { throw BenchError("--step needs --dir") }
      let layout = BenchLayout(directory: URL(fileURLWithPath: directory), round: options.round)
      try ChildStep.report(
        try step.execute(files: options.files, layout: layout, threads: options.threads))
      return 0
    }
    var run = BenchRun(options: options)
    try run.run()
    let results = run.completed
    let targets = options.quick
      ? nil : Targets(results: results, secondRecordBytes: run.secondRecordBytes).all
    let report = BenchReport(options: options, results: results, targets: targets)
    print(report.text)
    if let path = options.jsonPath { try report.writeJSON(to: path) }
    return report.allMet ? 0 : 1
  } catch {
    FileHandle.standardError.write(Data("contracts-bench: \(error)\n".utf8))
    return 2
  }
}

exit(runBench())
