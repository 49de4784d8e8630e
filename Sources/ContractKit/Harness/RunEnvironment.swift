import ContractKitRuntime

/// What the process environment says about a run: whether it is a CI job's, and whether a
/// recording is forced there. The one definition that `swift test`, `check`'s pending
/// results, `record` and `review` all read.
enum RunEnvironment {
  /// Whether the environment is a CI job's: `CI` set to anything but an empty text or a
  /// spelled-out no (`false`, `0`, `no`, `off`, in any case).
  ///
  /// CI systems do not agree on the value: GitHub Actions, GitLab and CircleCI set `true`,
  /// others `1`, `yes` or their own name (Woodpecker sets `woodpecker`). A job that records
  /// its own baselines blesses its own changes, so any value that is not a clear "no" counts.
  static func isCI(_ environment: [String: String]) -> Bool {
    guard let value = environment["CI"]?.trimmingCharacters(in: .whitespaces).lowercased(),
      !value.isEmpty
    else { return false }
    return !["false", "0", "no", "off"].contains(value)
  }

  /// Whether `CONTRACTKIT_RECORD_FORCE` (`1` or `true`) lets a CI job record all the same.
  static func forcesRecording(_ environment: [String: String]) -> Bool {
    ["true", "1"].contains(
      environment["CONTRACTKIT_RECORD_FORCE"]?.trimmingCharacters(in: .whitespaces).lowercased()
        ?? "")
  }

  /// Whether a recording may write: off CI, or on CI when forced.
  static func allowsRecording(_ environment: [String: String]) -> Bool {
    !isCI(environment) || forcesRecording(environment)
  }

  /// The sentence that says a recording asked for (`what`: `CONTRACTKIT_RECORD=all`,
  /// `record`) was not done on CI: the same from `swift test`, `record` and `review`.
  static func refusal(of what: String, environment: [String: String]) -> String {
    let value = DisplayText.escaped(
      environment["CI"]?.trimmingCharacters(in: .whitespaces) ?? "true")
    return "\(what) was not done: with CI=\(value) nothing is ever recorded, so CI cannot "
      + "bless its own changes. Record on a development machine and commit "
      + "(CONTRACTKIT_RECORD_FORCE=1 forces it)."
  }
}

/// A recording refused because the run is a CI job's (``RunEnvironment/isCI(_:)``): exit 2,
/// nothing written.
struct RecordingOnCI: Error, CustomStringConvertible {
  /// ``RunEnvironment/refusal(of:environment:)``'s sentence.
  let description: String

  init(_ what: String, environment: [String: String]) {
    description = RunEnvironment.refusal(of: what, environment: environment)
  }
}
