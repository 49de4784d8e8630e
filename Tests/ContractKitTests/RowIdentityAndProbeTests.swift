import Foundation
import Synchronization
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// Rows matched by an identity hint in any shape (issue 21.4), and instability seen in
/// every locale (issue 22.3).
@Suite("Rows by identity, and the probe in every locale")
struct RowIdentityAndProbeTests {
  static func rows(_ ids: [Int], names: [String]? = nil) -> JSONValue {
    ["line_items": .array(ids.enumerated().map { offset, id in
      ["id": .number(JSONNumber(id)), "product_name": .string(names?[offset] ?? "item \(id)")]
    })]
  }

  static func catalog(_ scenario: Scenario, _ payload: @escaping @Sendable () -> JSONValue)
    throws -> Catalog
  {
    try scenario.catalog(locales: ["en"]) { catalog in
      try catalog.register(wire: "Order", hints: [.identity("/line_items/*/id")]) { _ in
        Data(CanonicalJSON.encode(payload()))
      }
    }
  }

  @Test("a pure reorder of rows with an identity hint is no finding, in check and in diff")
  func reorder() throws {
    let scenario = try Scenario()
    try scenario.record(Self.catalog(scenario) { Self.rows([1, 2, 3, 4]) })
    let old = try copyTree(scenario.baselines, into: scenario.directory, as: "old")
    let reordered = try Self.catalog(scenario) { Self.rows([3, 1, 4, 2]) }
    #expect(briefs(try scenario.check(reordered)) == [])
    try scenario.record(reordered)
    #expect(briefs(try TreeDiff(old: old, new: scenario.baselines).run()) == [])
  }

  @Test("a changed id is identity-changed at that row only, check and diff agreeing")
  func changedId() throws {
    let scenario = try Scenario()
    try scenario.record(Self.catalog(scenario) { Self.rows([1, 2, 3]) })
    let old = try copyTree(scenario.baselines, into: scenario.directory, as: "old")
    // Row 2 becomes 9 and the rows move: only that row's id changed.
    let changed = try Self.catalog(scenario) {
      Self.rows([3, 9, 1], names: ["item 3", "item 2", "item 1"])
    }
    let check = try scenario.check(changed)
    #expect(briefs(check) == ["error identity-changed Order 1.0.0 en default /line_items/1/id"])
    _ = try Record(catalog: changed, acceptBreakingReason: "ids re-keyed").run()
    let diff = try TreeDiff(old: old, new: scenario.baselines).run()
    #expect(briefs(diff) == briefs(check))
  }

  /// A producer that gives A while recording, then alternates B, A, B… for one locale.
  final class Alternating: Sendable {
    let calls = Mutex(0)
    let alternates = Mutex(false)

    func payload(_ request: WireRequest) -> JSONValue {
      guard request.locale == "de", alternates.withLock({ $0 }) else { return ["n": "A"] }
      let call = calls.withLock { count in
        count += 1
        return count
      }
      return ["n": call % 2 == 1 ? "B" : "A"]
    }
  }

  @Test("a producer alternating outside the base locale is volatile-value, and record refuses it")
  func alternatingInOtherLocale() throws {
    let scenario = try Scenario()
    let producer = Alternating()
    let catalog = try scenario.catalog(locales: ["en", "de"]) { catalog in
      try catalog.register(wire: "Flaky") { request in
        Data(CanonicalJSON.encode(producer.payload(request)))
      }
    }
    try scenario.record(catalog)
    producer.alternates.withLock { $0 = true }
    for _ in 0..<3 {
      // Each run starts on B, which differs from the recorded A: both productions compare.
      producer.calls.withLock { $0 = 0 }
      #expect(briefs(try scenario.check(catalog)) == [
        "error volatile-value Flaky 1.0.0 de default /n",
        "info value-changed Flaky 1.0.0 de default /n",
      ])
      producer.calls.withLock { $0 = 0 }
      let outcome = try Record(catalog: catalog).run()
      #expect(outcome.refused && outcome.written.isEmpty)
      #expect(outcome.breaking.map(brief) == ["error volatile-value Flaky 1.0.0 de default /n"])
    }
  }
}
