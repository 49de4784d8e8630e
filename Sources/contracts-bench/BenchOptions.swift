import Foundation

/// The command line of `contracts-bench`.
struct BenchOptions {
  /// Payload files of the first size (the second is twice as many).
  var files = 10_000
  /// One size, one run per step, no targets: a CI smoke run.
  var quick = false
  /// Where to write the JSON results.
  var jsonPath: String?
  /// Runs per repeatable step; the median time is reported.
  var repeats: Int?
  /// Worker threads for both engines.
  var threads = BenchOptions.defaultThreads
  /// Keep the temporary trees.
  var keep = false
  /// Hidden: run one step in this process (the bench re-executes itself).
  var step: BenchStep?
  /// Hidden: the size directory a child step works in.
  var directory: String?
  /// Hidden: the round of a child's repeated cold record (which scratch folders it uses).
  var round = 1
  /// `-h` or `--help`: print ``usage`` and exit 0.
  var help = false

  static let usage = """
    usage: contracts-bench [--files N] [--quick] [--json FILE] [--repeat R] [--threads T] [--keep]

    Builds a synthetic catalog of N payload files (default 10000) and 2N, registered three
    times: as built-in contracts (ContractKit's encoder), as wire contracts (bytes from
    Foundation's JSONEncoder, parsed and canonicalized by ContractKit), and as wire contracts
    that declare the type clients decode them with (wire-decoding-*). Measures record,
    check (unchanged, and with 1% of files changed) and diff against the naive reference,
    each step in its own process. Exits 0 when every target is met, 1 otherwise.

    Targets, judged on CPU time (user + system) except the speedup (wall time):
      check of an unchanged tree        at most 1.05x the naive reference
      the same, as wire contracts       at most 1.15x the naive reference
      cold record                       at most 1.3x the naive reference
      check with 1% of files changed    at most 1.15x the naive reference
      diff of two trees                 at most 1.5x the naive reference, and at least 100 MB/s
      check on all threads              at least 1.6x faster than on one (wall time)
      a second record                   writes 0 bytes
      peak memory at 2N files           at most 1.2x that at N, and under 200 MB
      CPU time at 2N files              at most 2.2x that at N

    Options:
      --files N     payload files of the first size (default 10000)
      --quick       one size, one run per step, no target checks (CI smoke run)
      --json FILE   also write the measurements and targets as JSON
      --repeat R    runs per step, median reported (default 5; 1 with --quick)
      --threads T   threads for both engines (default CONTRACTKIT_THREADS or all cores)
      --keep        keep the temporary trees
      -h, --help    show this help
    """

  /// `CONTRACTKIT_THREADS` when set, else one per active core.
  static var defaultThreads: Int {
    if let text = ProcessInfo.processInfo.environment["CONTRACTKIT_THREADS"],
      let count = Int(text), count > 0
    {
      return count
    }
    return max(1, ProcessInfo.processInfo.activeProcessorCount)
  }

  init(_ arguments: [String]) throws {
    var rest = arguments[...]
    func value(_ flag: String) throws -> String {
      guard let next = rest.popFirst() else { throw BenchError("\(flag) needs a value") }
      return next
    }
    func count(_ flag: String) throws -> Int {
      let text = try value(flag)
      guard let number = Int(text), number > 0 else {
        throw BenchError("\(flag) needs a positive number, not '\(text)'")
      }
      return number
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--files": files = try count(argument)
      case "--quick": quick = true
      case "--json": jsonPath = try value(argument)
      case "--repeat": repeats = try count(argument)
      case "--threads": threads = try count(argument)
      case "--keep": keep = true
      case "--dir": directory = try value(argument)
      case "--round": round = try count(argument)
      case "--step":
        let name = try value(argument)
        guard let step = BenchStep(rawValue: name) else { throw BenchError("unknown step \(name)") }
        self.step = step
      case "-h", "--help": help = true
      default: throw BenchError("unknown argument '\(argument)'\n\n\(Self.usage)")
      }
    }
  }

  /// The sizes to measure.
  var sizes: [Int] { quick ? [files] : [files, files * 2] }

  /// Runs of each repeatable step.
  var runs: Int { repeats ?? (quick ? 1 : 5) }
}
