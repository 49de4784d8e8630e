@testable import ContractKit
@testable import ContractKitRuntime

/// A large release-gate report built in memory, no files: 500 contracts x 4 versions x
/// 5 locales x 2 variants = 20,000 baselines, of which every hundredth changed (1%).
///
/// Each changed baseline has a `value-changed` (info) at its own row; every fourth also lost
/// a field holding an object (`field-removed`, error), every seventh shows a fallback text
/// (`translation-fallback`, warning). Paths differ per baseline, so little groups: the
/// worst case for a report's size.
enum SyntheticReport {
  static let versions = [SystemVersion(1, 0, 0), SystemVersion(1, 1, 0), SystemVersion(2, 0, 0),
                         SystemVersion(2, 1, 0)]
  static let locales = ["en", "es", "de", "fr", "ja"]
  static let variants = ["default", "empty"]

  /// The report of `contracts` contracts (40 baselines each), one baseline in `changedEvery`
  /// changed.
  static func make(contracts: Int = 500, changedEvery: Int = 100) -> Report {
    var cases: [ContractCase] = []
    for contract in 0..<contracts {
      let name = "Contract\(String(1000 + contract).dropFirst())ViewModel"
      for version in versions {
        for locale in locales {
          for variant in variants {
            cases.append(ContractCase(contract: name, version: version, locale: locale, variant: variant))
          }
        }
      }
    }
    var findings: [Finding] = []
    for (index, file) in cases.enumerated() where index % changedEvery == 0 {
      let row = index / changedEvery
      findings.append(Finding(
        .valueChanged, scope: .file(file), path: "/rows/\(row % 7)/title",
        message: "value of '/rows/\(row % 7)/title' changed",
        baseline: .string("Row \(row) before the change"), current: .string("Row \(row) after the change")))
      if row % 4 == 0 {
        let badge: JSONValue = ["label": .string("Badge \(row)"), "count": .number(JSONNumber(row)),
                                "tint": "accent", "visible": true]
        findings.append(Finding(
          .fieldRemoved, scope: .file(file), path: "/rows/\(row % 7)/badge",
          message: "field '/rows/\(row % 7)/badge' is gone; clients that require it fail to decode",
          baseline: badge))
      }
      if row % 7 == 0 {
        findings.append(Finding(
          .translationFallback, scope: .file(file), path: "/header",
          message: "text came from the fallback locale en", current: .string("Overview \(row)")))
      }
    }
    let coverage = locales.map { LocaleCoverage(locale: $0, resolved: 4_000, fellBack: 0, missing: 0) }
    var comparison = ReleaseComparison(versions: versions, previous: versions[2], current: versions[3])
    comparison.note(findings)
    return Report(
      command: "merge", findings: findings,
      summary: Summary(
        findings: findings, contracts: contracts, versions: versions.count, locales: locales.count,
        baselines: cases.count, failOn: .error, requiredBump: comparison.requiredBump),
      coverage: coverage, baselineDirectory: ".VersionedTestJSON", comparison: comparison,
      cases: cases)
  }
}
