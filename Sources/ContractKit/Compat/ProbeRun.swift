import ContractKitRuntime
import Foundation

/// One release's probe run over today's payloads: what its own decoder rejects, case by
/// case, and what the app's code does to the process while decoding.
///
/// The probe writes what it finds to a results file of its own (``DecoderProbe``), so the
/// app's code may print anything. Each decode may take ``timeLimit`` seconds: a decoder
/// that never returns is stopped (with everything it started), one that crashes or exits
/// ends the run; either way the case it was decoding is a failure naming the signal, the
/// exit status or the time limit, and the probe runs again from the next case.
struct ProbeRun {
  let executable: URL
  /// The ref as given, for messages.
  let ref: String
  /// Seconds one decode may take (`CONTRACTKIT_COMPAT_DECODE_SECONDS`).
  let timeLimit: Double
  /// A folder for the run's input and results files.
  let scratch: URL

  /// One payload the probe is given.
  struct Case: Encodable {
    let contract, locale, variant, payload: String
  }

  /// One payload the release failed to decode.
  struct Failure: Equatable {
    let contract, locale, variant, path, message: String
  }

  /// What a run found: the contracts whose types the probe has, and the failures.
  struct Outcome {
    let known: Set<String>
    let failures: [Failure]
  }

  /// Decodes every case with the decoder `decoders` declares for its contract.
  /// - Throws: ``InputError`` (exit 2) naming the ref when the probe fails before it
  ///   decodes anything (it cannot start, or cannot read its input).
  func run(_ cases: [Case], decoders: [String: DecoderDeclaration]) throws(InputError)
    -> Outcome
  {
    let token = "\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    let input = scratch.appendingPathComponent(".probe-\(token).input").path
    let results = scratch.appendingPathComponent(".probe-\(token).results").path
    defer {
      unlink(input)
      unlink(results)
    }
    let document: JSONValue = .object([
      "cases": .array(cases.map { item in
        .object(["contract": .string(item.contract), "locale": .string(item.locale),
                 "variant": .string(item.variant), "payload": .string(item.payload)])
      }),
      "decoders": .object(decoders.mapValues(\.json)),
    ])
    if let problem = AtomicFile.writeNew(CanonicalJSON.encode(document), at: input) {
      throw InputError(file: input, reason: "cannot be written: \(problem)")
    }
    var known: Set<String> = []
    var failures: [Failure] = []
    var first = 0
    while true {
      unlink(results)
      guard FileManager.default.createFile(atPath: results, contents: nil) else {
        throw InputError(file: results, reason: "cannot be created")
      }
      var process = ChildProcess([executable.path, input, results, String(first)],
                                 in: scratch, timeLimit: timeLimit)
      process.progress = results
      let outcome = try process.run()
      let records = Self.records(at: results, cases: cases.count)
      known.formUnion(records.types)
      failures += records.failures.map { index, path, message in
        let item = cases[index]
        return Failure(contract: item.contract, locale: item.locale, variant: item.variant,
                       path: path, message: message)
      }
      // Every payload has its outcome: how the process ended after that is not the
      // release's decoding.
      if records.done { break }
      if let index = records.unfinished {
        // The case the decoder was in when the run ended: a `start` without its outcome.
        let item = cases[index]
        failures.append(Failure(contract: item.contract, locale: item.locale,
                                variant: item.variant, path: "", message: reason(outcome.ending)))
        first = index + 1
      } else if let last = records.last, last >= first {
        first = last + 1
      } else {
        throw InputError(file: "git:\(ref)", reason: "its decoder probe \(executable.path) "
          + "ended with \(outcome.ending) before it decoded anything: "
          + (outcome.error.split(separator: "\n").first.map(String.init) ?? "no message"))
      }
      if first >= cases.count { break }
    }
    return Outcome(known: known, failures: failures)
  }

  /// What the decoder did to the process, as a finding says it.
  private func reason(_ ending: ChildProcess.Ending) -> String {
    switch ending {
    case .signaled(let signal):
      "its decoder crashed with \(ChildProcess.Ending.signaled(signal)) while decoding it"
    case .timedOut:
      "its decoder did not return within \(Self.seconds(timeLimit)) "
        + "(CONTRACTKIT_COMPAT_DECODE_SECONDS), and was stopped"
    case .exited(let status):
      "its decoder ended the process with exit status \(status) while decoding it"
    }
  }

  /// `5 seconds`, `0.5 seconds`.
  static func seconds(_ value: Double) -> String {
    (value == value.rounded() ? "\(Int(value))" : "\(value)") + (value == 1 ? " second" : " seconds")
  }

  /// What the results file says: a torn last line (a crash mid-write) is no record, nor is
  /// an index that names no case.
  private static func records(at path: String, cases count: Int) -> (
    types: [String], failures: [(Int, String, String)], unfinished: Int?, last: Int?, done: Bool
  ) {
    let bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
    var types: [String] = []
    var failures: [(Int, String, String)] = []
    var unfinished: Int?
    var last: Int?
    var done = false
    for line in bytes.split(separator: 10) {
      guard let record = try? JSONParser.parse(line, file: path) else { continue }
      func index(_ key: String) -> Int? {
        guard case .number(let number)? = record[key], let index = Int(number.description),
          (0..<count).contains(index)
        else { return nil }
        return index
      }
      if case .array(let names)? = record["types"] { types += names.compactMap(\.stringValue) }
      if let start = index("start") {
        unfinished = start
        last = start
      }
      if index("ok") != nil { unfinished = nil }
      if let fail = index("fail") {
        unfinished = nil
        failures.append((fail, record["path"]?.stringValue ?? "",
                         record["message"]?.stringValue ?? ""))
      }
      if record["done"] == .bool(true) { done = true }
    }
    return (types, failures, unfinished, last, done)
  }
}
