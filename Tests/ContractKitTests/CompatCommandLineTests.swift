import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime
import SampleContracts

/// `contracts compat` on the command line: its refs, its usage errors, its help, and the
/// type each contract records for the probe. (What it finds is in ``CompatTests``.)
@Suite("compat: the command line and the catalog's types")
struct CompatCommandLineTests {
  func run(_ arguments: [String]) -> (code: Int32, stdout: String, stderr: String) {
    var out = ""
    var err = ""
    let code = ContractsCommandLine.run(
      arguments: arguments, catalog: SampleCatalog.make, program: "app-contracts",
      stdout: { out += $0 }, stderr: { err += $0 })
    return (code, out, err)
  }

  @Test("--against takes every ref up to the next option, spaced or repeated")
  func refs() throws {
    let spaced = try Invocation.parse(["compat", "--against", "v1", "v2", "--format", "json"])
    let repeated = try Invocation.parse(["compat", "--against=v1", "--format=json", "--against", "v2"])
    guard case .run(let first) = spaced, case .run(let second) = repeated else {
      Issue.record("not a run")
      return
    }
    #expect(first.refs == ["v1", "v2"])
    #expect(first == second)
    #expect(first.format == .json)
  }

  @Test("compat without --against is a usage error, exit 2")
  func missingRefs() {
    let result = run(["compat"])
    #expect(result.code == 2)
    #expect(result.stderr == """
      Error: Missing expected option '--against <ref> ...'
      Usage: app-contracts compat [--baselines <dir>] --against <ref> ... [--format <format>] \
      [--output <file>] [--strict | --fail-on <severity>]
        See 'app-contracts compat --help' for more information.

      """)
  }

  @Test("report --compat needs --against, and compat takes no --compat")
  func compatFlag() throws {
    guard case .run(let invocation) = try Invocation.parse(["report", "--against", "v1", "--compat"])
    else {
      Issue.record("not a run")
      return
    }
    #expect(invocation.compat && invocation.against == "v1")
    #expect(throws: UsageError(message: "'--compat' needs '--against <ref>': the release to ask",
                               command: .report)) {
      try Invocation.parse(["report", "--compat"])
    }
    #expect(run(["compat", "--against", "v1", "--compat"]).stderr
      .hasPrefix("Error: Unknown option '--compat'"))
  }

  @Test("a ref that names no commit: exit 2 naming it")
  func unknownRef() {
    let result = run(["compat", "--against", "no-such-release-tag"])
    #expect(result.code == 2)
    #expect(result.stderr.hasPrefix("Error: git:no-such-release-tag: "))
  }

  @Test("the catalog keeps each contract's Swift type as Module.Type")
  func swiftTypes() throws {
    let catalog = try SampleCatalog.make()
    let typed = catalog.contracts.compactMap(\.swiftType)
    #expect(!typed.isEmpty)
    #expect(typed.allSatisfy { $0.hasPrefix("SampleContracts.") })
    let scenario = try Scenario()
    let own = try scenario.catalog { try $0.register(TodayOrderDTO.self, named: "Card", stub: { .init() }) }
    #expect(own.contract(named: "Card")?.swiftType == "ContractKitTests.TodayOrderDTO")
  }
}
