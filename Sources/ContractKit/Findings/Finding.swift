import ContractKitRuntime

/// One classified difference or problem: what kind, how much it matters, what it is about,
/// and where in the payload.
///
/// Findings are built by the constructors in `Finding+Messages.swift`, which hold every
/// wording; what a kind means for a release (does it break clients, does recording fix it)
/// is in `FindingKind+Policy.swift`. `baseline` and `current` carry the two values side by
/// side for human-readable formats only.
///
/// A message never repeats its finding's own locale or variant: the scope carries them.
/// That is what lets the same change in six locales read as one line, even in merged
/// reports.
package struct Finding: Sendable, Hashable {
  package var kind: FindingKind
  package var severity: Severity
  /// What the finding is about.
  package var scope: FindingScope
  /// An RFC 6901 JSON Pointer into the payload (`""` is the whole document), where one
  /// applies.
  package var path: String?
  package var message: String
  /// The committed value at `path`, when there is one.
  package var baseline: JSONValue?
  /// The value encoded now at `path`, when there is one.
  package var current: JSONValue?
  /// Which way this finding breaks compatibility: its kind's direction
  /// (``FindingKind/breakDirection``) unless the finding knows better, as a payload that
  /// today's own type cannot decode does (backward: this version's clients cannot read it).
  package var direction: BreakDirection?
  package init(
    _ kind: FindingKind, severity: Severity? = nil, scope: FindingScope, path: String? = nil,
    message: String, baseline: JSONValue? = nil, current: JSONValue? = nil
  ) {
    self.kind = kind
    self.severity = severity ?? kind.defaultSeverity
    self.scope = scope
    self.path = path
    self.message = message
    self.baseline = baseline
    self.current = current
    self.direction = kind.breakDirection
  }

  /// The contract's name, or `nil` for findings about no contract such as `key-unused`.
  package var contract: String? { scope.contract }
  /// The system version (`"1.2.0"`) where one applies.
  package var version: String? { scope.version?.versionString }
  /// The locale (`"pt-BR"`) where one applies.
  package var locale: String? { scope.locale }
  /// The stub variant (`"default"` for the default stub) where one applies.
  package var variant: String? { scope.variant }
}

extension Finding {
  /// The order every report lists findings in: contract, version, locale, variant, path,
  /// kind, message.
  ///
  /// Sorting here rather than in each reporter keeps every format byte-identical across
  /// runs, thread schedules and hash seeds.
  package static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
    if lhs.scope != rhs.scope, lhs.scope.orderKey != rhs.scope.orderKey {
      return FindingScope.precedes(lhs.scope, rhs.scope)
    }
    let left = [lhs.path ?? "", lhs.kind.rawValue, lhs.message]
    let right = [rhs.path ?? "", rhs.kind.rawValue, rhs.message]
    for (a, b) in zip(left, right) where a != b {
      return codePointOrder(a, b)
    }
    return false
  }

  /// The path as reports print it: the pointer, `(document)` for `""`, `nil` for none.
  var displayPath: String? {
    path.map { $0.isEmpty ? "(document)" : $0 }
  }
}
