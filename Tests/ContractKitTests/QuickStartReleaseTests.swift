import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// Release day on the quick start's own package (issue 32), as a new user lives it: the app
/// is tagged `v1.0.0`; a week later `OrderDTO.totalCents` is `amountCents` (recorded with a
/// reason), `currency` is `currencyCode` (renamed in the code and, by hand, in the
/// baselines), and German is dropped. Every command is the app's own `app-contracts`, built
/// from the repository.
@Suite("Release day on the quick start's own package")
struct QuickStartReleaseTests {
  static let dto = "Sources/AppViewModels/OrderDTO.swift"
  static let catalog = "Sources/AppContracts/AppCatalog.swift"
  static let german = ["HomeViewModel", "OrderDTO", "OrderListViewModel"].flatMap { contract in
    ["1.0.0", "1.1.0"].map { ".VersionedTestJSON/\(contract)/\($0)/de.json" }
  }

  /// Where a run's reports go while the test reads them (kept for a failure's diagnosis).
  static func write(_ text: String, _ name: String, in repository: QuickStartRepository) throws
    -> URL
  {
    let url = repository.root.appendingPathComponent(".reports/\(name)")
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                            withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
    return url
  }

  @Test("a week after v1.0.0: refusals, reasons, a hand-edited break, the release in six formats",
        .timeLimit(.minutes(45)))
  func releaseDay() async throws {
    try await QuickStartCopy.use { copy in
      let repository = try QuickStartRepository(copy)
      try repository.replace("public let totalCents: Int", with: "public let amountCents: Int",
                             in: Self.dto)
      try repository.replace("public let currency: String", with: "public let currencyCode: String",
                             in: Self.dto)
      try repository.replace(#"id: 1001, totalCents: 14_990, currency: "EUR","#,
                             with: #"id: 1001, amountCents: 14_990, currencyCode: "EUR","#,
                             in: Self.dto)
      try repository.replace(#"locales: ["es", "de"],"#, with: #"locales: ["es"],"#,
                             in: Self.catalog)
      // The hand edit: the released baselines say `currencyCode` too, so check sees nothing.
      for version in ["1.0.0", "1.1.0"] {
        for locale in ["en", "es", "de"] {
          try repository.replace(#""currency" : "#, with: #""currencyCode" : "#,
                                 in: ".VersionedTestJSON/OrderDTO/\(version)/\(locale).json")
        }
      }
      let app = try await repository.build()
      func run(_ arguments: String...) throws -> (code: Int32, stdout: String, stderr: String) {
        try repository.run(app, arguments)
      }

      // What check sees: the rename in code and the dropped locale, not the hand-edited one.
      let check = try run("check")
      #expect(check.code == 1)
      #expect(check.stdout.contains(
        "error  field-removed  OrderDTO 1.0.0, 1.1.0 /totalCents in en, es (default)"),
        "\(check.stdout)")
      #expect(check.stdout.contains("error  locale-removed  OrderDTO 1.0.0 in de"))
      #expect(!check.stdout.contains("/currency"))

      // A plain record refuses both, writing and deleting nothing.
      let before = DirectorySnapshot(repository.root)
      let refused = try run("record")
      #expect(refused.code == 1)
      #expect(refused.stdout.hasPrefix("Refused: "), "\(refused.stdout)")
      #expect(refused.stdout.contains("error  locale-removed  HomeViewModel 1.0.0 in de"))
      #expect(DirectorySnapshot(repository.root) == before)

      // The rename, recorded with its reason where the locales stay.
      let renamed = try run("record", "--only", "OrderDTO/*/en", "OrderDTO/*/es",
                            "--accept-breaking", "--reason", "amounts are amountCents")
      #expect(renamed.code == 0, "\(renamed.stdout)")
      // German: still refused without a reason; with one, deleted and logged.
      let stillRefused = try run("record")
      #expect(stillRefused.code == 1)
      #expect(stillRefused.stdout.contains("""
        error  locale-removed  HomeViewModel 1.0.0 in de: this locale is no longer produced \
        for HomeViewModel 1.0.0; its clients lose this screen's translations
        """), "\(stillRefused.stdout)")
      for path in Self.german {
        #expect(FileManager.default.fileExists(atPath: repository.root.appendingPathComponent(path).path))
      }
      let dropped = try run("record", "--accept-breaking", "--reason", "German is no longer offered")
      #expect(dropped.code == 0, "\(dropped.stdout)")
      #expect(dropped.stdout.contains("""
        Removed 8 orphaned baselines:
          removed HomeViewModel/1.0.0/de.json
          removed HomeViewModel/1.0.0/de.new-user.json
          removed HomeViewModel/1.1.0/de.json
          removed HomeViewModel/1.1.0/de.new-user.json
          removed OrderDTO/1.0.0/de.json
          removed OrderDTO/1.1.0/de.json
          removed OrderListViewModel/1.0.0/de.json
          removed OrderListViewModel/1.1.0/de.json
        Accepted 3 breaking changes, logged in Baselines.md.
        """), "\(dropped.stdout)")
      for path in Self.german {
        #expect(!FileManager.default.fileExists(atPath: repository.root.appendingPathComponent(path).path))
      }
      let log = try BaselinesDocument.logRows(
        of: String(contentsOf: repository.root.appendingPathComponent("Baselines.md"), encoding: .utf8))
        .map { $0.replacingOccurrences(of: Record.today(), with: "today") }
      #expect(log == [
        "| today | OrderDTO | 1.0.0 | field-removed | amounts are amountCents | `/totalCents` |",
        "| today | HomeViewModel | 1.0.0 | locale-removed | German is no longer offered | locale `de` |",
        "| today | OrderDTO | 1.0.0 | locale-removed | German is no longer offered | locale `de` |",
        "| today | OrderListViewModel | 1.0.0 | locale-removed | German is no longer offered "
          + "| locale `de` |",
      ])
      #expect(try run("check").code == 0)

      // The gate since v1.0.0, in all six formats.
      let commit = try repository.git("rev-parse", "v1.0.0^{commit}").prefix(12)
      var reports: [ReportFormat: String] = [:]
      for format in ReportFormat.allCases {
        let result = try run("report", "--against", "v1.0.0", "--format", format.rawValue)
        #expect(result.code == 1, "\(format): \(result.stderr)")
        reports[format] = result.stdout
        _ = try Self.write(result.stdout, "report.\(format.rawValue)", in: repository)
      }
      let text = try #require(reports[.text])
      #expect(text.hasPrefix("""
        GATE: FAIL
        Required bump: major (compared each of 1.0.0, 1.1.0 with its baselines; 1.1.0 with \
        1.0.0; the tree of v1.0.0 with today's)
        Since v1.0.0 (commit \(commit)): major (HomeViewModel: locale-removed; OrderDTO: \
        field-removed, locale-removed; OrderListViewModel: locale-removed)

        """), "\(text)")
      #expect(text.contains("""
          error  break-unlogged  OrderDTO 1.0.0 /currency in en, es (default): field-removed \
        since v1.0.0, which no row of Baselines.md's log accepts: field '/currency' is gone
        """))
      #expect(text.contains("""
          error  version-bump-required  1.1.0: since v1.0.0, 1.0.0 → 1.1.0 is a minor bump, \
        but the changes since require major
        """))
      #expect(text.contains("""
        Accepted since v1.0.0
          today  OrderDTO 1.0.0  field-removed at /totalCents  amounts are amountCents
          today  HomeViewModel 1.0.0  locale-removed at locale de  German is no longer offered
          today  OrderDTO 1.0.0  locale-removed at locale de  German is no longer offered
          today  OrderListViewModel 1.0.0  locale-removed at locale de  German is no longer offered

        Unlogged since v1.0.0 (breaks no row of Baselines.md's log accepts)
          field-removed  OrderDTO 1.0.0 /currency in en, es (default)

        """.replacingOccurrences(of: "today", with: Record.today())), "\(text)")

      let markdown = try #require(reports[.markdown])
      #expect(markdown.contains("Since `v1.0.0` (commit `\(commit)`): **major**"))
      #expect(markdown.contains("""
        | \(Record.today()) | `OrderDTO` | `1.0.0` | field-removed | `/totalCents` | amounts are \
        amountCents |
        """), "\(markdown)")
      #expect(markdown.contains("""
        ### Unlogged since `v1.0.0`

        Breaks since `v1.0.0` that no row of Baselines.md's log accepts: each is a \
        `break-unlogged` error.

        | kind | contract | version | path | locales |
        | --- | --- | --- | --- | --- |
        | field-removed | `OrderDTO` | `1.0.0` | `/currency` | `en, es (default)` |
        """))

      let json = try JSONParser.parse(Array(try #require(reports[.json]).utf8), file: "report.json")
      let since = try #require(json["sinceRelease"])
      #expect(since["ref"] == .string("v1.0.0"))
      #expect(since["releasedVersion"] == .string("1.0.0"))
      #expect(since["currentVersion"] == .string("1.1.0"))
      #expect(since["declaredBump"] == .string("minor"))
      #expect(since["requiredBump"] == .string("major"))
      #expect(since["accepted"]?.arrayValue?.count == 4)
      #expect(since["accepted"]?.arrayValue?.first?["paths"] == .array([.string("/totalCents")]))
      let unlogged = try #require(since["unlogged"]?.arrayValue)
      #expect(unlogged.map { $0["kind"] } == [.string("field-removed"), .string("field-removed")])
      #expect(unlogged.map { $0["path"] } == [.string("/currency"), .string("/currency")])
      #expect(unlogged.map { $0["locale"] } == [.string("en"), .string("es")])
      #expect(json["summary"]?["requiredBump"] == .string("major"))
      #expect(json["findings"]?.arrayValue?.filter { $0["kind"] == .string("break-unlogged") }
        .count == 2)

      let junit = try #require(reports[.junit])
      if let xmllint = JUnitSchemaTests.xmllint {
        let file = try Self.write(junit, "report.xml", in: repository)
        let validated = try runBinary(
          ["--noout", "--schema", JUnitSchemaTests.schema.path, file.path], executable: xmllint)
        #expect(validated.code == 0, "\(validated.stderr)")
      }
      #expect(junit.contains(#"<testcase classname="(catalog)" name="unlogged since v1.0.0: "#
        + #"field-removed OrderDTO 1.0.0 /currency in en, es (default)" time="0">"#), "\(junit)")
      #expect(junit.contains(#"<failure type="break-unlogged""#))
      #expect(junit.contains("Accepted since v1.0.0"))

      let github = try #require(reports[.github])
      #expect(github.contains("::error file=.VersionedTestJSON/OrderDTO/1.0.0/en.json,line=1,"
        + "title=break-unlogged::field-removed since v1.0.0"), "\(github)")
      #expect(github.contains("::notice title=ContractKit since v1.0.0::Since v1.0.0 (commit "
        + "\(commit)): major"))
      #expect(github.contains("Unlogged since v1.0.0 (breaks no row of Baselines.md's log "
        + "accepts)%0A  field-removed  OrderDTO 1.0.0 /currency in en, es (default)"))

      // Versions over time: the tree of the tag alone against today's, typos that say what
      // exists.
      let alone = try run("diff", "git:v1.0.0")
      let both = try run("diff", "git:v1.0.0", ".VersionedTestJSON")
      #expect(alone.code == 1 && alone.stdout == both.stdout, "\(alone.stderr)")
      #expect(alone.stdout.contains("error  field-removed  OrderDTO 1.0.0, 1.1.0 /currency in en, "
        + "es (default)"), "\(alone.stdout)")
      let typo = try run("report", "--against", "v1.0")
      #expect(typo.code == 2)
      #expect(typo.stderr.hasSuffix("'v1.0' names no commit of the repository at "
        + "\(try repository.git("rev-parse", "--show-toplevel").trimmingCharacters(in: .newlines))"
        + ": no such branch, tag or commit; did you mean v1.0.0?\n"), "\(typo.stderr)")
      let version = try run("record", "--only", "OrderDTO/2.1.0")
      #expect(version.code == 2)
      #expect(version.stderr.hasPrefix("Error: '--only OrderDTO/2.1.0' selects no case of the "
        + "catalog: 2.1.0 is not one of its versions (1.0.0, 1.1.0)\n"), "\(version.stderr)")

      // The HTML in a browser: the verdict, the release section, and cards that agree with it.
      let html = try #require(reports[.html])
      #expect(html.contains("<h2 id=\"release\">Since <code>v1.0.0</code></h2>"))
      guard Chromium.executable != nil else { return }
      let page = try Self.write(html, "report.html", in: repository)
      let dom = try await Chromium.dumpDOM(of: page, in: TemporaryDirectory("chromium"))
      #expect(dom.contains("<p class=\"verdict fail\" id=\"verdict\">GATE: FAIL</p>"))
      #expect(dom.contains("<p id=\"bump\">Required bump: <strong>major</strong>"))
      #expect(dom.contains("<p id=\"since-bump\">Since <code>v1.0.0</code> (commit <code>\(commit)"
        + "</code>): the changes require <strong>major</strong>"))
      // No card contradicts the headline: the gate's own cards state its bump.
      for kind in ["version-bump-required", "break-unlogged"] {
        let card = try #require(HTMLBrowserTests.article(kind: kind, in: dom), "\(kind)")
        #expect(card.contains("major bump"), "\(kind): \(card)")
        #expect(!card.contains("bears on no version bump"), "\(kind)")
      }
      #expect(dom.contains("<li>Required bump: <strong>major</strong>, the largest of what the "
        + "run compared requires</li>"))
      #expect(dom.contains("<td class=\"error\"><code>field-removed</code></td><td><a href=\"#f"))
    }
  }
}

extension JSONValue {
  /// The elements when this is an array.
  fileprivate var arrayValue: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }
}
