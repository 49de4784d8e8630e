import Foundation
import ContractKitRuntime

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
  ///
  /// The program names itself after its executable (`app-contracts`), so help, usage errors
  /// and next steps name the user's own command (`swift run app-contracts record`).
  public static func main(catalog: @escaping () throws -> Catalog) -> Never {
    // A closed pipe must be a failed write (exit 2), not a signal that kills the process.
    signal(SIGPIPE, SIG_IGN)
    let code = run(
      arguments: Array(CommandLine.arguments.dropFirst()), catalog: catalog,
      program: CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent }
        ?? "contracts",
      colored: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment,
      terminal: { RawTerminal.open() },
      stdout: { try StandardStream.write($0, to: STDOUT_FILENO, named: "standard output") },
      stderr: { try StandardStream.write($0, to: STDERR_FILENO, named: "standard error") })
    exit(code)
  }

  /// Runs one command line and returns its exit code: 0, 1 or 2 (see `--help`).
  ///
  /// Output goes only through `stdout` and `stderr`, so tests need no process. A write that
  /// throws ends the command with exit code 2. `program` is the executable's name, which
  /// help and next steps use (`swift run <program> record`).
  package static func run(
    arguments: [String], catalog: () throws -> Catalog, program: String = "contracts",
    colored: Bool = false, stdout: (String) throws -> Void, stderr: (String) throws -> Void
  ) -> Int32 {
    run(arguments: arguments, catalog: catalog, program: program, colored: colored,
        environment: ProcessInfo.processInfo.environment, terminal: { nil },
        stdout: stdout, stderr: stderr)
  }

  /// ``run(arguments:catalog:program:colored:stdout:stderr:)`` with the environment (`CI`,
  /// `CONTRACTKIT_PENDING`) and the terminal an interactive `review` uses (`nil`: none).
  static func run(
    arguments: [String], catalog: () throws -> Catalog, program: String, colored: Bool,
    environment: [String: String], terminal: () -> (any ReviewTerminal)?,
    stdout: (String) throws -> Void, stderr: (String) throws -> Void
  ) -> Int32 {
    var command: Invocation.Command?
    do {
      switch try Invocation.parse(arguments) {
      case .help(let topic):
        try stdout(HelpText.text(for: topic, program: program))
        return ExitStatus.clean
      case .version:
        try stdout(HelpText.version + "\n")
        return ExitStatus.clean
      case .run(let invocation):
        command = invocation.command
        return try execute(invocation, catalog: catalog, program: program, colored: colored,
                           environment: environment, terminal: terminal, stdout: stdout,
                           stderr: stderr)
      }
    } catch {
      let (code, message) = ExitStatus.trouble(error, command: command, program: program)
      try? stderr(message)
      return code
    }
  }

  private static func execute(
    _ invocation: Invocation, catalog makeCatalog: () throws -> Catalog, program: String,
    colored: Bool, environment: [String: String], terminal: () -> (any ReviewTerminal)?,
    stdout: (String) throws -> Void, stderr: (String) throws -> Void
  ) throws -> Int32 {
    func loadCatalog() throws -> Catalog {
      let catalog = try namedCatalog()
      // A removal a killed `record` or `review` left half done is undone or finished first,
      // and said (record does it itself, and says so in its own output).
      if invocation.command != .record {
        for note in BaselineRemoval.recover(in: catalog.baselineFiles) {
          try stderr("Note: \(DisplayText.escaped(note))\n")
        }
      }
      return catalog
    }
    func namedCatalog() throws -> Catalog {
      var catalog = try makeCatalog()
      catalog.program = program
      guard let directory = invocation.baselines else { return catalog }
      // A directory named on the command line must exist, except for `record`, which may
      // be creating it: a typo must not read as "every baseline is missing".
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory)
      // `import` too, which may be taking FOSTesting's files over into a new tree.
      if ![.record, .importing].contains(invocation.command), !(exists && isDirectory.boolValue) {
        throw InputError(file: directory, reason: exists
          ? "is not a directory" : "no such baseline directory")
      }
      return catalog.withBaselines(at: URL(fileURLWithPath: directory))
    }
    let options = try invocation.runOptions()
    /// `--output`, checked against the trees the command reads before it runs.
    func destination(protecting trees: [BaselineFiles]) throws -> OutputDestination? {
      try invocation.output.map { try OutputDestination($0, protecting: trees) }
    }
    func emit(_ report: Report, to destination: OutputDestination?) throws -> Int32 {
      let text = invocation.format.render(
        report, colored: colored && destination == nil && invocation.format == .text,
        command: "swift run \(program)")
      if let destination {
        try destination.write(text)
      } else {
        try stdout(text)
      }
      return ExitStatus.code(for: report)
    }
    switch invocation.command {
    case .check:
      let catalog = try loadCatalog()
      let output = try destination(protecting: [catalog.baselineFiles])
      var check = Check(catalog: catalog, options: options)
      check.pending = try PendingStore.forRun(
        explicit: invocation.pending, environment: environment, files: catalog.baselineFiles
      ).map { PendingCollector(store: $0) }
      defer { check.pending?.discard() }
      let code = try emit(check.run(), to: output)
      // Pending results are a convenience: the report and the exit code come first.
      if let problem = check.pending?.problem {
        try stderr("Warning: pending results were not kept (\(DisplayText.escaped(problem))); "
          + "the report is complete, but review will not see this run's changes.\n")
      }
      return code
    case .report:
      let catalog = try loadCatalog()
      let output = try destination(protecting: [catalog.baselineFiles])
      var report = try ReleaseGate(
        catalog: catalog, options: options, against: invocation.against
      ).run()
      if invocation.compat, let ref = invocation.against {
        report = report.folding(
          compat: try Compat(catalog: catalog, refs: [ref], options: options).run())
      }
      return try emit(report, to: output)
    case .compat:
      let catalog = try loadCatalog()
      let output = try destination(protecting: [catalog.baselineFiles])
      return try emit(
        Compat(catalog: catalog, refs: invocation.refs, options: options).run(), to: output)
    case .diff:
      let old = try TreeArgument.files(invocation.positional[0])
      let diff = TreeDiff(
        old: old,
        new: try invocation.positional.count > 1
          ? TreeArgument.files(invocation.positional[1]) : TreeArgument.workingTree(of: old),
        options: options)
      let output = try destination(protecting: [diff.old, diff.new])
      return try emit(diff.run(), to: output)
    case .merge:
      let reports = try invocation.positional.map { path throws -> Report in
        guard let bytes = try InputFile.read(path, display: path, rules: .named) else {
          throw InputError(file: path, reason: "no such file")
        }
        return try ReportMerger.read(bytes, file: path)
      }
      // Every report names the tree its run read: merged output never lands in one.
      let trees = Set(reports.map(\.baselineDirectory)).sorted().map {
        BaselineFiles(root: URL(fileURLWithPath: $0))
      }
      let output = try destination(protecting: trees)
      return try emit(
        ReportMerger.merge(reports, names: invocation.positional, failOn: options.failOn),
        to: output)
    case .record:
      // CI never blesses its own changes: nothing is read or written.
      guard RunEnvironment.allowsRecording(environment) else {
        throw RecordingOnCI("record", environment: environment)
      }
      let catalog = try loadCatalog()
      var record = Record(
        catalog: catalog, acceptBreakingReason: invocation.acceptBreaking ? invocation.reason : nil,
        mode: invocation.recordMode, selection: try invocation.selection(in: catalog),
        options: options)
      record.confirmingTranslations = try invocation.confirmations(in: catalog)
      let outcome = try record.run()
      try stdout(RecordReport.text(
        outcome, baselines: BaselineFiles(root: catalog.effectiveBaselineDirectory).displayRoot,
        command: "swift run \(program)"))
      return ExitStatus.code(for: outcome)
    case .review:
      return try review(invocation, catalog: loadCatalog(), program: program,
                        environment: environment, terminal: terminal, stdout: stdout)
    case .importing:
      // Importing writes baselines: refused on CI as record is.
      guard RunEnvironment.allowsRecording(environment) else {
        throw RecordingOnCI("import", environment: environment)
      }
      let catalog = try loadCatalog()
      var importing = FOSTestingImport(
        catalog: catalog, source: URL(fileURLWithPath: invocation.positional[1]),
        acceptReason: invocation.acceptBreaking ? invocation.reason : nil)
      importing.options = options
      let outcome = try importing.run()
      try stdout(ImportReport.text(
        outcome, baselines: catalog.baselineFiles.displayRoot, source: invocation.positional[1],
        command: "swift run \(program)"))
      return ExitStatus.code(for: outcome)
    }
  }
}

/// Writes to the process's standard output or error with `write(2)`, so that a full disk or
/// a closed descriptor is an error to report, never a trap.
enum StandardStream {
  static func write(_ text: String, to descriptor: Int32, named name: String)
    throws(OutputError)
  {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return Platform.write(descriptor, base + offset, buffer.count - offset)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw OutputError(destination: name, reason: Platform.errorText)
      }
      offset += count
    }
  }
}

extension Catalog {
  /// The files of the baseline tree the catalog reads and writes.
  var baselineFiles: BaselineFiles { BaselineFiles(root: effectiveBaselineDirectory) }
}
