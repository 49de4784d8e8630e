import Foundation
import Synchronization
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// A check runs an app's synchronous producer on the thread of the contract's job; one that
/// never returns leaves that thread to it, and the job runs again on another, given back what
/// its producers returned (``JobWatch``). The findings are those of a producer that failed at
/// the same case, with the message that says it stalled.
/// What `Midway` is decoded with.
private struct Card: Codable {
  let title: String
}

@Suite("Producers: a stalled producer's job runs again")
struct ProducerStallTests {
  struct Refused: Error, CustomStringConvertible {
    var description: String { "refused" }
  }

  /// How many times each case's producer was called, by `Midway 1.1.0 es`.
  final class Calls: Sendable {
    private let counts = Mutex<[String: Int]>([:])
    private let handedOff = Mutex(0)

    func note(_ contract: String, _ request: WireRequest) {
      counts.withLock { $0["\(contract) \(request.version) \(request.locale)", default: 0] += 1 }
      // A check runs a synchronous producer on its job's thread, with no hand-off.
      if JobWatch.current == nil { handedOff.withLock { $0 += 1 } }
    }

    /// The calls made on another thread than a check's job.
    var elsewhere: Int { handedOff.withLock { $0 } }

    func of(_ contract: String) -> [String: Int] {
      counts.withLock { $0 }.filter { $0.key.hasPrefix(contract + " ") }
    }
  }

  static let yaml = Scenario.yaml + """

    fr:
      Card:
        title: "Résumé"
    """

  /// `Midway` answers every case but 1.1.0 `es`, where it never returns (`stalls`) or
  /// throws; `Fine` answers every case.
  static func catalog(_ scenario: Scenario, stalls: Bool, calls: Calls) throws -> Catalog {
    var catalog = try scenario.catalog(
      versions: [Scenario.v1, Scenario.v2], locales: ["en", "es", "fr"], yaml: Self.yaml
    ) { catalog in
      // Decoded as `Card`, its title is found by FOSMVVM's key rules: a lookup the coverage
      // counts.
      try catalog.register(wire: "Midway", decoding: Card.self) { request in
        calls.note("Midway", request)
        if request.version == Scenario.v2, request.locale == "es" {
          guard stalls else { throw Refused() }
          Thread.sleep(forTimeInterval: 3_600)
        }
        let title = ["en": "Weekly summary", "es": "Resumen semanal", "fr": "Résumé"][request.locale]!
        return Data(#"{"title": "\#(title)"}"#.utf8)
      }
      try catalog.register(wire: "Fine") { request in
        calls.note("Fine", request)
        return Data(#"{"count": 1}"#.utf8)
      }
    }
    catalog.producerTimeLimit = Duration.milliseconds(300)
    return catalog
  }

  @Test("a producer that stalls midway: the cases before keep what it made, called once; the rest are not called")
  func stallMidway() throws {
    let scenario = try Scenario()
    let calls = Calls()
    let report = try scenario.check(Self.catalog(scenario, stalls: true, calls: calls))
    #expect(briefs(report, excluding: [.baselineMissing, .baselinesStale]) == [
      "error encoding-failed Midway 1.1.0 es default",
      "error encoding-failed Midway 1.1.0 fr default",
    ])
    let messages: [String] = [
      "cannot be encoded: the producer did not return within 0.3 s (a factory that never "
        + "finishes, or a wait for something that never comes?)",
      "cannot be encoded: not produced: the producer did not return for Midway 1.1.0 es "
        + "default within 0.3 s, and it is not called again",
    ]
    #expect(report.findings.filter { $0.kind == .encodingFailed }.map(\.message) == messages)
    // Each case's producer was called once (the determinism probe calls a new payload's
    // twice): the second run of the job was given back the first one's payloads.
    let expected: [String: Int] = [
      "Midway 1.0.0 en": 2, "Midway 1.0.0 es": 2, "Midway 1.0.0 fr": 2,
      "Midway 1.1.0 en": 2, "Midway 1.1.0 es": 1,
    ]
    #expect(calls.of("Midway") == expected)
    #expect(calls.of("Fine").count == 6)
    #expect(calls.elsewhere == 0)
  }

  @Test("a stall reports what a producer failing at the same case reports, and counts coverage once")
  func stallAsFailure() throws {
    let scenario = try Scenario()
    let calls = Calls()
    let failing = try scenario.check(Self.catalog(scenario, stalls: false, calls: calls))
    let stalled = try scenario.check(Self.catalog(scenario, stalls: true, calls: calls))
    // A producer that throws is called again for the next case; one that stalled is not.
    #expect(briefs(failing, excluding: [.baselineMissing, .baselinesStale]) == [
      "error encoding-failed Midway 1.1.0 es default",
    ])
    let others = { (report: Report) in
      report.findings.filter { $0.kind != .encodingFailed && $0.locale != "fr" }
        .map(brief)
    }
    #expect(others(stalled) == others(failing))
    // Each text found once: 1.0.0's were not counted again when the job ran again.
    #expect(failing.coverage.map(\.resolved) == [2, 1, 2])
    #expect(stalled.coverage.map(\.resolved) == [2, 1, 1])
    #expect(stalled.coverage.map(\.fellBack) == [0, 0, 0])
  }

  @Test("a record with a stalled producer writes the cases before the stall, and no others")
  func recordAroundStall() throws {
    let scenario = try Scenario()
    let calls = Calls()
    let outcome = try Record(catalog: Self.catalog(scenario, stalls: true, calls: calls),
                             date: "2026-01-01").run()
    #expect(outcome.written.filter { $0.hasPrefix("Midway/") }.sorted() == [
      "Midway/1.0.0/contract.json", "Midway/1.0.0/en.json", "Midway/1.0.0/es.json",
      "Midway/1.0.0/fr.json", "Midway/1.1.0/en.json",
    ])
    #expect(outcome.remaining.map(brief) == [
      "error encoding-failed Midway 1.1.0 es default",
      "error encoding-failed Midway 1.1.0 fr default",
    ])
  }
}
