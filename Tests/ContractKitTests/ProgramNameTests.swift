import Foundation
import SampleContracts
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// The command line names the user's own executable, never `contracts`, in help, usage
/// errors and next steps.
@Suite("Command line: the user's own command name")
struct ProgramNameTests {
  /// Runs the command line over the sample catalog as the executable `app-contracts`.
  func run(_ arguments: [String], catalog: @escaping () throws -> Catalog = SampleCatalog.make)
    -> (code: Int32, stdout: String, stderr: String)
  {
    var out = ""
    var err = ""
    let code = ContractsCommandLine.run(
      arguments: arguments, catalog: catalog, program: "app-contracts",
      colored: false, environment: developerEnvironment, terminal: { nil },
      stdout: { out += $0 }, stderr: { err += $0 })
    return (code, out, err)
  }

  @Test("help and usage errors name the program")
  func helpAndUsage() {
    let help = run(["--help"])
    #expect(help.stdout.contains("\nUSAGE: app-contracts <subcommand>\n"))
    #expect(help.stdout.contains("See 'app-contracts help <subcommand>' for detailed help."))
    #expect(run(["diff", "--help"]).stdout.contains(
      "  swift run app-contracts diff git:v1.1.0\n"))
    #expect(run(["check", "--frmat", "json"]).stderr == """
      Error: Unknown option '--frmat'. Did you mean '--format'?
      Usage: app-contracts check [--baselines <dir>] [--format <format>] [--output <file>] \
      [--strict | --fail-on <severity>] [--min-coverage <percent>] [--shard <i/n>] \
      [--pending <dir>]
        See 'app-contracts check --help' for more information.

      """)
  }

  @Test("next steps after check and a refused record name 'swift run <program>'")
  func nextSteps() throws {
    let copy = try SampleCopy()
    try copy.edit("WelcomeBannerViewModel/1.0.0/fr.json") { $0.set("/banner", to: "x") }
    let check = run(["check", "--baselines", copy.baselines.path])
    #expect(check.code == 1)
    #expect(check.stdout.hasSuffix("""
      Run 'swift run app-contracts record' after an intended change; breaking changes need \
      --accept-breaking --reason "…".

      """))
    try copy.edit("WelcomeBannerViewModel/1.0.0/fr.json") { $0.set("/banner", to: nil) }
    try copy.edit("WelcomeBannerViewModel/1.0.0/fr.json") { $0.set("/legacy", to: "x") }
    let record = run(["record", "--baselines", copy.baselines.path])
    #expect(record.code == 1)
    #expect(record.stdout.hasSuffix("""
      If the break is intended, run: swift run app-contracts record --accept-breaking \
      --reason "…"

      """))
  }

  @Test("the built binary names itself after its executable file")
  func argumentZero() throws {
    let directory = try TemporaryDirectory()
    let renamed = directory.path("app-contracts")
    try FileManager.default.copyItem(at: contractsExecutable, to: renamed)
    let process = Process()
    process.executableURL = renamed
    process.arguments = ["record", "--help"]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(String(decoding: data, as: UTF8.self).contains(
      "\nUSAGE: app-contracts record [--baselines <dir>] [--only <selector> ...]"))
    #expect(try runBinary(["--help"]).stdout.contains("\nUSAGE: contracts <subcommand>\n"))
  }
}
