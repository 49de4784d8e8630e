import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// `--fail-on error|warning|info` (and `--strict`, which is `--fail-on warning`) on every
/// command that reports: `check`, `report`, `diff` and `merge`.
@Suite("--fail-on on every reporting command")
struct FailOnTests {
  /// A copy of the sample tree with one text change and one field the baseline lacks:
  /// two infos a plain `check` lets pass.
  static func unrecordedCopy() throws -> SampleCopy {
    let copy = try SampleCopy()
    try copy.edit("WelcomeBannerViewModel/1.0.0/fr.json") { $0.set("/greeting", to: "Salut") }
    try copy.edit("UserProfileViewModel/1.1.0/de.json") { $0.set("/pronouns", to: nil) }
    return copy
  }

  @Test("check: --fail-on info fails on an added field and a text change; CI insists")
  func checkInfo() throws {
    let copy = try Self.unrecordedCopy()
    let baselines = ["--baselines", copy.baselines.path]
    let plain = runContracts(["check"] + baselines)
    #expect(plain.code == 0)
    #expect(plain.stdout.hasPrefix("contracts check: 0 errors, 0 warnings, 2 infos"))
    #expect(runContracts(["check", "--strict"] + baselines).code == 0)
    #expect(runContracts(["check", "--fail-on", "warning"] + baselines).code == 0)
    let strictest = runContracts(["check", "--fail-on", "info"] + baselines)
    #expect(strictest.code == 1)
    #expect(strictest.stdout.contains(
      "info  field-added  UserProfileViewModel 1.1.0 /pronouns in de (default): new field"))
    #expect(strictest.stdout.contains(
      "info  text-changed  WelcomeBannerViewModel 1.0.0 /greeting in fr (default)"))
    #expect(strictest.stdout.hasSuffix("""
      Run 'swift run contracts record' after an intended change; breaking changes need \
      --accept-breaking --reason "…".

      """))
    let json = runContracts(["check", "--fail-on=info", "--format", "json"] + baselines)
    #expect(json.code == 1)
    #expect(json.stdout.contains("\"gate\" : \"fail\""))
  }

  @Test("check: a warning fails with --strict and --fail-on warning only")
  func checkWarning() throws {
    let copy = try SampleCopy()
    try "# Baselines\n".write(to: copy.directory.path("Baselines.md"), atomically: true,
                              encoding: .utf8)
    let baselines = ["--baselines", copy.baselines.path]
    #expect(runContracts(["check"] + baselines).code == 0)
    #expect(runContracts(["check", "--strict"] + baselines).code == 1)
    #expect(runContracts(["check", "--fail-on", "warning"] + baselines).code == 1)
    #expect(runContracts(["check", "--fail-on", "error"] + baselines).code == 0)
  }

  @Test("report: --fail-on info turns the gate to FAIL")
  func report() throws {
    let copy = try Self.unrecordedCopy()
    let baselines = ["--baselines", copy.baselines.path]
    let plain = runContracts(["report"] + baselines)
    #expect(plain.code == 0)
    #expect(plain.stdout.hasPrefix("GATE: PASS\n"))
    let strictest = runContracts(["report", "--fail-on", "info"] + baselines)
    #expect(strictest.code == 1)
    #expect(strictest.stdout.hasPrefix("GATE: FAIL\n"))
  }

  @Test("diff: --fail-on info fails on a text change between two trees")
  func diff() throws {
    let old = try SampleCopy()
    let new = try SampleCopy()
    try new.edit("WelcomeBannerViewModel/1.0.0/fr.json") { $0.set("/greeting", to: "Salut") }
    let trees = [old.baselines.path, new.baselines.path]
    #expect(runContracts(["diff"] + trees).code == 0)
    #expect(runContracts(["diff"] + trees + ["--strict"]).code == 0)
    #expect(runContracts(["diff"] + trees + ["--fail-on", "info"]).code == 1)
  }

  @Test("merge: --fail-on applies to the merged findings, whatever the shards said")
  func merge() throws {
    let copy = try Self.unrecordedCopy()
    var paths: [String] = []
    for index in 1...2 {
      let path = copy.directory.path("shard\(index).json").path
      let result = runContracts([
        "check", "--baselines", copy.baselines.path, "--shard", "\(index)/2", "--format",
        "json", "--output", path,
      ])
      #expect(result.code == 0)
      paths.append(path)
    }
    #expect(runContracts(["merge"] + paths).code == 0)
    #expect(runContracts(["merge"] + paths + ["--strict"]).code == 0)
    let strictest = runContracts(["merge"] + paths + ["--fail-on", "info"])
    #expect(strictest.code == 1)
    #expect(strictest.stdout.hasPrefix("GATE: FAIL\n"))
  }

  @Test("--fail-on takes error, warning or info, and --strict cannot contradict it")
  func values() {
    let bad = runContracts(["check", "--fail-on", "notice"])
    #expect(bad.code == 2)
    #expect(bad.stderr.hasPrefix("""
      Error: The value 'notice' is invalid for '--fail-on <severity>' (values: error, \
      warning, info)

      """))
    let clash = runContracts(["report", "--strict", "--fail-on", "info"])
    #expect(clash.code == 2)
    #expect(clash.stderr.hasPrefix(
      "Error: '--strict' means '--fail-on warning'; it cannot go with '--fail-on info'\n"))
  }
}
