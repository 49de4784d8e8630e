import Dispatch
import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// FOSMVVM builds version-dependent models with `async` factories. Producers may be `async`,
/// run concurrently, and never block a thread of the cooperative pool, in the command line
/// and in both test integrations.
@Suite("Producers: async factories")
struct AsyncProducerTests {
  /// A factory as FOSMVVM writes one: `async`, building from the client's version, awaiting
  /// other tasks on the way.
  actor Factory {
    private(set) var built = 0

    func model(for version: SystemVersion, locale: String) async throws -> Data {
      built += 1
      // Work the factory awaits, as a database or another service would be: child tasks
      // that need threads of the cooperative pool to run.
      let parts = try await withThrowingTaskGroup(of: String.self) { group in
        for part in ["a", "b"] {
          group.addTask {
            try await Task.sleep(for: .milliseconds(5))
            return part
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }.sorted()
      }
      let since = version >= Scenario.v2 ? #", "badge": 3"# : ""
      return Data(#"{"parts": "\#(parts.joined())", "locale": "\#(locale)"\#(since)}"#.utf8)
    }
  }

  static func catalog(_ scenario: Scenario, factory: Factory) throws -> Catalog {
    try scenario.catalog(versions: [Scenario.v1, Scenario.v2], locales: ["en", "es", "de"]) {
      catalog in
      try catalog.register(wire: "Profile", variants: ["empty"]) { request in
        try await factory.model(for: request.version, locale: request.locale)
      }
    }
  }

  @Test("an async factory records and checks, its wire built from request.version")
  func recordAndCheck() throws {
    let scenario = try Scenario()
    let factory = Factory()
    try scenario.record(Self.catalog(scenario, factory: factory))
    #expect(try scenario.directory.read(".VersionedTestJSON/Profile/1.0.0/es.json")
      == "{\n  \"locale\" : \"es\",\n  \"parts\" : \"ab\"\n}\n")
    #expect(try scenario.directory.read(".VersionedTestJSON/Profile/1.1.0/en.empty.json")
      == "{\n  \"badge\" : 3,\n  \"locale\" : \"en\",\n  \"parts\" : \"ab\"\n}\n")
    let report = try scenario.check(Self.catalog(scenario, factory: factory))
    #expect(report.findings.isEmpty)
    let result = runContracts(["check"], catalog: { try Self.catalog(scenario, factory: factory) })
    #expect(result.code == 0, "\(result.stdout)\(result.stderr)")
    withExtendedLifetime(scenario) {}
  }

  @Test("the Swift Testing integration checks every case at once without blocking the pool")
  func concurrentCasesOnThePool() async throws {
    let scenario = try Scenario()
    let factory = Factory()
    try scenario.record(Self.catalog(scenario, factory: factory))
    var catalog = try Self.catalog(scenario, factory: factory)
    // A deadlock would show as every case timing out, not as a hung test run.
    catalog.producerTimeLimit = .seconds(20)
    let ready = catalog
    let verifier = ContractVerifier({ ready }, command: "swift run contracts", environment: [:])
    #expect(verifier.cases.count == 12)
    // Far more cases at once than the pool has threads: each waits suspended.
    let problems = await withTaskGroup(of: [ContractVerifier.Problem].self) { group in
      for contractCase in verifier.cases + verifier.cases {
        group.addTask { await verifier.problems(for: contractCase) }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    #expect(problems == [])
    #expect(await verifier.catalogProblems() == [])
    withExtendedLifetime(scenario) {}
  }

  @Test("a producer that bridges an async factory with a semaphore no longer deadlocks swift test")
  func semaphoreBridge() async throws {
    let scenario = try Scenario()
    let factory = Factory()
    var bridged = try scenario.catalog(locales: ["en", "es", "de", "fr"]) { catalog in
      try catalog.register(wire: "Bridged") { request in
        // What the issue's team wrote: a synchronous producer waiting for the factory.
        let box = BridgeBox()
        let done = DispatchSemaphore(value: 0)
        Task {
          box.set(try? await factory.model(for: request.version, locale: request.locale))
          done.signal()
        }
        done.wait()
        return box.data ?? Data()
      }
    }
    // The bridge's own `Task {}` needs a free thread of the pool, and it queues behind every
    // test this process has started: in a full suite it runs when most of them have ended
    // (about 450 s into a 500 s suite on 2 cores). The limit is the suite's, not the test's:
    // the wait is not a deadlock, and a slower machine must not turn it into one.
    bridged.producerTimeLimit = .seconds(1_800)
    let catalog = bridged
    // Recorded off the pool: a synchronous wait on a pool thread is what starves the bridge.
    let recorded = await WorkerPool.value { Result { try scenario.record(catalog) } }
    _ = try recorded.get()
    let verifier = ContractVerifier({ catalog }, environment: [:])
    let problems = await withTaskGroup(of: [ContractVerifier.Problem].self) { group in
      for contractCase in verifier.cases {
        group.addTask { await verifier.problems(for: contractCase) }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    #expect(problems == [])
    withExtendedLifetime(scenario) {}
  }

  @Test("CONTRACTKIT_RECORD records through async producers without blocking the pool")
  func recordingThroughTheVerifier() async throws {
    let scenario = try Scenario()
    let catalog = try Self.catalog(scenario, factory: Factory())
    let verifier = ContractVerifier({ catalog }, environment: ["CONTRACTKIT_RECORD": "missing"])
    let problems = await withTaskGroup(of: [ContractVerifier.Problem].self) { group in
      for contractCase in verifier.cases {
        group.addTask { await verifier.problems(for: contractCase) }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    #expect(problems == [])
    #expect(FileManager.default.fileExists(
      atPath: scenario.baselines.appendingPathComponent("Profile/1.1.0/de.empty.json").path))
  }
}

/// What a semaphore bridge hands from the task to the waiting producer.
private final class BridgeBox: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Data?

  var data: Data? { lock.withLock { stored } }

  func set(_ data: Data?) { lock.withLock { stored = data } }
}
