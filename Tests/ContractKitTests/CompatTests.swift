import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// `contracts compat` on a package as the quick start writes it (no products), against a tag
/// cut before any change: the probe is built inside the release's own package. The suite
/// shares one repository and one probe cache (``QuickStartRelease``): the first run builds,
/// every later run is served from the cache.
@Suite("compat: released clients decode today's payloads", .serialized)
struct CompatTests {
  /// The first run over v1.0.0, with how long it took.
  static let firstRun = Result { () throws -> (report: Report, seconds: Double) in
    let fixture = try QuickStartRelease.shared.get()
    let start = Date()
    let report = try fixture.compat(["v1.0.0"])
    return (report, Date().timeIntervalSince(start))
  }

  static let failures = ["de", "en", "es"].map {
    "error client-decode-failed OrderDTO 1.1.0 \($0) default /totalCents"
  }

  @Test("a quick-start package with no products: v1.0.0's own OrderDTO cannot decode today's rename")
  func matrix() async throws {
    let (report, seconds) = try await offThePool { try Self.firstRun.get() }
    print("compat: first run (one probe build in the quick start's package) took \(Int(seconds)) s")
    #expect(briefs(report) == Self.failures)
    let fixture = try QuickStartRelease.shared.get()
    let commit = try fixture.git.git("rev-parse", "v1.0.0").trimmingCharacters(in: .newlines)
    #expect(report.findings.first?.message
      == "v1.0.0 (commit \(commit.prefix(12))) cannot decode today's payload with its own type: "
        + "required key 'totalCents' is missing")
    #expect(report.summary.gatePasses == false)
    #expect(ExitStatus.code(for: report) == 1)
    let matrix = try #require(report.compat)
    #expect(matrix.rows == [
      ["ref", "contract", "en", "es", "de"],
      ["v1.0.0", "HomeViewModel", "ok", "ok", "ok"],
      ["v1.0.0", "OrderListViewModel", "ok", "ok", "ok"],
      ["v1.0.0", "OrderDTO", "FAILS", "FAILS", "FAILS"],
      ["v1.0.0", "PromoBanner", "absent", "absent", "absent"],
    ])
    #expect(matrix.releases.map(\.version) == [Scenario.v2])
    #expect(matrix.releases.map(\.built) == [true])
    #expect(matrix.releases.first?.notes == ["decoders: today's declaration for OrderDTO"])
    // Built in the release's own package: its manifest gained the probe, nothing else.
    let manifest = try String(
      contentsOf: fixture.git.root.appendingPathComponent(
        ".build/contractkit-compat/\(commit)/source/Package.swift"), encoding: .utf8)
    #expect(manifest.hasSuffix("""
      package.targets.append(.executableTarget(
        name: "ContractKitCompatProbe", dependencies: [.target(name: "AppViewModels")],
        path: "ContractKitCompatProbe"))
      package.products.append(.executable(
        name: "ContractKitCompatProbe", targets: ["ContractKitCompatProbe"]))

      """))
  }

  @Test("the shape rules call today's OrderDTO a break too, but cannot see the release's own code")
  func shapeRules() async throws {
    let fixture = try await offThePool { try QuickStartRelease.shared.get() }
    let report = try Check(catalog: fixture.catalog).run()
    #expect(report.findings.contains {
      $0.kind == .fieldRemoved && $0.contract == "OrderDTO" && $0.path == "/totalCents"
    })
  }

  @Test("the matrix in text, markdown, JSON, JUnit and HTML")
  func formats() async throws {
    let report = try await offThePool { try Self.firstRun.get() }.report
    let text = ReportFormat.text.render(report, colored: false, command: "swift run contracts")
    #expect(text.contains("""
        v1.0.0  commit \(report.compat?.releases.first?.commit.prefix(12) ?? "")  decodes 1.1.0  built
            decoders: today's declaration for OrderDTO
        ref     contract            en      es      de
        v1.0.0  HomeViewModel       ok      ok      ok
        v1.0.0  OrderListViewModel  ok      ok      ok
        v1.0.0  OrderDTO            FAILS   FAILS   FAILS
        v1.0.0  PromoBanner         absent  absent  absent
      """), "\(text)")
    #expect(text.hasPrefix("GATE: FAIL\n"))
    print(text)
    let markdown = ReportFormat.markdown.render(report, colored: false, command: "swift run contracts")
    #expect(markdown.contains("| v1.0.0 | OrderDTO | FAILS | FAILS | FAILS |"))
    #expect(markdown.contains("  - decoders: today's declaration for OrderDTO"))
    let json = ReportFormat.json.render(report, colored: false, command: "swift run contracts")
    #expect(json.contains(#""kind" : "client-decode-failed""#))
    let junit = ReportFormat.junit.render(report, colored: false, command: "swift run contracts")
    #expect(junit.contains("<testcase classname=\"OrderDTO\" name=\"1.1.0 en default\""))
    #expect(junit.contains("client-decode-failed"))
    let html = ReportFormat.html.render(report, colored: false, command: "swift run contracts")
    #expect(html.contains("<td class=\"error\">FAILS</td>"))
    #expect(html.contains("<li>decoders: today&#39;s declaration for OrderDTO</li>")
      || html.contains("<li>decoders: today's declaration for OrderDTO</li>"))
  }

  @Test("a second run is served from the cache, verified: no build, seconds; a ref given twice is asked once")
  func cached() async throws {
    let first = try await offThePool { try Self.firstRun.get() }
    let fixture = try QuickStartRelease.shared.get()
    let start = Date()
    let second = try await offThePool { try fixture.compat(["v1.0.0", "v1.0.0"]) }
    let seconds = Date().timeIntervalSince(start)
    print("compat: second run (cached) took \(String(format: "%.2f", seconds)) s")
    #expect(second.compat?.releases.map(\.built) == [false])
    #expect(second.findings == first.report.findings)
    #expect(second.summary.errors == 3)
    #expect(seconds < first.seconds / 5)
  }

  @Test("report --against v1.0.0 --compat folds the release's decode failures into the verdict")
  func gate() async throws {
    let fixture = try await offThePool { try QuickStartRelease.shared.get() }
    let gate = try ReleaseGate(catalog: fixture.catalog, against: "v1.0.0").run()
    let compat = try await offThePool { try fixture.compat(["v1.0.0"]) }
    let folded = gate.folding(compat: compat)
    #expect(!folded.summary.gatePasses)
    #expect(folded.summary.requiredBump == .major)
    #expect(folded.summary.errors == gate.summary.errors + 3)
    #expect(folded.findings.filter { $0.kind == .clientDecodeFailed }.map(brief) == Self.failures)
    #expect(folded.compat?.rows.dropFirst().map { $0.prefix(2).joined(separator: " ") }
      == ["v1.0.0 HomeViewModel", "v1.0.0 OrderListViewModel", "v1.0.0 OrderDTO",
          "v1.0.0 PromoBanner"])
    #expect(folded.since?.ref == "v1.0.0")
  }
}
