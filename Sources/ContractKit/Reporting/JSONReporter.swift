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
  /// (see `ShardRecord+JSON.swift`) and a `"sinceRelease"` object only for `report --against`
  /// (``value(of:)-(SinceRelease)``): any other report is exactly the fixed shape.
  static func value(of report: Report) -> JSONValue {
    guard case .object(var members) = fixedValue(of: report) else {
      return fixedValue(of: report)
    }
    if let shard = report.shard { members["shard"] = value(of: shard, findings: report.findings) }
    if let since = report.since { members[sinceReleaseKey] = value(of: since) }
    return .object(members)
  }

  /// The key of the release section, `report --against REF`'s, and the keys it holds.
  static let sinceReleaseKey = "sinceRelease"
  static let sinceReleaseKeys = [
    "ref", "commit", "releasedVersion", "currentVersion", "declaredBump", "requiredBump",
    "reasons", "accepted", "unlogged",
  ]

  /// The release section:
  /// ```json
  /// "sinceRelease" : {
  ///   "ref" : "v1.0.0", "commit" : "8e30d9376056…", "releasedVersion" : "1.0.0",
  ///   "currentVersion" : "1.1.0", "declaredBump" : "minor", "requiredBump" : "major",
  ///   "reasons" : [{"contract" : "Card", "kinds" : ["field-removed"]}],
  ///   "accepted" : [{"date" : "2026-02-03", "contract" : "Card", "version" : "1.0.0",
  ///                  "kinds" : ["field-removed"], "reason" : "…",
  ///                  "paths" : ["/legacyTitle"], "locales" : []}],
  ///   "unlogged" : [{"kind" : "field-removed", "contract" : "Card", "version" : "1.0.0",
  ///                  "locale" : "en", "variant" : "default", "path" : "/title",
  ///                  "message" : "…"}]
  /// }
  /// ```
  /// An accepted row written before rows said where has `paths` and `locales` `null`; each
  /// unlogged break has the shape of a finding, with the break's own kind and severity (it
  /// is also a `break-unlogged` finding of `findings`).
  static func value(of since: SinceRelease) -> JSONValue {
    let strings = { (values: [String]) in JSONValue.array(values.map(JSONValue.string)) }
    let version = { (version: SystemVersion?) in
      version.map { JSONValue.string($0.versionString) } ?? .null
    }
    return .object([
      "ref": .string(since.ref),
      "commit": .string(since.commit),
      "releasedVersion": version(since.comparison.previous),
      "currentVersion": version(since.comparison.current),
      "declaredBump": .string(since.declaredBump.rawValue),
      "requiredBump": .string(since.requiredBump.rawValue),
      "reasons": .array(since.comparison.reasons.map { reason in
        .object(["contract": .string(reason.contract),
                 "kinds": strings(reason.kinds.map(\.rawValue))])
      }),
      "accepted": .array(since.accepted.map { entry in
        var paths: [String] = []
        var locales: [String] = []
        for place in entry.places ?? [] {
          switch place {
          case .path(let path): paths.append(path)
          case .locale(let locale): locales.append(locale)
          }
        }
        return .object([
          "date": .string(entry.date), "contract": .string(entry.contract),
          "version": .string(entry.version), "kinds": strings(entry.kinds),
          "reason": .string(entry.reason),
          "paths": entry.places == nil ? .null : strings(paths),
          "locales": entry.places == nil ? .null : strings(locales),
        ])
      }),
      "unlogged": .array(since.unlogged.map(value(of:))),
    ])
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
