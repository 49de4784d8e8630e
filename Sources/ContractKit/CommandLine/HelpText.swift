/// The `--help` text of `contracts` and each of its commands, shaped like
/// swift-argument-parser's (OVERVIEW, USAGE, ARGUMENTS, OPTIONS).
enum HelpText {
  static let version = "0.1.0"

  static func text(for command: Invocation.Command?) -> String {
    guard let command else { return root }
    switch command {
    case .check: return check
    case .record: return record
    case .diff: return diff
    case .report: return report
    case .merge: return merge
    }
  }

  static func usage(for command: Invocation.Command?) -> String {
    switch command {
    case nil: "contracts <subcommand>"
    case .check?: "contracts check [--baselines <dir>] [--format <format>] [--output <file>] [--strict | --fail-on <severity>] [--shard <i/n>]"
    case .record?: "contracts record [--baselines <dir>] [--missing] [--accept-breaking --reason <text>]"
    case .diff?: "contracts diff <old-dir> <new-dir> [--format <format>] [--output <file>] [--strict | --fail-on <severity>]"
    case .report?: "contracts report [--baselines <dir>] [--format <format>] [--output <file>] [--strict | --fail-on <severity>] [--shard <i/n>]"
    case .merge?: "contracts merge <report.json> ... [--format <format>] [--output <file>] [--strict | --fail-on <severity>]"
    }
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

  private static let root = """
    OVERVIEW: Keep ViewModel wire contracts from breaking silently.

    Encodes every registered ViewModel stub per locale and per system version, compares
    the result with the committed baselines in .VersionedTestJSON/, and classifies every
    difference: wire-breaking, identity churn, localization regression or harmless.

    USAGE: \(usage(for: nil))

    OPTIONS:
      --version               Show the version.
      -h, --help              Show help information.

    SUBCOMMANDS:
      check                   Encode the catalog and compare it with the baselines.
      record                  Write baselines, contract.json files and Baselines.md.
      diff                    Compare two baseline trees, with no compiled types.
      report                  The release-gate report: verdict, required bump, coverage.
      merge                   Merge the JSON reports of several shards into one verdict.

      See 'contracts help <subcommand>' for detailed help.

    """ + "\n" + exitCodes + "\n"

  private static let check = """
    OVERVIEW: Encode the catalog and compare it with the committed baselines.

    Every (contract, version, locale, variant) is encoded and compared byte for byte with its
    baseline; only differing files are parsed and classified. Stubs are encoded twice where a
    difference exists, to tell identity churn and volatile values from real changes.

    USAGE: \(usage(for: .check))

    OPTIONS:
      --baselines <dir>       The baseline directory. (default: the catalog's, usually
                              .VersionedTestJSON)
      --format <format>       The output format. \(formats)
      --output <file>         Write the report to <file> instead of standard output.
    \(failOn)
      --shard <i/n>           Check the i-th of n deterministic slices of the contracts.
      -h, --help              Show help information.

    """ + exitCodes + "\n"

  private static let record = """
    OVERVIEW: Write baselines, contract.json files and Baselines.md.

    Refuses, writing nothing, when a new encoding would break a committed baseline of a
    released version, unless --accept-breaking comes with a --reason, which Baselines.md logs.
    Writes are atomic; a second record changes no byte. Files no contract owns are listed,
    never deleted.

    USAGE: \(usage(for: .record))

    OPTIONS:
      --baselines <dir>       The baseline directory. (default: the catalog's)
      --missing               Only write baselines that do not exist yet.
      --accept-breaking       Record breaking changes to released baselines.
      --reason <text>         Why the break is intended (required with --accept-breaking).
      -h, --help              Show help information.

    EXIT CODES:
      0                       Recorded (or nothing to record).
      1                       Refused: breaking or unstable changes; nothing was written.
      2                       Bad usage or unusable input.

    """

  private static let diff = """
    OVERVIEW: Compare two baseline trees, with no compiled types.

    Typical use: the last release's tree against the working tree:
      git worktree add /tmp/last-release v1.1.0
      swift run contracts diff /tmp/last-release/.VersionedTestJSON .VersionedTestJSON

    USAGE: \(usage(for: .diff))

    ARGUMENTS:
      <old-dir>               The older baseline tree.
      <new-dir>               The newer baseline tree.

    OPTIONS:
      --format <format>       The output format. \(formats)
      --output <file>         Write the report to <file> instead of standard output.
    \(failOn)
      -h, --help              Show help information.

    """ + exitCodes + "\n"

  private static let report = """
    OVERVIEW: The release-gate report.

    Runs the check, then compares the current version's baselines with the previous released
    version's and states the bump the release requires. The first line is GATE: PASS or
    GATE: FAIL.

    USAGE: \(usage(for: .report))

    OPTIONS:
      --baselines <dir>       The baseline directory. (default: the catalog's)
      --format <format>       The output format. \(formats)
      --output <file>         Write the report to <file> instead of standard output.
    \(failOn)
      --shard <i/n>           Report on the i-th of n deterministic slices of the contracts.
      -h, --help              Show help information.

    """ + exitCodes + "\n"

  private static let merge = """
    OVERVIEW: Merge the JSON reports of several shards into one gate verdict.

    Give the report of every shard of one run (check or report with --shard I/N --format
    json), each once. Counts are recomputed from the findings; a shard missing or twice, a
    report of another run, or a summary that disagrees with its findings is refused.

    USAGE: \(usage(for: .merge))

    ARGUMENTS:
      <report.json>           JSON reports written with --format json.

    OPTIONS:
      --format <format>       The output format. \(formats)
      --output <file>         Write the report to <file> instead of standard output.
    \(failOn)
      -h, --help              Show help information.

    """ + exitCodes + "\n"
}
