import ContractKitRuntime

/// The one place that decides how a `contracts` command exits, and what it says when it
/// cannot finish.
///
/// - 0: nothing at a failing severity (a report), or recorded (`record`);
/// - 1: findings at a failing severity, or `record` refused;
/// - 2: trouble: bad usage or unusable input, each named by its kind and cause.
enum ExitStatus {
  static let clean: Int32 = 0
  static let failing: Int32 = 1
  static let trouble: Int32 = 2

  /// 1 when `report` has findings at its failing severity, else 0.
  static func code(for report: Report) -> Int32 {
    report.failingFindings.isEmpty ? clean : failing
  }

  /// 1 when `record` refused to write, else 0.
  static func code(for outcome: Record.Outcome) -> Int32 {
    outcome.refused ? failing : clean
  }

  /// 1 when `import` refused to write, else 0.
  static func code(for outcome: FOSTestingImport.Outcome) -> Int32 {
    outcome.refused ? failing : clean
  }

  /// The exit code and the standard-error text for an error that stopped `command` of
  /// `program` (the executable's name, `contracts` for the sample).
  ///
  /// Every error is trouble (exit 2); its type decides the words. Text that comes from
  /// outside (a path, a name, an argument) has its control characters escaped, so no error
  /// can forge a line of output or reach the terminal as an escape sequence.
  static func trouble(_ error: any Error, command: Invocation.Command?,
                      program: String = "contracts") -> (code: Int32, message: String)
  {
    let text: String
    switch error {
    case let usage as UsageError:
      let command = usage.command ?? command
      let usageLine = HelpText.usage(for: command, program: program)
      return (trouble, "Error: \(DisplayText.escaped(usage.message))\nUsage: \(usageLine)\n"
        + "  See '\(program) \(command.map { "\($0.rawValue) " } ?? "")--help' for more "
        + "information.\n")
    case let layout as BaselineLayoutError:
      // Names in it are escaped already; its lines are the list of entries.
      text = "\(layout)"
    case let input as InputError:
      text = DisplayText.escaped("\(input)")
    case let catalog as CatalogError:
      text = "the catalog cannot be built: " + DisplayText.escaped("\(catalog)")
    case let encoding as EncodingFailure:
      text = DisplayText.escaped("\(encoding)")
    case let output as OutputError:
      text = DisplayText.escaped("\(output)")
    case let refusal as RecordingOnCI:
      // Its one outside value, CI's, is escaped already.
      text = refusal.description
    default:
      text = "unexpected error: " + DisplayText.escaped("\(error)")
    }
    return (trouble, "Error: \(text)\n")
  }
}

/// Output that cannot be written: `--output FILE`, standard output or standard error.
struct OutputError: Error, CustomStringConvertible {
  /// The file, or `standard output`.
  let destination: String
  let reason: String

  var description: String { "cannot write to \(destination): \(reason)" }
}
