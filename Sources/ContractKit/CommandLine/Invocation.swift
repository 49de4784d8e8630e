import Foundation
import ContractKitRuntime

/// A parsed command line: which command, with which options, before anything runs.
struct Invocation: Equatable {
  enum Command: String, CaseIterable {
    case check, record, diff, report, merge, review, compat
    /// `import fostesting <dir>`.
    case importing = "import"
  }

  /// The tools `import` takes baselines over from.
  static let importSources = ["fostesting"]

  var command: Command
  var baselines: String?
  var format: ReportFormat = .text
  var output: String?
  var strict = false
  /// `--fail-on`, when given.
  var failOn: Severity?
  var shard: String?
  /// `--min-coverage`, in percent.
  var minimumCoverage: Double?
  var acceptBreaking = false
  var reason: String?
  /// `--missing` records only missing baselines.
  var recordMode: RecordMode = .all
  /// `--only` selectors of `record`, in the order given.
  var only: [CaseSelector] = []
  /// `report --against REF`: the git ref of the last release.
  var against: String?
  /// `--confirm-translations` selectors of `record`, in the order given.
  var confirmTranslations: [CaseSelector] = []
  /// `report --against REF --compat`: ask the release's own code too.
  var compat = false
  /// `compat --against REF...`: the refs of the releases to ask, in the order given.
  var refs: [String] = []
  var positional: [String] = []
  /// `check --pending DIR`: where pending results go (a folder CI uploads).
  var pending: String?
  /// `review --from DIR`: pending results downloaded from CI.
  var from: String?
  /// `review --list`.
  var list = false
  /// `review --accept` and `--reject` selectors, in the order given.
  var accept: [CaseSelector] = []
  var reject: [CaseSelector] = []
}

/// What the user asked for: run a command, or show help or the version.
enum Request: Equatable {
  case run(Invocation)
  case help(Invocation.Command?)
  case version
}

/// A mistake in the command line: exit 2 with the usage of the command.
struct UsageError: Error, Equatable, CustomStringConvertible {
  var message: String
  var command: Invocation.Command?
  var description: String { message }
}

extension Invocation {
  /// Parses `arguments` (without the program name): `--label value` or `--label=value`.
  static func parse(_ arguments: [String]) throws(UsageError) -> Request {
    guard let first = arguments.first else { throw UsageError(message: "Missing command") }
    if first == "-h" || first == "--help" { return .help(nil) }
    if first == "--version" { return .version }
    if first == "help" {
      guard arguments.count > 1 else { return .help(nil) }
      guard let command = Command(rawValue: arguments[1]) else {
        throw UsageError(message: "Unknown command '\(arguments[1])'")
      }
      return .help(command)
    }
    guard let command = Command(rawValue: first) else {
      let suggestion = Command.allCases.map(\.rawValue).first { editDistance($0, first) <= 2 }
      throw UsageError(message: "Unknown command '\(first)'"
        + (suggestion.map { ". Did you mean '\($0)'?" } ?? ""))
    }
    var invocation = Invocation(command: command)
    let accepted = CommandOption.accepted(by: command)
    var rest = arguments.dropFirst()[...]
    // `--only A B` (and `--confirm-translations A B`) takes every argument up to the next
    // option.
    var takesSelectors: CommandOption?
    // `compat --against A B` takes every argument up to the next option, too.
    var takesRefs = false
    while let argument = rest.popFirst() {
      if argument == "-h" || argument == "--help" { return .help(command) }
      guard argument.hasPrefix("--") else {
        // An empty path would mean the working directory: never what was meant.
        guard !argument.isEmpty else {
          throw UsageError(message: "An empty argument is not a path", command: command)
        }
        if let option = takesSelectors {
          try invocation.set(option, to: argument)
        } else if takesRefs {
          try invocation.set(.against, to: argument)
        } else {
          invocation.positional.append(argument)
        }
        continue
      }
      takesSelectors = accepted.first {
        $0.isRepeatable && (argument == $0.rawValue || argument.hasPrefix($0.rawValue + "="))
      }
      takesRefs = command == .compat
        && (argument == "--against" || argument.hasPrefix("--against="))
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let option = accepted.first(where: { $0.rawValue == name }) else {
        let known = accepted.map(\.rawValue) + ["--help"]
        let suggestion = known.sorted().first { editDistance($0, name) <= 2 }
        throw UsageError(message: "Unknown option '\(name)'"
          + (suggestion.map { ". Did you mean '\($0)'?" } ?? ""), command: command)
      }
      guard let placeholder = option.placeholder else {
        guard inlineValue == nil else {
          throw UsageError(message: "'\(name)' takes no value", command: command)
        }
        try invocation.set(option, to: nil)
        continue
      }
      guard let value = inlineValue ?? rest.popFirst(), inlineValue != nil || !value.hasPrefix("--")
      else {
        throw UsageError(message: "Missing value for '\(name) <\(placeholder)>'", command: command)
      }
      // `--baselines=` would mean the working directory (and `record` would write there).
      guard !value.isEmpty else {
        throw UsageError(message: "The value for '\(name) <\(placeholder)>' is empty",
                         command: command)
      }
      try invocation.set(option, to: value)
    }
    try invocation.validate()
    return .run(invocation)
  }

  /// Applies `option` with its `value` (`nil` for a flag).
  private mutating func set(_ option: CommandOption, to value: String?) throws(UsageError) {
    let value = value ?? ""
    switch option {
    case .strict: strict = true
    case .compat: compat = true
    case .acceptBreaking: acceptBreaking = true
    case .missing: recordMode = .missing
    case .baselines: baselines = value
    case .output: output = value
    case .shard: shard = value
    case .reason: reason = value
    case .against:
      against = value
      refs.append(value)
    case .minCoverage:
      guard let percent = Double(value), percent.isFinite, (0...100).contains(percent) else {
        throw UsageError(
          message: "The value '\(value)' is invalid for '--min-coverage <percent>' (a number "
            + "from 0 to 100)",
          command: command)
      }
      minimumCoverage = percent
    case .confirmTranslations:
      do { confirmTranslations.append(try CaseSelector(parsing: value)) } catch {
        throw UsageError(
          message: "The value '\(value)' is invalid for '--confirm-translations <selector>': "
            + "\(error.reason); use Contract[/version[/locale[.variant]]] with * for any text in "
            + "a part",
          command: command)
      }
    case .only, .accept, .reject:
      let selector: CaseSelector
      do { selector = try CaseSelector(parsing: value) } catch {
        throw UsageError(
          message: "The value '\(value)' is invalid for '\(option.rawValue) <selector>': "
            + "\(error.reason); use Contract[/version[/locale[.variant]]] with * for any text "
            + "in a part",
          command: command)
      }
      switch option {
      case .accept: accept.append(selector)
      case .reject: reject.append(selector)
      default: only.append(selector)
      }
    case .list: list = true
    case .pending: pending = value
    case .from: from = value
    case .failOn:
      guard let severity = Severity(rawValue: value) else {
        throw UsageError(
          message: "The value '\(value)' is invalid for '--fail-on <severity>' (values: "
            + Severity.allCases.reversed().map(\.rawValue).joined(separator: ", ") + ")",
          command: command)
      }
      failOn = severity
    case .format:
      guard let format = ReportFormat(rawValue: value) else {
        throw UsageError(
          message: "The value '\(value)' is invalid for '--format <format>' (values: "
            + ReportFormat.allCases.map(\.rawValue).joined(separator: ", ") + ")",
          command: command)
      }
      self.format = format
    }
  }

  private func validate() throws(UsageError) {
    switch command {
    // `diff git:REF` alone compares the commit's tree with the same tree in the working
    // directory.
    case .diff where positional.count == 1 && positional[0].hasPrefix(TreeArgument.gitPrefix):
      break
    case .diff where positional.count != 2:
      throw UsageError(
        message: positional.count < 2
          ? positional.isEmpty ? "Missing expected argument '<old-dir>'"
            : "Missing expected argument '<new-dir>' (only a git:REF tree can go alone: it is "
              + "compared with the working tree's)"
          : "\(positional.count - 2) unexpected arguments: "
            + positional.dropFirst(2).map { "'\($0)'" }.joined(separator: ", "),
        command: command)
    case .merge where positional.isEmpty:
      throw UsageError(message: "Missing expected argument '<report.json> ...'", command: command)
    case .compat where refs.isEmpty:
      throw UsageError(message: "Missing expected option '--against <ref> ...'", command: command)
    case .importing:
      guard let tool = positional.first else {
        throw UsageError(message: "Missing expected argument 'fostesting'", command: command)
      }
      guard Self.importSources.contains(tool) else {
        throw UsageError(message: "Unknown source '\(tool)': import takes baselines over from "
          + Self.importSources.joined(separator: ", "), command: command)
      }
      guard positional.count > 1 else {
        throw UsageError(message: "Missing expected argument '<dir>'", command: command)
      }
      if positional.count > 2 {
        throw UsageError(message: "Unexpected argument '\(positional[2])'", command: command)
      }
    case .check, .record, .report, .review, .compat:
      if let extra = positional.first {
        throw UsageError(message: "Unexpected argument '\(extra)'", command: command)
      }
    default:
      break
    }
    if strict, let failOn, failOn != .warning {
      throw UsageError(
        message: "'--strict' means '--fail-on warning'; it cannot go with '--fail-on "
          + "\(failOn.rawValue)'",
        command: command)
    }
    if compat, against == nil {
      throw UsageError(message: "'--compat' needs '--against <ref>': the release to ask",
                       command: command)
    }
    if against != nil, shard != nil {
      throw UsageError(message: "'--against' cannot go with '--shard': a release's tree is "
        + "compared whole", command: command)
    }
    if minimumCoverage != nil, shard != nil {
      throw UsageError(
        message: "'--min-coverage' needs the coverage of every contract; it cannot go with "
          + "'--shard' (a shard sees its own contracts' lookups only)",
        command: command)
    }
    if command == .review {
      if reason != nil, accept.isEmpty {
        throw UsageError(message: "'--reason' only goes with '--accept'", command: command)
      }
      if let reason, let problem = BreakReason.problem(in: reason) {
        throw UsageError(message: "'--reason' \(problem)", command: command)
      }
      if list, !(accept.isEmpty && reject.isEmpty) {
        throw UsageError(message: "'--list' cannot go with '--accept' or '--reject'",
                         command: command)
      }
    }
    if command == .record || command == .importing {
      if acceptBreaking, reason == nil {
        throw UsageError(message: "'--accept-breaking' needs '--reason <text>' saying why",
                         command: command)
      }
      if acceptBreaking, let reason, let problem = BreakReason.problem(in: reason) {
        throw UsageError(message: "'--reason' \(problem)", command: command)
      }
      if reason != nil, !acceptBreaking {
        throw UsageError(message: "'--reason' only goes with '--accept-breaking'", command: command)
      }
    }
  }
}

extension Invocation {
  /// The run options the flags give: `--shard`, `--strict` or `--fail-on`, and the threads
  /// `CONTRACTKIT_THREADS` asks for.
  func runOptions() throws(UsageError) -> RunOptions {
    var shard: Shard?
    if let text = self.shard {
      do { shard = try Shard(parsing: text) } catch {
        throw UsageError(message: error.description, command: command)
      }
    }
    return RunOptions(shard: shard, failOn: failOn ?? (strict ? .warning : .error),
                      minimumCoverage: minimumCoverage)
  }

  /// The `--only` selectors, each checked against `catalog`: one that selects no case is a
  /// typo, never a run that records nothing.
  func selection(in catalog: Catalog) throws(UsageError) -> [CaseSelector] {
    try Self.check(only, named: "--only", in: catalog, command: command)
  }

  /// The `--confirm-translations` selectors, each checked against `catalog` as `--only`'s,
  /// and against what this run writes: a confirmation is kept in `contract.json`, which
  /// `--missing` never rewrites and `--only` rewrites only for the versions it selects. A
  /// confirmation that would write nothing is refused, saying why, never reported as done.
  func confirmations(in catalog: Catalog) throws(UsageError) -> [CaseSelector] {
    let confirmations = try Self.check(confirmTranslations, named: "--confirm-translations",
                                       in: catalog, command: command)
    guard let first = confirmations.first else { return [] }
    if recordMode == .missing {
      throw UsageError(
        message: "'--confirm-translations \(first)' cannot go with '--missing': a "
          + "confirmation is kept in contract.json, which --missing never rewrites; confirm "
          + "without --missing",
        command: command)
    }
    for selector in confirmations where !only.isEmpty {
      let left = catalog.cases.filter { selector.matches($0) && !only.touches(.version($0.folder)) }
      if let file = left.first {
        throw UsageError(
          message: "'--confirm-translations \(selector)' confirms \(file.folder.path) "
            + "(\(file.locale)), which '--only' does not select: its contract.json would not "
            + "be written, so nothing would be confirmed. Add it to --only, or confirm "
            + "without --only",
          command: command)
      }
    }
    return confirmations
  }

  private static func check(_ selectors: [CaseSelector], named option: String,
                            in catalog: Catalog, command: Command) throws(UsageError)
    -> [CaseSelector]
  {
    let cases = catalog.cases
    for selector in selectors where !cases.contains(where: selector.matches) {
      throw UsageError(
        message: "'\(option) \(selector)' selects no case of the catalog: "
          + selector.nothingSelected(in: catalog),
        command: command)
    }
    return selectors
  }
}
