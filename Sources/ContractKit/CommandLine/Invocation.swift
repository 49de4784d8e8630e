import Foundation

/// A parsed command line: which command, with which options, before anything runs.
struct Invocation: Equatable {
  enum Command: String, CaseIterable {
    case check, record, diff, report, merge, review
  }

  var command: Command
  var baselines: String?
  var format: ReportFormat = .text
  var output: String?
  var strict = false
  /// `--fail-on`, when given.
  var failOn: Severity?
  var shard: String?
  var acceptBreaking = false
  var reason: String?
  var onlyMissing = false
  /// `--only` selectors of `record`, in the order given.
  var only: [CaseSelector] = []
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
  /// The options each command accepts (flags take no value).
  static func options(for command: Command) -> (values: Set<String>, flags: Set<String>) {
    switch command {
    case .check:
      (["--baselines", "--format", "--output", "--shard", "--fail-on", "--pending"], ["--strict"])
    case .record: (["--baselines", "--reason", "--only"], ["--accept-breaking", "--missing"])
    case .diff: (["--format", "--output", "--fail-on"], ["--strict"])
    case .report: (["--baselines", "--format", "--output", "--shard", "--fail-on"], ["--strict"])
    case .merge: (["--format", "--output", "--fail-on"], ["--strict"])
    case .review: (["--baselines", "--from", "--reason", "--accept", "--reject"], ["--list"])
    }
  }

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
    let (valueOptions, flags) = options(for: command)
    var rest = arguments.dropFirst()[...]
    // `--only A B` (and `--accept`, `--reject`) takes every argument up to the next option.
    var selectorOption: String?
    while let argument = rest.popFirst() {
      if argument == "-h" || argument == "--help" { return .help(command) }
      guard argument.hasPrefix("--") else {
        // An empty path would mean the working directory: never what was meant.
        guard !argument.isEmpty else {
          throw UsageError(message: "An empty argument is not a path", command: command)
        }
        if let selectorOption {
          try invocation.setValue(argument, for: selectorOption)
        } else {
          invocation.positional.append(argument)
        }
        continue
      }
      selectorOption = ["--only", "--accept", "--reject"].first {
        argument == $0 || argument.hasPrefix($0 + "=")
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      if flags.contains(name) {
        guard inlineValue == nil else {
          throw UsageError(message: "'\(name)' takes no value", command: command)
        }
        invocation.setFlag(name)
      } else if valueOptions.contains(name) {
        guard let value = inlineValue ?? rest.popFirst(), inlineValue != nil || !value.hasPrefix("--")
        else {
          throw UsageError(message: "Missing value for '\(name) <\(placeholder(name))>'",
                           command: command)
        }
        // `--baselines=` would mean the working directory (and `record` would write there).
        guard !value.isEmpty else {
          throw UsageError(message: "The value for '\(name) <\(placeholder(name))>' is empty",
                           command: command)
        }
        try invocation.setValue(value, for: name)
      } else {
        let known = valueOptions.union(flags).union(["--help"])
        let suggestion = known.sorted().first { editDistance($0, name) <= 2 }
        throw UsageError(message: "Unknown option '\(name)'"
          + (suggestion.map { ". Did you mean '\($0)'?" } ?? ""), command: command)
      }
    }
    try invocation.validate()
    return .run(invocation)
  }

  private mutating func setFlag(_ name: String) {
    switch name {
    case "--strict": strict = true
    case "--list": list = true
    case "--accept-breaking": acceptBreaking = true
    case "--missing": onlyMissing = true
    default: break
    }
  }

  private mutating func setValue(_ value: String, for name: String) throws(UsageError) {
    switch name {
    case "--baselines": baselines = value
    case "--output": output = value
    case "--shard": shard = value
    case "--reason": reason = value
    case "--pending": pending = value
    case "--from": from = value
    case "--only", "--accept", "--reject":
      let selector: CaseSelector
      do { selector = try CaseSelector(parsing: value) } catch {
        throw UsageError(
          message: "The value '\(value)' is invalid for '\(name) <selector>': \(error.reason); "
            + "use Contract[/version[/locale[.variant]]] with * for any text in a part",
          command: command)
      }
      switch name {
      case "--accept": accept.append(selector)
      case "--reject": reject.append(selector)
      default: only.append(selector)
      }
    case "--fail-on":
      guard let severity = Severity(rawValue: value) else {
        throw UsageError(
          message: "The value '\(value)' is invalid for '--fail-on <severity>' (values: "
            + "error, warning, info)",
          command: command)
      }
      failOn = severity
    case "--format":
      guard let format = ReportFormat(rawValue: value) else {
        throw UsageError(
          message: "The value '\(value)' is invalid for '--format <format>' (values: "
            + ReportFormat.allCases.map(\.rawValue).joined(separator: ", ") + ")",
          command: command)
      }
      self.format = format
    default: break
    }
  }

  private func validate() throws(UsageError) {
    switch command {
    case .diff where positional.count != 2:
      throw UsageError(
        message: positional.count < 2
          ? "Missing expected argument '\(positional.isEmpty ? "<old-dir>" : "<new-dir>")'"
          : "\(positional.count - 2) unexpected arguments: "
            + positional.dropFirst(2).map { "'\($0)'" }.joined(separator: ", "),
        command: command)
    case .merge where positional.isEmpty:
      throw UsageError(message: "Missing expected argument '<report.json> ...'", command: command)
    case .check, .record, .report, .review:
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
    if command == .review {
      if reason != nil, accept.isEmpty {
        throw UsageError(message: "'--reason' only goes with '--accept'", command: command)
      }
      if let reason, reason.trimmingCharacters(in: .whitespaces).isEmpty {
        throw UsageError(message: "'--reason' needs text saying why", command: command)
      }
      if list, !(accept.isEmpty && reject.isEmpty) {
        throw UsageError(message: "'--list' cannot go with '--accept' or '--reject'",
                         command: command)
      }
    }
    if command == .record {
      if acceptBreaking, (reason ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
        throw UsageError(message: "'--accept-breaking' needs '--reason <text>' saying why",
                         command: command)
      }
      if reason != nil, !acceptBreaking {
        throw UsageError(message: "'--reason' only goes with '--accept-breaking'", command: command)
      }
    }
  }

  private static func placeholder(_ option: String) -> String {
    switch option {
    case "--baselines": "dir"
    case "--output": "file"
    case "--shard": "i/n"
    case "--reason": "text"
    case "--fail-on": "severity"
    case "--only", "--accept", "--reject": "selector"
    case "--pending", "--from": "dir"
    default: String(option.dropFirst(2))
    }
  }
}

/// Levenshtein distance, for "Did you mean" suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a), b = Array(b)
  var previous = Array(0...b.count)
  for (i, left) in a.enumerated() {
    var row = [i + 1]
    for (j, right) in b.enumerated() {
      row.append(min(previous[j + 1] + 1, row[j] + 1, previous[j] + (left == right ? 0 : 1)))
    }
    previous = row
  }
  return previous[b.count]
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
    return RunOptions(shard: shard, failOn: failOn ?? (strict ? .warning : .error))
  }

  /// The `--only` selectors, each checked against `catalog`: one that selects no case is a
  /// typo, never a run that records nothing.
  func selection(in catalog: Catalog) throws(UsageError) -> [CaseSelector] {
    let cases = catalog.cases
    for selector in only where !cases.contains(where: selector.matches) {
      let names = catalog.contracts.map(\.name)
      throw UsageError(
        message: "'--only \(selector)' selects no case of the catalog (contracts: "
          + names.prefix(10).joined(separator: ", ") + (names.count > 10 ? ", …" : "") + ")",
        command: command)
    }
    return only
  }
}
