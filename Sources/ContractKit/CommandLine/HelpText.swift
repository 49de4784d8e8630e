/// The `--help` text of the command line and each of its commands, shaped like
/// swift-argument-parser's (OVERVIEW, USAGE, ARGUMENTS, OPTIONS).
///
/// `program` is the executable's name: `contracts` for the sample catalog, the user's own
/// (`app-contracts`) for theirs.
enum HelpText {
  static let version = "0.1.0"

  static func text(for command: Invocation.Command?, program: String = "contracts") -> String {
    guard let command else { return root(program) }
    let usage = usage(for: command, program: program)
    switch command {
    case .check: return check(usage)
    case .record: return record(usage)
    case .diff: return diff(usage, program: program)
    case .report: return report(usage)
    case .merge: return merge(usage)
    case .review: return review(usage)
    }
  }

  static func usage(for command: Invocation.Command?, program: String = "contracts") -> String {
    let options: String
    switch command {
    case nil: options = "<subcommand>"
    case .check?: options = "check [--baselines <dir>] [--format <format>] [--output <file>] [--strict | --fail-on <severity>] [--shard <i/n>] [--pending <dir>]"
    case .record?: options = "record [--baselines <dir>] [--only <selector> ...] [--missing] [--accept-breaking --reason <text>]"
    case .diff?: options = "diff <old-dir> <new-dir> [--format <format>] [--output <file>] [--strict | --fail-on <severity>]"
    case .report?: options = "report [--baselines <dir>] [--format <format>] [--output <file>] [--strict | --fail-on <severity>] [--shard <i/n>]"
    case .review?: options = "review [--baselines <dir>] [--from <dir>] [--list | --accept <selector> ... [--reason <text>] | --reject <selector> ...]"
    case .merge?: options = "merge <report.json> ... [--format <format>] [--output <file>] [--strict | --fail-on <severity>]"
    }
    return "\(program) \(options)"
  }

  private static let formats = "(values: text, markdown, json, junit, github; default: text)"
  private static let failOn = """
      --strict                Fail on warnings too (the same as --fail-on warning).
      --fail-on <severity>    The least severity that fails the run; info insists that the
                              baselines equal today's encodings exactly. (values: error,
                              warning, info; default: error)
    """
  private static let exitCodes = """
    EXIT CODES:
      0                       Nothing at a failing severity.
      1                       Findings at the failing severity (errors; see --fail-on).
      2                       Bad usage or unusable input (the message names the file and
                              position).
    """

  private static func root(_ program: String) -> String {
    """
    OVERVIEW: Keep ViewModel wire contracts from breaking silently.

    Encodes every registered ViewModel stub per locale and per system version, compares
    the result with the committed baselines in .VersionedTestJSON/, and classifies every
    difference: wire-breaking, identity churn, localization regression or harmless.

    USAGE: \(usage(for: nil, program: program))

    OPTIONS:
      --version               Show the version.
      -h, --help              Show help information.

    SUBCOMMANDS:
      check                   Encode the catalog and compare it with the baselines.
      record                  Write baselines, contract.json files and Baselines.md.
      diff                    Compare two baseline trees, with no compiled types.
      report                  The release-gate report: verdict, required bump, coverage.
      merge                   Merge the JSON reports of several shards into one verdict.
      review                  Accept or reject the pending results check and tests kept.

      See '\(program) help <subcommand>' for detailed help.

    """ + "\n" + exitCodes + "\n"
  }

  private static func check(_ usage: String) -> String {
    """
    OVERVIEW: Encode the catalog and compare it with the committed baselines.

    Every (contract, version, locale, variant) is encoded and compared byte for byte with its
    baseline; only differing files are parsed and classified. Stubs are encoded twice where a
    difference exists, to tell identity churn and volatile values from real changes.

    USAGE: \(usage)

    OPTIONS:
      --baselines <dir>       The baseline directory. (default: the catalog's, usually
                              .VersionedTestJSON)
      --format <format>       The output format. \(formats)
      --output <file>         Write the report to <file> instead of standard output.
    \(failOn)
      --shard <i/n>           Check the i-th of n deterministic slices of the contracts.
      --pending <dir>         Keep pending results in <dir> (default: .contracts-pending
                              beside the baseline directory; none with CI=true).
      -h, --help              Show help information.

    """ + exitCodes + "\n"
  }

  private static func record(_ usage: String) -> String {
    """
    OVERVIEW: Write baselines, contract.json files and Baselines.md.

    Refuses, writing nothing, when a new encoding would break a committed baseline of a
    released version, unless --accept-breaking comes with a --reason, which Baselines.md logs.
    Writes are atomic; a second record changes no byte. Files no contract owns are listed,
    never deleted.

    --only limits recording, the refusal and an accepted break to the cases it selects:
    Contract, Contract/version, Contract/version/locale or Contract/version/locale.variant,
    with * for any text in a part (Dashboard*, */1.1.0, HomeViewModel/*/es). A locale
    without a variant selects all its variants; use locale.default for the default stub.

    USAGE: \(usage)

    OPTIONS:
      --baselines <dir>       The baseline directory. (default: the catalog's)
      --only <selector> ...   Record only the selected cases; a selector that matches no
                              case is a usage error. (repeatable)
      --missing               Only write baselines that do not exist yet.
      --accept-breaking       Record breaking changes to released baselines.
      --reason <text>         Why the break is intended (required with --accept-breaking).
      -h, --help              Show help information.

    EXIT CODES:
      0                       Recorded (or nothing to record).
      1                       Refused: breaking or unstable changes; nothing was written.
      2                       Bad usage or unusable input.

    """
  }

  private static func diff(_ usage: String, program: String) -> String {
    """
    OVERVIEW: Compare two baseline trees, with no compiled types.

    Typical use: the last release's tree against the working tree:
      git worktree add /tmp/last-release v1.1.0
      swift run \(program) diff /tmp/last-release/.VersionedTestJSON .VersionedTestJSON

    USAGE: \(usage)

    ARGUMENTS:
      <old-dir>               The older baseline tree.
      <new-dir>               The newer baseline tree.

    OPTIONS:
      --format <format>       The output format. \(formats)
      --output <file>         Write the report to <file> instead of standard output.
    \(failOn)
      -h, --help              Show help information.

    """ + exitCodes + "\n"
  }

  private static func report(_ usage: String) -> String {
    """
    OVERVIEW: The release-gate report.

    Runs the check, then compares the current version's baselines with the previous released
    version's and states the bump the release requires. The first line is GATE: PASS or
    GATE: FAIL.

    USAGE: \(usage)

    OPTIONS:
      --baselines <dir>       The baseline directory. (default: the catalog's)
      --format <format>       The output format. \(formats)
      --output <file>         Write the report to <file> instead of standard output.
    \(failOn)
      --shard <i/n>           Report on the i-th of n deterministic slices of the contracts.
      -h, --help              Show help information.

    """ + exitCodes + "\n"
  }

  private static func merge(_ usage: String) -> String {
    """
    OVERVIEW: Merge the JSON reports of several shards into one gate verdict.

    Give the report of every shard of one run (check or report with --shard I/N --format
    json), each once. Counts are recomputed from the findings; a shard missing or twice, a
    report of another run, or a summary that disagrees with its findings is refused.

    USAGE: \(usage)

    ARGUMENTS:
      <report.json>           JSON reports written with --format json.

    OPTIONS:
      --format <format>       The output format. \(formats)
      --output <file>         Write the report to <file> instead of standard output.
    \(failOn)
      -h, --help              Show help information.

    """ + exitCodes + "\n"
  }
}
