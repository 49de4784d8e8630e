import Foundation

/// The `contracts` command line as a library entry point over a catalog.
///
/// A package gets the same `check`, `record`, `report`, `diff` and `merge` for its own
/// catalog with a three-line executable target:
/// ```swift
/// import ContractKit
/// import MyContracts
/// ContractsCommandLine.main(catalog: MyCatalog.make)
/// ```
public enum ContractsCommandLine {
  /// Runs with the process's arguments and exits with the command's exit code.
  public static func main(catalog: @escaping () throws -> Catalog) -> Never {
    let code = run(
      arguments: Array(CommandLine.arguments.dropFirst()), catalog: catalog,
      colored: isatty(STDOUT_FILENO) == 1,
      stdout: { FileHandle.standardOutput.write(Data($0.utf8)) },
      stderr: { FileHandle.standardError.write(Data($0.utf8)) })
    exit(code)
  }

  /// Runs one command line and returns its exit code: 0, 1 or 2 (see `--help`).
  ///
  /// Output goes only through `stdout` and `stderr`, so tests need no process.
  public static func run(
    arguments: [String], catalog: () throws -> Catalog, colored: Bool = false,
    stdout: (String) -> Void, stderr: (String) -> Void
  ) -> Int32 {
    let request: Request
    do {
      request = try Invocation.parse(arguments)
    } catch {
      stderr("Error: \(error.message)\nUsage: \(HelpText.usage(for: error.command))\n"
        + "  See 'contracts \(error.command.map { "\($0.rawValue) " } ?? "")--help' for more information.\n")
      return 2
    }
    switch request {
    case .help(let command):
      stdout(HelpText.text(for: command))
      return 0
    case .version:
      stdout(HelpText.version + "\n")
      return 0
    case .run(let invocation):
      do {
        return try execute(invocation, catalog: catalog, colored: colored, stdout: stdout)
      } catch let error as UsageError {
        stderr("Error: \(error.message)\nUsage: \(HelpText.usage(for: invocation.command))\n"
          + "  See 'contracts \(invocation.command.rawValue) --help' for more information.\n")
        return 2
      } catch {
        stderr("Error: \(error)\n")
        return 2
      }
    }
  }

  private static func execute(
    _ invocation: Invocation, catalog makeCatalog: () throws -> Catalog, colored: Bool,
    stdout: (String) -> Void
  ) throws -> Int32 {
    func loadCatalog() throws -> Catalog {
      let catalog = try makeCatalog()
      guard let directory = invocation.baselines else { return catalog }
      // A directory named on the command line must exist, except for `record`, which may
      // be creating it: a typo must not read as "every baseline is missing".
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory)
      if invocation.command != .record, !(exists && isDirectory.boolValue) {
        throw InputError(file: directory, reason: exists
          ? "is not a directory" : "no such baseline directory")
      }
      return catalog.withBaselines(at: URL(fileURLWithPath: directory))
    }
    func shard() throws -> Shard? {
      guard let text = invocation.shard else { return nil }
      do { return try Shard(parsing: text) } catch {
        throw UsageError(message: error.description, command: invocation.command)
      }
    }
    func emit(_ report: Report, cases: [ContractCase] = []) throws -> Int32 {
      // JUnit lists every case checked, passing ones included, not only those with findings.
      let junitCases = cases.map {
        JUnitCase(contract: $0.contract, version: $0.version.versionString, locale: $0.locale,
                  variant: $0.variant)
      }
      let text = invocation.format.render(
        report, colored: colored && invocation.output == nil && invocation.format == .text,
        cases: junitCases)
      if let output = invocation.output {
        let url = URL(fileURLWithPath: output)
        try AtomicFile.write(Array(text.utf8), to: url, display: output)
      } else {
        stdout(text)
      }
      return report.exitCode
    }
    switch invocation.command {
    case .check:
      let catalog = try loadCatalog()
      let shard = try shard()
      return try emit(
        Check(catalog: catalog, shard: shard, strict: invocation.strict).run(),
        cases: catalog.cases(in: shard))
    case .report:
      let catalog = try loadCatalog()
      let shard = try shard()
      return try emit(
        ReleaseGate(catalog: catalog, shard: shard, strict: invocation.strict).run(),
        cases: catalog.cases(in: shard))
    case .diff:
      return try emit(TreeDiff(
        old: URL(fileURLWithPath: invocation.positional[0]),
        new: URL(fileURLWithPath: invocation.positional[1]), strict: invocation.strict).run())
    case .merge:
      let reports = try invocation.positional.map { path throws -> Report in
        guard let data = FileManager.default.contents(atPath: path) else {
          throw InputError(file: path, reason: "cannot be read")
        }
        return try ReportMerger.read([UInt8](data), file: path)
      }
      return try emit(ReportMerger.merge(reports, strict: invocation.strict))
    case .record:
      let catalog = try loadCatalog()
      let outcome = try Record(
        catalog: catalog, acceptBreakingReason: invocation.acceptBreaking ? invocation.reason : nil,
        onlyMissing: invocation.onlyMissing
      ).run()
      stdout(RecordSummary.text(
        outcome, baselines: BaselineFiles(root: catalog.effectiveBaselineDirectory).displayRoot))
      return outcome.exitCode
    }
  }
}
