/// One classified difference or problem, with where it is and how much it matters.
///
/// The first eight properties are the fixed fields of the JSON report. `baseline` and
/// `current` carry the two values side by side for human-readable formats only.
public struct Finding: Sendable, Hashable {
  public var kind: FindingKind
  public var severity: Severity
  /// The contract's name, or `nil` for store-wide findings such as `key-unused`.
  public var contract: String?
  /// The system version (`"1.2.0"`) where one applies.
  public var version: String?
  /// The locale (`"pt-BR"`) where one applies.
  public var locale: String?
  /// The stub variant (`"default"` for the default stub) where one applies.
  public var variant: String?
  /// An RFC 6901 JSON Pointer into the payload (`""` is the whole document).
  public var path: String?
  public var message: String
  /// The committed value at `path`, when there is one.
  public var baseline: JSONValue?
  /// The value encoded now at `path`, when there is one.
  public var current: JSONValue?

  public init(
    _ kind: FindingKind,
    severity: Severity? = nil,
    contract: String? = nil,
    version: String? = nil,
    locale: String? = nil,
    variant: String? = nil,
    path: String? = nil,
    message: String,
    baseline: JSONValue? = nil,
    current: JSONValue? = nil
  ) {
    self.kind = kind
    self.severity = severity ?? kind.defaultSeverity
    self.contract = contract
    self.version = version
    self.locale = locale
    self.variant = variant
    self.path = path
    self.message = message
    self.baseline = baseline
    self.current = current
  }
}

extension Finding {
  /// The order every report lists findings in: contract, version, locale, variant, path, kind.
  ///
  /// Sorting here rather than in each reporter keeps every format byte-identical across
  /// runs, thread schedules and hash seeds.
  public static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
    let left = [lhs.contract ?? "", lhs.version ?? "", lhs.locale ?? "", lhs.variant ?? "",
                lhs.path ?? "", lhs.kind.rawValue, lhs.message]
    let right = [rhs.contract ?? "", rhs.version ?? "", rhs.locale ?? "", rhs.variant ?? "",
                 rhs.path ?? "", rhs.kind.rawValue, rhs.message]
    for (a, b) in zip(left, right) where a != b {
      return a.utf8.lexicographicallyPrecedes(b.utf8)
    }
    return false
  }
}
