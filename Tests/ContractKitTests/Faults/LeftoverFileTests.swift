import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// Files beside the baselines that no contract owns: a killed `record`'s temporary files,
/// and payloads of locales, versions or contracts the catalog no longer has.
@Suite("Faults: leftover and unowned files")
struct FaultLeftoverFileTests {
  /// A process id that no process has (beyond Linux's and Darwin's largest).
  static let deadProcess: Int32 = 2_147_483_000

  @Test("a killed record's temporary files: check reports them, the next record removes them")
  func temporaryFiles() throws {
    let copy = try SampleCopy()
    let leftovers = [
      "SettingsViewModel/1.0.0/.en.json.\(Self.deadProcess).12345.tmp",
      "SettingsViewModel/1.0.0/.contract.json.\(Self.deadProcess).777.tmp",
    ]
    for path in leftovers { try copy.write("", to: path) }
    let document = ".Baselines.md.\(Self.deadProcess).99.tmp"
    try copy.directory.write("", to: document)
    // A running writer's temporary file is not a leftover: this process is running.
    let running = "SettingsViewModel/1.0.0/.es.json.\(getpid()).1.tmp"
    try copy.write("", to: running)
    let editorFile = "SettingsViewModel/1.0.0/.en.json.swp"
    try copy.write("", to: editorFile)

    let report = try Check(catalog: copy.catalog).run()
    #expect(report.findings.map(brief) == ["warning baselines-stale"])
    #expect(report.findings.first?.scope == .entry(leftovers[1]))
    let displayed = leftovers.sorted().map { copy.baselines.path + "/" + $0 }
      + [copy.directory.path(document).path]
    #expect(report.findings.first?.message == "3 temporary files left by an interrupted "
      + "record: \(displayed.joined(separator: ", ")); the next record removes them")

    let record = runContracts(["record", "--baselines", copy.baselines.path])
    #expect(record.code == 0, "\(record.stderr)")
    for path in leftovers {
      #expect(!FileManager.default.fileExists(atPath: copy.baselines.appendingPathComponent(path).path))
    }
    #expect(!FileManager.default.fileExists(atPath: copy.directory.path(document).path))
    for path in [running, editorFile] {
      #expect(FileManager.default.fileExists(atPath: copy.baselines.appendingPathComponent(path).path))
    }
    #expect(try Check(catalog: copy.catalog).run().findings.isEmpty)
  }

  @Test("the temporary file name rule: the writer's pid, and only that shape")
  func temporaryNames() {
    #expect(LeftoverTemporaryFile.processID(inName: ".en.json.123.456.tmp") == 123)
    #expect(LeftoverTemporaryFile.processID(inName: ".pt-BR.empty.json.9.18446744073709551615.tmp") == 9)
    for name in [".en.json.tmp", ".123.456.tmp", "en.json.1.2.tmp", ".en.json.x.2.tmp",
                 ".en.json.1.y.tmp", ".en.json.1.2.temp", ".en.json.0.2.tmp"]
    {
      #expect(LeftoverTemporaryFile.processID(inName: name) == nil, "\(name)")
    }
  }

  @Test("check parses files it does not own: a corrupt one is exit 2",
        arguments: ["SettingsViewModel/1.0.0/it.json", "SettingsViewModel/0.9.0/en.json",
                    "RetiredViewModel/1.0.0/en.json", "SettingsViewModel/1.0.0/en.retired.json",
                    "RetiredViewModel/1.0.0/contract.json"])
  func unownedFilesParsed(_ path: String) throws {
    let copy = try SampleCopy()
    try FileManager.default.createDirectory(
      at: copy.baselines.appendingPathComponent(path).deletingLastPathComponent(),
      withIntermediateDirectories: true)
    if path.hasSuffix("contract.json") {
      try copy.write("{}\n", to: "RetiredViewModel/1.0.0/en.json")
    }
    try copy.write("{\"title\": \"Ciao\",}", to: path)
    for command in ["check", "record"] {
      let result = runContracts([command, "--baselines", copy.baselines.path])
      #expect(result.code == 2, "\(command): \(result.stdout)")
      #expect(result.stderr == "Error: \(copy.baselines.path)/\(path):1:17: trailing comma "
        + "before '}' (byte offset 16)\n", "\(command)")
    }
    // Valid, it is reported as what it is, never silently.
    try copy.write(path.hasSuffix("contract.json")
      ? try copy.read("SettingsViewModel/1.0.0/contract.json") : "{\"title\": \"Ciao\"}\n",
      to: path)
    let report = try Check(catalog: copy.catalog).run()
    #expect(!report.findings.isEmpty)
  }
}
