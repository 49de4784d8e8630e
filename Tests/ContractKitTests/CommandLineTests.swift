import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// The command line, parsed in memory and run end to end: help, usage errors, exit codes.
@Suite("Command line")
struct CommandLineTests {
  struct UsageCase: CustomTestStringConvertible, Sendable {
    let arguments: [String]
    let message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let usageCases = [
    UsageCase(arguments: [], message: "Error: Missing command"),
    UsageCase(arguments: ["chek"], message: "Error: Unknown command 'chek'. Did you mean 'check'?"),
    UsageCase(arguments: ["check", "--frmat", "json"],
              message: "Error: Unknown option '--frmat'. Did you mean '--format'?"),
    UsageCase(arguments: ["check", "--format", "yaml"],
              message: "Error: The value 'yaml' is invalid for '--format <format>' "
                + "(values: text, markdown, json, junit, github, html)"),
    UsageCase(arguments: ["check", "--baselines"],
              message: "Error: Missing value for '--baselines <dir>'"),
    UsageCase(arguments: ["check", "--shard", "3/2"],
              message: "Error: shard 3/2 is not valid: use I/N with 1 ≤ I ≤ N"),
    UsageCase(arguments: ["diff", "a"], message: "Error: Missing expected argument '<new-dir>' "
      + "(only a git:REF tree can go alone: it is compared with the working tree's)"),
    UsageCase(arguments: ["diff", "a", "b", "c"], message: "Error: 1 unexpected arguments: 'c'"),
    UsageCase(arguments: ["record", "--accept-breaking"],
              message: "Error: '--accept-breaking' needs '--reason <text>' saying why"),
    UsageCase(arguments: ["record", "--reason", "x"],
              message: "Error: '--reason' only goes with '--accept-breaking'"),
    UsageCase(arguments: ["merge"], message: "Error: Missing expected argument '<report.json> ...'"),
    UsageCase(arguments: ["check", "--strict=yes"], message: "Error: '--strict' takes no value"),
    // An empty value would mean the working directory: `record --baselines=` wrote there.
    UsageCase(arguments: ["record", "--baselines="],
              message: "Error: The value for '--baselines <dir>' is empty"),
    UsageCase(arguments: ["record", "--baselines", ""],
              message: "Error: The value for '--baselines <dir>' is empty"),
    UsageCase(arguments: ["check", "--output="],
              message: "Error: The value for '--output <file>' is empty"),
    UsageCase(arguments: ["check", "--format="],
              message: "Error: The value for '--format <format>' is empty"),
    UsageCase(arguments: ["check", "--shard="],
              message: "Error: The value for '--shard <i/n>' is empty"),
    UsageCase(arguments: ["record", "--accept-breaking", "--reason="],
              message: "Error: The value for '--reason <text>' is empty"),
    UsageCase(arguments: ["diff", "", "new"], message: "Error: An empty argument is not a path"),
    UsageCase(arguments: ["merge", "a.json", ""], message: "Error: An empty argument is not a path"),
  ]

  @Test("usage errors exit 2 with a message, the usage line and where to get help",
        arguments: usageCases)
  func usageErrors(_ usage: UsageCase) {
    let result = runContracts(usage.arguments)
    #expect(result.code == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix(usage.message + "\n"))
    #expect(result.stderr.contains("\nUsage: contracts"))
    #expect(result.stderr.hasSuffix("--help' for more information.\n"))
  }

  @Test("every command has --help on stdout with exit 0", arguments: Invocation.Command.allCases)
  func help(_ command: Invocation.Command) {
    let result = runContracts([command.rawValue, "--help"])
    #expect(result.code == 0)
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.hasPrefix("OVERVIEW: "))
    #expect(result.stdout.contains("\nUSAGE: contracts \(command.rawValue)"))
    #expect(runContracts(["help", command.rawValue]).stdout == result.stdout)
  }

  @Test("--version prints the version alone")
  func version() {
    #expect(runContracts(["--version"]).stdout == "\(HelpText.version)\n")
  }

  @Test("--label=value and --label value parse alike")
  func optionForms() throws {
    let spaced = try Invocation.parse(["check", "--format", "json", "--shard", "1/2", "--strict"])
    let joined = try Invocation.parse(["check", "--format=json", "--shard=1/2", "--strict"])
    #expect(spaced == joined)
    guard case .run(let invocation) = spaced else { Issue.record("not a run"); return }
    #expect(invocation.format == .json && invocation.shard == "1/2" && invocation.strict)
  }

  @Test("a --baselines directory that does not exist is exit 2, naming it")
  func missingBaselineDirectory() {
    let result = runContracts(["check", "--baselines", "/nonexistent/contracts"])
    #expect(result.code == 2)
    #expect(result.stderr == "Error: /nonexistent/contracts: no such baseline directory\n")
  }

  @Test("record --baselines= writes nothing in the working directory")
  func emptyBaselinesWritesNothing() throws {
    let directory = try TemporaryDirectory()
    let before = DirectorySnapshot(directory.url)
    let result = try ContractsProcess.run(["record", "--baselines="], in: directory.url)
    #expect(result.code == 2)
    #expect(DirectorySnapshot(directory.url) == before)
  }

  @Test("--baselines naming a package root, not its tree, is exit 2 naming the tree inside")
  func packageRootAsBaselines() throws {
    let copy = try SampleCopy()
    try copy.directory.write("// swift-tools-version:6.0\n", to: "Package.swift")
    for command in ["check", "record", "report"] {
      let result = runContracts([command, "--baselines", copy.directory.url.path])
      #expect(result.code == 2, "\(command)")
      #expect(result.stderr == "Error: \(copy.directory.url.path): is not a baseline tree: it "
        + "holds no contract folder (<Contract>/<major.minor.patch>/<locale>.json); it contains "
        + "the baseline tree \(copy.baselines.path): name that instead\n", "\(command)")
    }
  }

  @Test("every kind of error exits 2 with its own words, control characters escaped")
  func troubleByType() {
    let cases: [(any Error, String)] = [
      (InputError(file: "a\nb.json", line: 1, column: 2, reason: "bad\u{1B}[0m"),
       #"Error: a\nb.json:1:2: bad\u{1B}[0m"# + "\n"),
      (OutputError(destination: "out.txt", reason: "No space left on device"),
       "Error: cannot write to out.txt: No space left on device\n"),
      (BaselineLayoutError(directory: "t", violations: [.init(path: "t/a b", rule: "r")]),
       "Error: t does not fit the baseline layout (<Contract>/<major.minor.patch>/"
         + "<locale>[.<variant>].json); rename, move or delete this entry:\n  t/a b: r\n"),
      (EncodingFailure(contractCase: ContractCase("Card", "1.0.0", "en"), reason: "NaN"),
       "Error: Card 1.0.0 en default cannot be encoded: NaN\n"),
      (CatalogError.invalidDeclaration("no versions"),
       "Error: the catalog cannot be built: no versions\n"),
    ]
    for (error, message) in cases {
      let (code, text) = ExitStatus.trouble(error, command: .check)
      #expect(code == 2)
      #expect(text == message)
    }
  }

  @Test("a corrupt copied baseline is exit 2, naming the file and byte offset")
  func corruptBaseline() throws {
    let copy = try SampleCopy()
    try copy.write("{\n  \"title\" : \"Panel\",\n", to: "DashboardViewModel/1.0.0/es.json")
    let result = runContracts(["check", "--baselines", copy.baselines.path])
    #expect(result.code == 2)
    #expect(result.stderr.contains("DashboardViewModel/1.0.0/es.json:3:1:"))
    #expect(result.stderr.contains("unexpected end of file inside an object (byte offset 23)"))
  }

  @Test("check writes the report to --output and nothing to stdout")
  func outputFile() throws {
    let copy = try SampleCopy()
    let output = copy.directory.path("report.json")
    let result = runContracts([
      "check", "--baselines", copy.baselines.path, "--format", "json", "--output", output.path,
    ])
    #expect(result.code == 0 && result.stdout.isEmpty)
    let report = try JSONParser.parse(Array(try Data(contentsOf: output)), file: "report.json")
    #expect(report["summary"]?["gate"] == "pass")
    #expect(report["summary"]?["baselines"] == 624)
    #expect(report["findings"] == [])
  }

  @Test("report on the sample catalog: GATE: PASS, required bump minor (2.0.0 → unreleased 2.1.0)")
  func releaseGate() throws {
    let copy = try SampleCopy()
    let result = runContracts(["report", "--baselines", copy.baselines.path])
    #expect(result.code == 0)
    #expect(result.stdout.hasPrefix("""
      GATE: PASS
      Required bump: minor (compared each of 1.0.0, 1.1.0, 2.0.0, 2.1.0 with its baselines; \
      2.1.0 with 2.0.0)

      """))
    let json = runContracts(["report", "--baselines", copy.baselines.path, "--format", "json"])
    #expect(json.stdout.contains("\"requiredBump\" : \"minor\""))
  }

  @Test("sharded JSON reports merge into the unsharded verdict")
  func shardsMerge() throws {
    let copy = try SampleCopy()
    try copy.edit("SettingsViewModel/1.0.0/de.json") { $0.set("/legacy", to: true) }
    try copy.edit("SignInViewModel/2.0.0/ja.json") { $0.set("/title", to: "x") }
    var paths: [String] = []
    var contracts = 0
    for index in 1...3 {
      let path = copy.directory.path("shard\(index).json").path
      let result = runContracts([
        "check", "--baselines", copy.baselines.path, "--shard", "\(index)/3", "--format", "json",
        "--output", path,
      ])
      #expect(result.code == 0 || result.code == 1)
      paths.append(path)
      let report = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))),
                                        file: path)
      if case .number(let count)? = report["summary"]?["contracts"] { contracts += Int(count.canonical) ?? 0 }
    }
    #expect(contracts == 20)
    let merged = runContracts(["merge"] + paths + ["--format", "json"])
    let whole = runContracts(["check", "--baselines", copy.baselines.path, "--format", "json"])
    #expect(merged.code == whole.code)
    #expect(merged.code == 1)
    let mergedReport = try JSONParser.parse(Array(merged.stdout.utf8), file: "merged")
    let wholeReport = try JSONParser.parse(Array(whole.stdout.utf8), file: "whole")
    #expect(mergedReport["summary"]?["gate"] == wholeReport["summary"]?["gate"])
    #expect(mergedReport["summary"]?["errors"] == wholeReport["summary"]?["errors"])
    #expect(mergedReport["findings"]?.arrayCount == wholeReport["findings"]?.arrayCount)
  }

  @Test("the built binary: check exits 0 on the committed tree; findings exit 1")
  func endToEnd() throws {
    let copy = try SampleCopy()
    #expect(try runBinary(["check", "--baselines", copy.baselines.path]).code == 0)
    try copy.edit("WelcomeBannerViewModel/1.0.0/fr.json") { $0.set("/greeting", to: "Salut") }
    let changed = try runBinary(["check", "--baselines", copy.baselines.path, "--format", "github"])
    #expect(changed.code == 0)  // a changed translation is info
    #expect(changed.stdout.contains(
      "::notice file=\(copy.baselines.path)/WelcomeBannerViewModel/1.0.0/fr.json,line=2,"
        + "title=text-changed::"))
    try copy.edit("WelcomeBannerViewModel/1.0.0/fr.json") { $0.set("/banner", to: "x") }
    #expect(try runBinary(["check", "--baselines", copy.baselines.path]).code == 1)
  }
}

extension JSONValue {
  var arrayCount: Int? {
    if case .array(let items) = self { return items.count }
    return nil
  }
}
