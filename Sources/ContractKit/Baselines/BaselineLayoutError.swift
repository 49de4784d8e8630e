import ContractKitRuntime

/// A baseline tree with entries that break its fixed layout: unusable input (exit 2) for
/// every command, naming each entry and the rule it breaks.
///
/// ```
/// .VersionedTestJSON does not fit the baseline layout
/// (<Contract>/<major.minor.patch>/<locale>[.<variant>].json); rename, move or delete:
///   .VersionedTestJSON/Sign In: 'Sign In' is not a contract name: contract folders match …
///   .VersionedTestJSON/SettingsViewModel/1.0: '1.0' is not a version folder name: …
/// ```
/// Names are escaped (``DisplayText``): a control character in a name cannot forge a line.
package struct BaselineLayoutError: Error, Sendable, Hashable, CustomStringConvertible {
  /// One entry and the rule it breaks.
  package struct Violation: Sendable, Hashable {
    /// The entry's path as messages show it, escaped.
    package var path: String
    /// The rule, in one sentence without a trailing period.
    package var rule: String
  }

  /// The baseline directory as the user named it.
  package var directory: String
  /// Every entry that breaks the layout, in path order.
  package var violations: [Violation]

  /// The most entries listed; a tree renamed wholesale lists the first ones and a count.
  static let listed = 20

  package var description: String {
    var lines = [
      "\(directory) does not fit the baseline layout "
        + "(<Contract>/<major.minor.patch>/<locale>[.<variant>].json); rename, move or delete "
        + (violations.count == 1 ? "this entry:" : "these \(violations.count) entries:"),
    ]
    lines += violations.prefix(Self.listed).map { "  \($0.path): \($0.rule)" }
    if violations.count > Self.listed {
      lines.append("  … and \(violations.count - Self.listed) more")
    }
    return lines.joined(separator: "\n")
  }
}
