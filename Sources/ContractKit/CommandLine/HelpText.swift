import ContractKitRuntime

/// The `--help` text of the command line and each of its commands, shaped like
/// swift-argument-parser's (OVERVIEW, USAGE, ARGUMENTS, OPTIONS), with the options drawn from
/// ``CommandOption`` so that help cannot drift from what the parser accepts.
///
/// `program` is the executable's name: `contracts` for the sample catalog, the user's own
/// (`app-contracts`) for theirs.
enum HelpText {
  static let version = "0.1.0"
  /// Where an option's or subcommand's abstract starts, as swift-argument-parser aligns it.
  private static let labelWidth = 26
  private static let width = 80

  static func text(for command: Invocation.Command?, program: String = "contracts") -> String {
    guard let command else { return root(program) }
    var sections = [
      "OVERVIEW: \(command.overview)",
      command.discussion(program: program),
      "USAGE: \(usage(for: command, program: program))",
    ]
    if !command.arguments.isEmpty {
      sections.append("ARGUMENTS:\n" + command.arguments.map { row($0.label, $0.help) }.joined())
    }
    let options = CommandOption.accepted(by: command).map { row($0.label, $0.help(for: command)) }
    sections.append("OPTIONS:\n" + options.joined() + row("-h, --help", "Show help information."))
    sections.append("EXIT CODES:\n" + command.exitCodes.map { row($0.code, $0.meaning) }.joined())
    return sections.filter { !$0.isEmpty }
      .map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }
      .joined(separator: "\n\n") + "\n"
  }

  static func usage(for command: Invocation.Command?, program: String = "contracts") -> String {
    guard let command else { return "\(program) <subcommand>" }
    let parts = [command.rawValue] + command.arguments.map(\.usage)
      + CommandOption.accepted(by: command).compactMap { $0.usage(for: command) }
    return "\(program) " + parts.joined(separator: " ")
  }

  private static func root(_ program: String) -> String {
    let subcommands = Invocation.Command.allCases.map { row($0.rawValue, $0.overview) }.joined()
    let exitCodes = Invocation.Command.check.exitCodes.map { row($0.code, $0.meaning) }.joined()
    return """
      OVERVIEW: Keep ViewModel wire contracts from breaking silently.

      Encodes every registered ViewModel stub per locale and per system version, compares
      the result with the committed baselines in .VersionedTestJSON/, and classifies every
      difference: wire-breaking, identity churn, localization regression or harmless.

      USAGE: \(usage(for: nil, program: program))

      OPTIONS:

      """ + row("--version", "Show the version.") + row("-h, --help", "Show help information.")
      + "\nSUBCOMMANDS:\n" + subcommands
      + "\n  See '\(program) help <subcommand>' for detailed help.\n\nEXIT CODES:\n" + exitCodes
  }

  /// One help row: the label indented by two, the text from column 26, wrapped at 80, each
  /// line ending in a newline. A label too long for its column puts the text below it.
  static func row(_ label: String, _ text: String) -> String {
    let indent = String(repeating: " ", count: labelWidth)
    var lines: [String] = []
    var line = "  " + label
    if line.count >= labelWidth {
      lines.append(line)
      line = indent
    } else {
      line += String(repeating: " ", count: labelWidth - line.count)
    }
    var lineHasWords = false
    for word in text.split(separator: " ") {
      if lineHasWords, line.count + 1 + word.count > width {
        lines.append(line)
        line = indent
        lineHasWords = false
      }
      line += (lineHasWords ? " " : "") + word
      lineHasWords = true
    }
    lines.append(line)
    return lines.map { $0 + "\n" }.joined()
  }
}

// MARK: - What each command says about itself

extension Invocation.Command {
  /// The one-line abstract: the help's OVERVIEW and the root's SUBCOMMANDS row.
  var overview: String {
    switch self {
    case .check: "Encode the catalog and compare it with the committed baselines."
    case .record: "Write baselines, contract.json files and Baselines.md."
    case .diff: "Compare two baseline trees, with no compiled types."
    case .report: "The release-gate report: verdict, required bump, coverage."
    case .merge: "Merge the JSON reports of several shards into one gate verdict."
    case .review: "Accept or reject the pending results that check and swift test kept."
    case .compat: "Ask released clients' own code to decode today's payloads."
    case .importing: "Take FOSTesting's <Type>_<version>.json baselines over."
    }
  }

  /// The paragraphs between OVERVIEW and USAGE.
  func discussion(program: String) -> String {
    switch self {
    case .check:
      """
      Every (contract, version, locale, variant) is encoded and compared byte for byte with its
      baseline; only differing files are parsed and classified. Stubs are encoded twice where a
      difference exists, to tell identity churn and volatile values from real changes.
      """
    case .record:
      """
      Refuses, writing nothing, when a new encoding would break a committed baseline of a
      released version, lose a translation it holds (translation-lost) or hold a text with no
      translation (translation-missing), unless --accept-breaking comes with a --reason, which
      Baselines.md logs. Removing a contract, version or locale the catalog no longer has is a
      break too: with a reason, record deletes its baselines and logs why; without one it
      refuses. Writes are atomic; a second record changes no byte. Other files no contract owns
      are listed, never deleted. When the unreleased version is renamed in the catalog, its
      baselines move to the new name.

      --only limits recording, the refusal and an accepted break to the cases it selects:
      Contract, Contract/version, Contract/version/locale or Contract/version/locale.variant,
      with * for any text in a part (Dashboard*, */1.1.0, HomeViewModel/*/es). A locale
      without a variant selects all its variants; use locale.default for the default stub.

      The log holds exactly the breaks written: with --missing or an --only that selects no
      break, nothing is logged.

      A translation whose base text changed stays translation-stale on every run, record
      included, until the translation changes or --confirm-translations confirms it. A
      confirmation is kept in contract.json: with --missing, or an --only that leaves its
      version out, it is refused (exit 2) rather than reported and not written.

      On CI (CI set to anything but false, 0, no or off) record refuses (exit 2, nothing
      written) unless CONTRACTKIT_RECORD_FORCE=1: CI never blesses its own changes.
      """
    case .diff:
      """
      Typical use: the last release's tree, read from git, against the working tree:
        swift run \(program) diff git:v1.1.0
      A git:REF tree given alone is compared with the same tree in the working directory.
      """
    case .report:
      """
      Runs the check, then compares the current version's baselines with the previous released
      version's and states the bump the release requires. The first line is GATE: PASS or
      GATE: FAIL.

      With --against, also compares with the baseline tree of a git ref (the last release
      tag), read from git's objects with no checkout: it states the bump required since that
      release, fails the gate when the declared version is smaller, and lists the breaks
      Baselines.md has accepted since, with their reasons. A break since that release that no
      row of the log accepts (a baseline edited by hand) is break-unlogged, an error.
      """
    case .review:
      """
      Every check and swift test that finds a difference keeps today's encoding as a pending
      result in .contracts-pending/ beside the baseline directory (on CI only with --pending
      or CONTRACTKIT_PENDING). In a terminal, review shows each change once, grouped across
      versions, locales, variants and rows, with its findings, every distinct value they
      have (a per-locale text in each locale) and a line diff: a accept, r reject, s skip,
      space next page, d every file's diff, ? help, q quit. Accepting writes exactly what
      was shown, as record --only writes it; a breaking change asks for the reason
      Baselines.md logs. Without a terminal it lists the pending changes and exits 1 if
      there are any. On CI (CI set, not false/0/no/off) accepting is refused, as record is.

      A pending result whose baseline or encoding changed since it was made is never applied:
      dropped from the local folder, refused from --from.
      """
    case .merge:
      """
      Give the report of every shard of one run (check or report with --shard I/N --format
      json), each once. Counts are recomputed from the findings; a shard missing or twice, a
      report of another run, or a summary that disagrees with its findings is refused.
      """
    case .importing:
      """
      FOSTesting's expectVersionedViewModel writes one <Type>_<version>.json per version, in
      one locale: the only record of what clients of that version decode. Each file becomes
      that version's base-locale baseline of the registered contract of that type (its bytes
      canonicalized, FOSMVVM's fsh and declared redactions as placeholders, its identities as
      they are: a {"ts": …} id stays), logged in Baselines.md with the file's name. From then
      on check compares today's encoding with it:
        swift run \(program) import fostesting Tests/AppTests/.VersionedTestJSON
        swift run \(program) record --missing     # the other locales and versions
        swift run \(program) check                # what today's server changed for them

      A file whose type no contract has, or whose version the catalog does not list, stops
      the import, naming the file; nothing is written. A file that would replace a different
      committed baseline is refused unless --accept-breaking comes with a --reason. On CI
      (CI set, not false/0/no/off) import refuses as record does, unless
      CONTRACTKIT_RECORD_FORCE=1.
      """
    case .compat:
      """
      For each ref (each once), makes the release's files from its commit's tree in
      .build/contractkit-compat/<commit> (never a checkout, never git archive), adds a decoder
      probe target to the release's own package (no product needed), and decodes today's
      payloads of the version the release speaks (the newest its baseline tree has; the
      catalog's oldest when it has none), in every locale and variant, with the release's own
      types and the decoder each contract declares (the release's contract.json, else
      today's). A payload it rejects, or whose decoding crashes or hangs, is
      client-decode-failed; a contract the release does not have is 'absent'. Probes are
      cached by commit and verified by content hash before use. Time limits:
      CONTRACTKIT_COMPAT_BUILD_SECONDS for a release's manifest and build (default 1200),
      CONTRACTKIT_COMPAT_DECODE_SECONDS for one decode (default 60).
      """
    }
  }

  /// The positional arguments, as usage and ARGUMENTS show them.
  var arguments: [(usage: String, label: String, help: String)] {
    switch self {
    case .check, .record, .report, .review, .compat: []
    case .importing:
      [("fostesting", "fostesting", "The tool whose baselines are taken over (FOSTesting, "
          + "FOSUtilities' test harness)."),
       ("<dir>", "<dir>", "The folder of its <Type>_<version>.json files, such as "
          + "Tests/AppTests/.VersionedTestJSON.")]
    case .diff:
      [("<old-dir>", "<old-dir>",
        "The older baseline tree: a folder, or git:REF[:PATH] for the tree a commit holds "
          + "(PATH from the repository's root, ./PATH from here; default: "
          + "./.VersionedTestJSON), read from git's objects with no checkout."),
       ("[<new-dir>]", "<new-dir>", "The newer baseline tree, the same way; without it, "
          + "the working directory's tree at the place of a git:REF <old-dir>.")]
    case .merge:
      [("<report.json> ...", "<report.json>", "JSON reports written with --format json.")]
    }
  }

  /// What each exit code means for this command.
  var exitCodes: [(code: String, meaning: String)] {
    switch self {
    case .record:
      [("0", "Recorded (or nothing to record)."),
       ("1", "Refused: breaking or unstable changes; nothing was written."),
       ("2", "Bad usage or unusable input.")]
    case .review:
      [("0", "Nothing pending (--list), or the decisions were applied."),
       ("1", "Changes pending (--list, no terminal), or refused: a breaking change without "
          + "--reason, or a result that no longer applies; nothing was written."),
       ("2", "Bad usage or unusable input.")]
    case .importing:
      [("0", "Imported (or every file was already imported)."),
       ("1", "Refused: a file would replace a different committed baseline; nothing was "
          + "written."),
       ("2", "Bad usage or unusable input: a type no contract has, a version the catalog "
          + "does not list, invalid JSON (the message names the file); nothing was written.")]
    case .compat:
      [("0", "Every release decodes today's payloads."),
       ("1", "A release fails to decode a payload (client-decode-failed)."),
       ("2", "Bad usage, unusable input, a package compat cannot build in (the message "
          + "names the rule), or a ref whose code does not build (the message names the ref "
          + "and the compiler's first error).")]
    case .check, .diff, .report, .merge:
      [("0", "Nothing at a failing severity."),
       ("1", "Findings at the failing severity (errors; see --fail-on)."),
       ("2", "Bad usage or unusable input (the message names the file and position).")]
    }
  }
}
