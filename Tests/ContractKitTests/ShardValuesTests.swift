import Testing

@testable import ContractKit
@testable import ContractKitRuntime

/// A shard's JSON report carries its findings' values beside the fixed shape, so the merged
/// report's Markdown and HTML show them as the unsharded run's do.
@Suite("Shard reports carry values for the merged report")
struct ShardValuesTests {
  @Test("values survive the shard's JSON: absent, null, text and objects; unsharded JSON stays the fixed shape")
  func valuesRoundTrip() throws {
    let findings = [
      Finding(.fieldRemoved, contract: "Card", version: "1.0.0", locale: "en", variant: "default",
              path: "/a", message: "field '/a' is gone", baseline: ["x": 1, "y": [true, nil]]),
      Finding(.becameNull, contract: "Card", version: "1.0.0", locale: "es", variant: "default",
              path: "/b", message: "'/b' became null", baseline: "Hola", current: .null),
      Finding(.fieldAdded, contract: "Card", version: "1.1.0", locale: "en", variant: "default",
              path: "/c", message: "new field '/c'"),
    ]
    let shard = ShardFixture.report(1, of: 1, contracts: ["Card"], findings: findings)
    let json = ReportFormat.json.render(shard)
    #expect(json.contains("""
          "values" : [
            {
              "baseline" : {
                "x" : 1,
      """))
    let read = try ShardFixture.roundTrip(shard)
    #expect(read.findings.map(\.baseline) == shard.findings.map(\.baseline))
    #expect(read.findings.map(\.current) == shard.findings.map(\.current))
    #expect(read.findings[1].current == .null && read.findings[2].current == nil)
    let merged = try ReportMerger.merge([read], failOn: .error)
    #expect(ReportFormat.markdown.render(merged).contains(
      "| became-null | `Card` | `1.0.0` | `/b` | `es (default)` | 1 | '/b' became null "
        + "| baseline: `\"Hola\"`<br>current: `null` |"))
    #expect(!ReportFormat.json.render(ReportFixture.report()).contains("\"values\""))
  }

  @Test("a values entry with another key, or naming a finding the report lacks, is refused")
  func badValuesRefused() {
    let shard = ShardFixture.report(1, of: 1, contracts: ["Card"], findings: [ShardFixture.removal("Card")])
    let json = ReportFormat.json.render(shard)
    let extraKey = json.replacingOccurrences(
      of: "\"values\" : []", with: "\"values\" : [{\"finding\" : 0, \"before\" : 1}]")
    let outOfRange = json.replacingOccurrences(
      of: "\"values\" : []", with: "\"values\" : [{\"finding\" : 7, \"baseline\" : 1}]")
    #expect(extraKey != json && outOfRange != json, "\(json)")
    #expect(throws: InputError.self) { try ReportMerger.read(Array(extraKey.utf8), file: "shard.json") }
    #expect(throws: InputError.self) { try ReportMerger.read(Array(outOfRange.utf8), file: "shard.json") }
  }
}
