import ContractKitRuntime

/// Renders a report as the fixed JSON report that scripts read and `contracts merge` merges.
///
/// ```json
/// {
///   "findings" : [
///     {
///       "contract" : "DashboardViewModel",
///       "kind" : "field-removed",
///       "locale" : "en",
///       "message" : "…",
///       "path" : "/cards/0/title",
///       "severity" : "error",
///       "variant" : "default",
///       "version" : "1.0.0"
///     }
///   ],
///   "summary" : {
///     "baselines" : 216,
///     "contracts" : 12,
///     "errors" : 1,
///     "gate" : "fail",
///     "infos" : 0,
///     "requiredBump" : "major",
///     "warnings" : 0
///   }
/// }
/// ```
/// The keys are exactly these (the shape is acceptance-tested); absent coordinates are `null`.
/// Baseline and current values are not part of the shape. A `--shard` run's report adds one
/// top-level key, `"shard"`, with what `contracts merge` needs.
enum JSONReporter {
  /// The keys of the top-level object.
  static let rootKeys = ["findings", "summary"]
  /// The keys of each finding object.
  static let findingKeys = [
    "kind", "severity", "contract", "version", "locale", "variant", "path", "message",
  ]
  /// The keys of the summary object.
  static let summaryKeys = [
    "contracts", "baselines", "errors", "warnings", "infos", "gate", "requiredBump",
  ]

  /// Renders `report` as canonical JSON (sorted keys, two-space indent, trailing newline).
  static func render(_ report: Report) -> String {
    CanonicalJSON.string(value(of: report))
  }

  /// The report as the fixed JSON shape, with a `"shard"` object only for a `--shard` run
  /// (see `ShardRecord+JSON.swift`): unsharded reports are exactly the fixed shape.
  static func value(of report: Report) -> JSONValue {
    guard case .object(var members) = fixedValue(of: report), let shard = report.shard else {
      return fixedValue(of: report)
    }
    members["shard"] = value(of: shard, findings: report.findings)
    return .object(members)
  }

  /// The report as the fixed JSON shape.
  private static func fixedValue(of report: Report) -> JSONValue {
    let summary = report.summary
    return .object([
      "findings": .array(report.findings.map(value(of:))),
      "summary": .object([
        "contracts": .number(JSONNumber(summary.contracts)),
        "baselines": .number(JSONNumber(summary.baselines)),
        "errors": .number(JSONNumber(summary.errors)),
        "warnings": .number(JSONNumber(summary.warnings)),
        "infos": .number(JSONNumber(summary.infos)),
        "gate": .string(summary.gatePasses ? "pass" : "fail"),
        "requiredBump": .string(summary.requiredBump.rawValue),
      ]),
    ])
  }

  /// One finding as the fixed JSON shape, `null` for coordinates that do not apply.
  private static func value(of finding: Finding) -> JSONValue {
    let optional = { (text: String?) in text.map(JSONValue.string) ?? .null }
    return .object([
      "kind": .string(finding.kind.rawValue),
      "severity": .string(finding.severity.rawValue),
      "contract": optional(finding.contract),
      "version": optional(finding.version),
      "locale": optional(finding.locale),
      "variant": optional(finding.variant),
      "path": optional(finding.path),
      "message": .string(finding.message),
    ])
  }
}
