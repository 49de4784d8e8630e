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
  case confirmTranslations = "--confirm-translations"
  case list = "--list"
  case accept = "--accept"
  case reject = "--reject"
  case from = "--from"
  case format = "--format"
  case output = "--output"
  case strict = "--strict"
  case failOn = "--fail-on"
  case minCoverage = "--min-coverage"
  case shard = "--shard"
  case pending = "--pending"

  /// The commands that accept this option.
  var commands: Set<Invocation.Command> {
    switch self {
    case .baselines: [.check, .record, .report, .review, .compat, .importing]
    case .reason: [.record, .review, .importing]
    case .acceptBreaking: [.record, .importing]
    case .only, .missing: [.record]
    case .list, .accept, .reject, .from: [.review]
    case .pending: [.check]
    case .format, .output, .strict, .failOn: [.check, .diff, .report, .merge, .compat]
    case .shard, .minCoverage: [.check, .report]
    case .confirmTranslations: [.record]
    case .against: [.report, .compat]
    case .compat: [.report]
    }
  }

  /// The placeholder of the option's value (`<dir>`), or `nil` for a flag.
  var placeholder: String? {
    switch self {
    case .baselines: "dir"
    case .only, .confirmTranslations, .accept, .reject: "selector"
    case .pending, .from: "dir"
    case .minCoverage: "percent"
    case .reason: "text"
    case .format: "format"
    case .output: "file"
    case .failOn: "severity"
    case .shard: "i/n"
    case .against: "ref"
    case .missing, .acceptBreaking, .strict, .list, .compat: nil
    }
  }

  /// Whether the option takes every argument up to the next option (`--only A B`).
  var isRepeatable: Bool { [.only, .confirmTranslations, .accept, .reject].contains(self) }

  /// Whether the option takes a value.
  var takesValue: Bool { placeholder != nil }

  /// The option as its help row's label shows it: `--baselines <dir>`.
  var label: String {
    switch self {
    case .only, .confirmTranslations, .accept, .reject: "\(rawValue) <selector> ..."
    default: placeholder.map { "\(rawValue) <\($0)>" } ?? rawValue
    }
  }

  /// The option's fragment of `command`'s usage line, or `nil` when another option's
  /// fragment includes it (`--strict` is in `--fail-on`'s, `record`'s `--reason` in
  /// `--accept-breaking`'s).
  func usage(for command: Invocation.Command) -> String? {
    switch self {
    case .against where command == .compat: "--against <ref> ..."
    case .only, .confirmTranslations, .accept, .reject: "[\(label)]"
    case .acceptBreaking: "[--accept-breaking --reason <text>]"
    case .reason where command == .review: "[--reason <text>]"
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
    case .confirmTranslations:
      "Confirm that the selected cases' stale translations are still right: "
        + "translation-stale, kept on every run since the base text changed, goes for them. "
        + "(repeatable)"
    case .minCoverage:
      "Fail when a locale's translations cover less than <percent> of its lookups "
        + "(default: the catalog's minimumCoverage)."
    case .missing: "Only write baselines that do not exist yet."
    case .acceptBreaking:
      command == .importing
        ? "Replace committed baselines that differ from FOSTesting's files."
        : "Record breaking changes to released baselines."
    case .reason:
      switch command {
      case .review: "Why an accepted breaking change is intended (required for one)."
      case .importing:
        "Why FOSTesting's files replace the committed baselines (required with "
          + "--accept-breaking; logged in Baselines.md)."
      default: "Why the break is intended (required with --accept-breaking)."
      }
    case .list: "List every pending change, one line each with its selector."
    case .accept: "Accept the selected changes (selectors as record --only)."
    case .reject: "Forget the selected pending results; the baselines stay."
    case .from:
      "Review pending results downloaded from CI (an artifact of check --pending <dir>) "
        + "against the local tree."
    case .pending:
      "Keep pending results in <dir> (default: .contracts-pending beside the baseline "
        + "directory; none with CI=true)."
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
