import Foundation
@testable import ContractKit
@testable import ContractKitRuntime

/// The sample catalog's release-gate report with purpose-made findings of every severity,
/// made in a private copy of the baselines (``SampleCopy``):
/// - error: `DashboardViewModel 1.0.0 en` lost a field whose baseline value is
///   ``hostile`` (`field-removed`), and a contract named ``hostile`` lost its encoding
///   (`contract-removed`, added to the report in memory: no folder can carry that name);
/// - warning: a version folder `SignInViewModel/0.9.0` the catalog no longer supports
///   (`version-removed`), so `Baselines.md` is stale too (`baselines-stale`);
/// - info: `DashboardViewModel 1.0.0 es` has an old title (`value-changed`).
struct ReleaseDayFixture {
  static let hostile = "<script>alert(1)</script>"
  /// The Spanish title the edited baseline holds.
  static let oldTitle = "Informe antiguo"

  let copy: SampleCopy
  let report: Report
  /// Today's Spanish title, the finding's current value.
  let currentTitle: String

  init() throws {
    copy = try SampleCopy()
    var title = ""
    try copy.edit("DashboardViewModel/1.0.0/en.json") { $0.set("/cards/0/legacyBadge", to: .string(Self.hostile)) }
    try copy.edit("DashboardViewModel/1.0.0/es.json") { value in
      if case .array(let cards)? = value["cards"], let text = cards.first?["title"]?.stringValue {
        title = text
      }
      value.set("/cards/0/title", to: .string(Self.oldTitle))
    }
    currentTitle = title
    try FileManager.default.copyItem(
      at: copy.baselines.appendingPathComponent("SignInViewModel/1.0.0"),
      to: copy.baselines.appendingPathComponent("SignInViewModel/0.9.0"))
    let checked = try Check(catalog: copy.catalog).run()
    let findings = checked.findings + [
      Finding(.contractRemoved, scope: .contract(Self.hostile),
              message: "contract \(Self.hostile) has baselines but no current encoding"),
    ]
    let summary = checked.summary
    report = Report(
      command: "report", findings: findings,
      summary: Summary(
        findings: findings, contracts: summary.contracts, versions: summary.versions,
        locales: summary.locales, baselines: summary.baselines, failOn: checked.failOn,
        requiredBump: summary.requiredBump),
      coverage: checked.coverage, baselineDirectory: checked.baselineDirectory,
      failOn: checked.failOn, comparison: checked.comparison, cases: checked.cases)
  }
}
