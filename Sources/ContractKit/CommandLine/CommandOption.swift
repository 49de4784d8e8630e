import ContractKitRuntime

/// Every option of the command line, declared once: which commands take it, its value's
/// placeholder, its usage fragment and its help. Parsing, usage lines and `--help` all read
/// this table, so an option cannot be parsed without being documented, or the other way round.
enum CommandOption: String, CaseIterable {
  case baselines = "--baselines"
  case against = "--against"
  case compat = "--compat"
  case only = "--only"
  case missing = "--missing"
  case acceptBreaking = "--accept-breaking"
  case reason = "--reason"
  case format = "--format"
  case output = "--output"
  case strict = "--strict"
  case failOn = "--fail-on"
  case shard = "--shard"

  /// The commands that accept this option.
  var commands: Set<Invocation.Command> {
    switch self {
    case .baselines: [.check, .record, .report, .compat]
    case .only, .missing, .acceptBreaking, .reason: [.record]
    case .format, .output, .strict, .failOn: [.check, .diff, .report, .merge, .compat]
    case .shard: [.check, .report]
    case .against: [.report, .compat]
    case .compat: [.report]
    }
  }

  /// The placeholder of the option's value (`<dir>`), or `nil` for a flag.
  var placeholder: String? {
    switch self {
    case .baselines: "dir"
    case .only: "selector"
    case .reason: "text"
    case .format: "format"
    case .output: "file"
    case .failOn: "severity"
    case .shard: "i/n"
    case .against: "ref"
    case .missing, .acceptBreaking, .strict, .compat: nil
    }
  }

  /// Whether the option takes a value.
  var takesValue: Bool { placeholder != nil }

  /// The option as its help row's label shows it: `--baselines <dir>`.
  var label: String {
    switch self {
    case .only: "--only <selector> ..."
    default: placeholder.map { "\(rawValue) <\($0)>" } ?? rawValue
    }
  }

  /// The option's fragment of `command`'s usage line, or `nil` when another option's
  /// fragment includes it (`--strict` is in `--fail-on`'s, `--reason` in
  /// `--accept-breaking`'s).
  func usage(for command: Invocation.Command) -> String? {
    switch self {
    case .against where command == .compat: "--against <ref> ..."
    case .only: "[--only <selector> ...]"
    case .acceptBreaking: "[--accept-breaking --reason <text>]"
    case .reason, .strict: nil
    case .failOn: "[--strict | --fail-on <severity>]"
    default: "[\(label)]"
    }
  }

  /// The option's help for `command`, one paragraph that `HelpText` wraps.
  func help(for command: Invocation.Command) -> String {
    switch self {
    case .baselines:
      command == .check
        ? "The baseline directory. (default: the catalog's, usually .VersionedTestJSON)"
        : "The baseline directory. (default: the catalog's)"
    case .only:
      "Record only the selected cases; a selector that matches no case is a usage error. "
        + "(repeatable)"
    case .missing: "Only write baselines that do not exist yet."
    case .acceptBreaking: "Record breaking changes to released baselines."
    case .reason: "Why the break is intended (required with --accept-breaking)."
    case .format:
      "The output format. (values: "
        + ReportFormat.allCases.map(\.rawValue).joined(separator: ", ") + "; default: text)"
    case .output: "Write the report to <file> instead of standard output."
    case .strict: "Fail on warnings too (the same as --fail-on warning)."
    case .failOn:
      "The least severity that fails the run; info insists that the baselines equal "
        + "today's encodings exactly. (values: "
        + Severity.allCases.reversed().map(\.rawValue).joined(separator: ", ") + "; default: error)"
    case .against:
      command == .compat
        ? "The git refs of the releases whose clients are still supported (tags such as "
          + "v2.0.0); every argument up to the next option is one. (required)"
        : "The last release's git ref (a tag such as v2.0.0)."
    case .compat:
      "With --against, also ask that release's own code to decode today's payloads (as "
        + "compat does) and fold client-decode-failed into the verdict."
    case .shard:
      command == .report
        ? "Report on the i-th of n deterministic slices of the contracts."
        : "Check the i-th of n deterministic slices of the contracts."
    }
  }

  /// The options `command` accepts, in the table's order.
  static func accepted(by command: Invocation.Command) -> [CommandOption] {
    allCases.filter { $0.commands.contains(command) }
  }
}
