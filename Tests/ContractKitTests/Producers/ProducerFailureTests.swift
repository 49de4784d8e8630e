import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// A producer that throws or never returns is one `encoding-failed` finding for its case:
/// every other case is still checked, and every report is still written.
@Suite("Producers: failures are findings")
struct ProducerFailureTests {
  struct FactoryDown: Error, CustomStringConvertible {
    var description: String { "the factory's database is down" }
  }

  /// `Card` fails in `es` only once `broken`; `Other` changes a value.
  static func catalog(_ scenario: Scenario, broken: Bool) throws -> Catalog {
    try scenario.catalog(locales: ["en", "es"]) { catalog in
      try catalog.register(wire: "Card") { request in
        if broken && request.locale == "es" { throw FactoryDown() }
        return Data(#"{"title": "A"}"#.utf8)
      }
      try catalog.register(wire: "Other") { _ in Data(#"{"count": \#(broken ? 2 : 1)}"#.utf8) }
    }
  }

  @Test("a throwing producer is encoding-failed for its case; the rest is checked, --output written")
  func throwingProducer() throws {
    let scenario = try Scenario()
    try scenario.record(Self.catalog(scenario, broken: false))
    let broken = try Self.catalog(scenario, broken: true)
    let report = try scenario.check(broken)
    #expect(briefs(report) == [
      "error encoding-failed Card 1.0.0 es default",
      "info value-changed Other 1.0.0 en default /count",
      "info value-changed Other 1.0.0 es default /count",
    ])
    let failure = try #require(report.findings.first { $0.kind == .encodingFailed })
    #expect(failure.message == "cannot be encoded: the factory's database is down")
    #expect(failure.remedy(command: "swift run app-contracts") == "Fix the stub, the producer or "
      + "its encoder so that this case encodes; every other case was still checked. Recording "
      + "cannot fix this.")
    let output = scenario.directory.path("report.json")
    let result = runContracts(["check", "--format", "json", "--output", output.path],
                              catalog: { broken })
    #expect(result.code == 1)
    #expect(result.stderr == "")
    let json = try String(contentsOf: output, encoding: .utf8)
    #expect(json.contains(#""kind" : "encoding-failed""#))
    #expect(json.contains(#""kind" : "value-changed""#))
  }

  @Test("record writes every case that encodes and reports the one that does not")
  func recordGoesOn() throws {
    let scenario = try Scenario()
    let outcome = try Record(catalog: Self.catalog(scenario, broken: true)).run()
    #expect(!outcome.refused)
    // Card's contract.json waits for a record in which every case encodes.
    #expect(outcome.written.sorted() == [
      "Baselines.md", "Card/1.0.0/en.json",
      "Other/1.0.0/contract.json", "Other/1.0.0/en.json", "Other/1.0.0/es.json",
    ])
    #expect(outcome.remaining.map(brief) == ["error encoding-failed Card 1.0.0 es default"])
  }

  @Test("a producer that never returns is encoding-failed naming its case, within the time limit")
  func producerTimeLimit() throws {
    let scenario = try Scenario()
    var catalog = try scenario.catalog(locales: ["en", "es"]) { catalog in
      try catalog.register(wire: "Stuck") { _ in
        Thread.sleep(forTimeInterval: 3_600)
        return Data("{}".utf8)
      }
      try catalog.register(wire: "Waiting") { _ in
        try await Task.sleep(for: .seconds(3_600))
        return Data("{}".utf8)
      }
      try catalog.register(wire: "Fine") { _ in Data(#"{"a": 1}"#.utf8) }
    }
    catalog.producerTimeLimit = .milliseconds(300)
    let started = Date()
    let report = try scenario.check(catalog)
    #expect(Date().timeIntervalSince(started) < 30)
    #expect(briefs(report, excluding: [.baselineMissing, .baselinesStale]) == [
      "error encoding-failed Stuck 1.0.0 en default",
      "error encoding-failed Stuck 1.0.0 es default",
      "error encoding-failed Waiting 1.0.0 en default",
      "error encoding-failed Waiting 1.0.0 es default",
    ])
    let messages = report.findings.filter { $0.contract == "Stuck" && $0.kind == .encodingFailed }
      .map(\.message)
    #expect(messages == [
      "cannot be encoded: the producer did not return within 0.3 s (a factory that never "
        + "finishes, or a wait for something that never comes?)",
      "cannot be encoded: not produced: the producer did not return for Stuck 1.0.0 en "
        + "default within 0.3 s, and it is not called again",
    ])
    #expect(report.findings.contains { $0.kind == .baselineMissing && $0.contract == "Fine" })
  }

  @Test("async producers that block their threads are blamed alone; every other async producer still runs")
  func blockingAsyncProducers() async throws {
    let scenario = try Scenario()
    // As many blockers as producer threads to begin with (two on two cores), each holding
    // its thread the way a semaphore bridge does.
    let blockers = max(2, ProcessInfo.processInfo.activeProcessorCount)
    let gate = DispatchSemaphore(value: 0)
    defer { for _ in 0..<(blockers * 2) { gate.signal() } }
    @Sendable func blockThread() { gate.wait() }
    var catalog = try scenario.catalog(locales: ["en", "es"]) { catalog in
      for index in 0..<blockers {
        try catalog.register(wire: "Blocking\(index)") { (_: WireRequest) async throws -> Data in
          blockThread()
          return Data("{}".utf8)
        }
      }
      for index in 0..<4 {
        try catalog.register(wire: "Fine\(index)") { (request: WireRequest) async throws -> Data in
          Data(#"{"locale": "\#(request.locale)"}"#.utf8)
        }
      }
    }
    catalog.producerTimeLimit = .seconds(2)
    let checked = catalog
    // Checked off the pool: the test holds no thread that other tests' tasks need.
    let report = try await offThePool { try scenario.check(checked) }
    #expect(briefs(report, excluding: [.baselineMissing, .baselinesStale])
      == (0..<blockers).flatMap { index in
        ["en", "es"].map { "error encoding-failed Blocking\(index) 1.0.0 \($0) default" }
      })
    #expect(report.findings.filter { $0.kind == .baselineMissing }.compactMap(\.contract).sorted()
      == ["Fine0", "Fine0", "Fine1", "Fine1", "Fine2", "Fine2", "Fine3", "Fine3"])
  }
}
