import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// Output is byte-identical across runs, hash seeds and machines.
///
/// The Swift runtime seeds `Hasher` randomly in every process unless
/// `SWIFT_DETERMINISTIC_HASHING` is set, so dictionary and set order differs between two
/// processes: anything that leaks that order into a file or a report shows up as a
/// difference between two runs of the built binary, one with a random seed and one without.
@Suite("Faults: determinism", .serialized)
struct FaultDeterminismTests {
  static let hashing = "SWIFT_DETERMINISTIC_HASHING"

  /// Two process setups that differ in everything that must not matter.
  static let setups: [(name: String, environment: [String: String], removing: Set<String>)] = [
    ("random hash seed, 1 thread", ["CONTRACTKIT_THREADS": "1"], [hashing]),
    ("deterministic hashing, 3 threads", [hashing: "1", "CONTRACTKIT_THREADS": "3"], []),
  ]

  @Test("record into two fresh directories under different hash seeds writes identical bytes")
  func recordIsDeterministic() throws {
    var snapshots: [DirectorySnapshot] = []
    for (index, setup) in Self.setups.enumerated() {
      let directory = try TemporaryDirectory()
      let baselines = directory.path(BaselineLayout.directoryName)
      let result = try ContractsProcess.run(
        ["record", "--baselines", baselines.path],
        in: index == 0 ? URL(fileURLWithPath: "/") : directory.url,
        environment: setup.environment, removing: setup.removing)
      try #require(result.code == 0, "\(setup.name): \(result.stdout)\(result.stderr)")
      snapshots.append(DirectorySnapshot(directory.url))
    }
    #expect(snapshots[0].entries.count > 300)
    #expect(snapshots[0].entries["Baselines.md"] != nil)
    #expect(snapshots[0] == snapshots[1],
            "trees differ:\n\(snapshots[1].differences(from: snapshots[0]))")
  }

  @Test("check, report and diff print identical bytes across runs and hash seeds, in every format")
  func reportsAreDeterministic() throws {
    let copy = try SampleCopy()
    let pristine = try TemporaryDirectory()
    let old = try copyTree(copy.baselines, into: pristine, as: "old")
    try damage(copy)

    let path = copy.baselines.path
    let commands: [[String]] = ["text", "json", "markdown", "junit", "github"].map { format in
      ["check", "--baselines", path, "--format", format]
    } + [["diff", old.path, path, "--format", "json"],
         ["diff", old.path, path, "--format", "text"],
         ["report", "--baselines", path, "--format", "json"]]
    for command in commands {
      let outputs = try Self.setups.map { setup in
        try ContractsProcess.run(command, environment: setup.environment, removing: setup.removing)
      }
      #expect(outputs[0].code != 2, "\(command): \(outputs[0].stderr)")
      #expect(outputs[0].code == outputs[1].code && outputs[0].stderr == outputs[1].stderr)
      #expect(outputs[0].stdout == outputs[1].stdout,
              "\(command.joined(separator: " ")) differs:\n\(firstDifference(outputs[0].stdout, outputs[1].stdout))")
    }
  }

  @Test("the in-process check gives the same report with 1 thread and with 4")
  func threadsDoNotChangeReports() throws {
    let copy = try SampleCopy()
    try damage(copy)
    let one = try Check(catalog: copy.catalog, options: RunOptions(threads: 1)).run()
    let four = try Check(catalog: copy.catalog, options: RunOptions(threads: 4)).run()
    #expect(one.findings.count > 20)
    for format in [ReportFormat.json, .text, .markdown] {
      #expect(format.render(one) == format.render(four))
    }
  }

  /// Purpose-made changes across many contracts, locales and variants, so that reports hold
  /// many findings whose order could depend on scheduling or hashing.
  private func damage(_ copy: SampleCopy) throws {
    let files = jsonFiles(under: copy.baselines).filter { !$0.hasSuffix("/contract.json") }
    for (index, path) in files.enumerated() {
      switch index % 9 {
      case 0:
        try copy.edit(path) { value in
          guard case .object(let members) = value,
            let key = members.keys.filter({ $0 != "vmId" }).sorted(by: codePointOrder).last
          else { return }
          value.set("/" + key, to: nil)
        }
      case 3:
        try copy.edit(path) { $0.set("/zzAddedField", to: ["b": 1, "a": [true, nil]]) }
      case 5 where index % 2 == 1:
        try copy.remove(path)
      default:
        break
      }
    }
    try copy.write("{}\n", to: "Stray_1.0.0.json")
  }

  private func firstDifference(_ a: String, _ b: String) -> String {
    let left = a.split(separator: "\n", omittingEmptySubsequences: false)
    let right = b.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(left.count, right.count) {
      let l = index < left.count ? String(left[index]) : "<end>"
      let r = index < right.count ? String(right[index]) : "<end>"
      if l != r { return "line \(index + 1):\n- \(l)\n+ \(r)" }
    }
    return "(same lines)"
  }
}
