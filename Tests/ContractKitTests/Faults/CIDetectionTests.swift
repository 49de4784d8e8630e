import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// CI systems spell "this is CI" in many ways; any of them keeps `swift test` from writing
/// baselines (issue 22: `CI=yes` wrote 3 files).
@Suite("Faults: what counts as CI")
struct FaultCIDetectionTests {
  struct Card: Codable, Sendable { var title = "x" }

  @Test("any CI value but an empty text or a spelled-out no means CI",
        arguments: ["true", "1", "yes", "YES", "True", "on", "woodpecker", "github"])
  func onCI(_ value: String) throws {
    #expect(RunEnvironment.isCI(["CI": value]))
    let scenario = try Scenario()
    let verifier = ContractVerifier({
      try scenario.catalog(locales: ["en", "es"]) {
        try $0.register(Card.self, named: "Card", stub: { .init() })
      }
    }, environment: ["CONTRACTKIT_RECORD": "all", "CI": value])
    #expect(verifier.recordMode == .never)
    #expect(!FileManager.default.fileExists(atPath: scenario.baselines.path))
    #expect(DirectorySnapshot(scenario.directory.url).entries.isEmpty)
  }

  @Test("CI unset, empty or a no: recording is allowed",
        arguments: [nil, "", " ", "false", "FALSE", "0", "no", "off"] as [String?])
  func notCI(_ value: String?) {
    var environment = ["CONTRACTKIT_RECORD": "missing"]
    environment["CI"] = value
    #expect(!RunEnvironment.isCI(environment))
    #expect(ContractVerifier.recordMode(environment) == .missing)
  }

  @Test("CONTRACTKIT_RECORD_FORCE=1 still records on CI")
  func forced() {
    #expect(ContractVerifier.recordMode(
      ["CONTRACTKIT_RECORD": "all", "CI": "yes", "CONTRACTKIT_RECORD_FORCE": "1"]) == .all)
  }

  /// Issue 34.20: `check` kept pending results inside the tree under `CI=yes` or `on`, which
  /// the docs call CI. Every CI value keeps none there (and `CI=false` does).
  @Test("check keeps no pending results in the tree under any CI value",
        arguments: ["true", "1", "yes", "on", "woodpecker"])
  func noPendingOnCI(_ value: String) throws {
    let copy = try ReviewCopy()
    #expect(copy.run(["check"], environment: ["CI": value]).code == 1)
    #expect(!FileManager.default.fileExists(atPath: copy.pending.path), "CI=\(value)")
    #expect(try PendingStore.forRun(explicit: nil, environment: ["CI": value],
                                    files: copy.catalog.baselineFiles) == nil)
  }

  @Test("off CI (CI=false, 0, no, off) check keeps pending results beside the tree",
        arguments: ["false", "0", "no", "off"])
  func pendingOffCI(_ value: String) throws {
    let copy = try ReviewCopy()
    #expect(copy.run(["check"], environment: ["CI": value]).code == 1)
    #expect(FileManager.default.fileExists(atPath: copy.pending.path), "CI=\(value)")
  }
}
