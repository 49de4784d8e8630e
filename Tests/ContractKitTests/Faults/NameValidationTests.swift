import Foundation
import Testing
@testable import ContractKit

/// Names are validated, nothing is ever written outside the baseline directory, and
/// symbolic links that leave it are not followed.
@Suite("Faults: names and links")
struct FaultNameValidationTests {
  struct Card: Codable, Sendable {
    var title = "Weekly"
  }

  struct Box<Value: Codable & Sendable>: Codable, Sendable {
    var value: Value
  }

  private func catalog(_ baselines: URL = URL(fileURLWithPath: "/nonexistent/.VersionedTestJSON"),
                       locales: [String] = ["en"]) throws -> Catalog
  {
    try Catalog(versions: [SystemVersion(1, 0, 0)], locales: locales, store: .empty,
                baselines: baselines)
  }

  // MARK: - Registration

  @Test("a contract name that leaves the directory, has spaces or breaks the layout is refused",
        arguments: ["../Escape", "..", "a..b", "Nested/Card", "/absolute", "bad name", "tab\tname",
                    "line\nbreak", ".hidden", "-dash", "", "Café", "Card*", "C:\\Card"])
  func invalidContractName(_ name: String) throws {
    var catalog = try catalog()
    let error = try #require(throws: CatalogError.self) {
      try catalog.register(Card.self, named: name, stub: { Card() })
    }
    guard case .invalidName(let kind, let rejected, let registeredAt, _) = error else {
      Issue.record("expected invalidName, got \(error)")
      return
    }
    #expect(kind == "contract" && rejected == name)
    #expect(registeredAt.contains("NameValidationTests.swift"))
    #expect(error.description.contains("contract name '\(name)'"))
    #expect(error.description.contains("[A-Za-z0-9_][A-Za-z0-9_.-]*"))
    #expect(catalog.contracts.isEmpty)
  }

  @Test("valid contract names are accepted", arguments: ["Card", "Card.Row", "card_2", "_Card", "A-b.c"])
  func validContractName(_ name: String) throws {
    var catalog = try catalog()
    try catalog.register(Card.self, named: name, stub: { Card() })
    #expect(catalog.contracts.map(\.name) == [name])
  }

  @Test("a generic type's default name does not fit the layout and is refused, not mangled")
  func genericTypeName() throws {
    var catalog = try catalog()
    let error = try #require(throws: CatalogError.self) {
      try catalog.register(Box<Int>.self, stub: { Box(value: 1) })
    }
    #expect(error.description.contains("Box<"))
  }

  @Test("a variant name that is uppercase, 'default', dotted or escapes is refused",
        arguments: ["Upper", "default", "pt_BR", "has space", "../x", "a/b", "a.b", "", "-lead",
                    "long_text"])
  func invalidVariantName(_ name: String) throws {
    var catalog = try catalog()
    let error = try #require(throws: CatalogError.self) {
      try catalog.register(Card.self, named: "Card", stub: { Card() },
                           variants: [StubVariant(name) { Card(title: "x") }])
    }
    guard case .invalidName(let kind, let rejected, _, _) = error else {
      Issue.record("expected invalidName, got \(error)")
      return
    }
    #expect(kind == "variant" && rejected == name)
    #expect(error.description.contains("[a-z0-9][a-z0-9-]*, not 'default'"))
    #expect(catalog.contracts.isEmpty)
  }

  @Test("a locale name that is not BCP-47 with hyphens is refused by the catalog",
        arguments: ["pt_BR", "../en", "en/US", "e n", "", "english", "en-", "en--US", "en.US",
                    "e", "en-verylongsubtag"])
  func invalidLocale(_ locale: String) throws {
    let error = try #require(throws: CatalogError.self) {
      try catalog(locales: ["en", locale])
    }
    guard case .invalidName(let kind, let rejected, _, let rule) = error else {
      Issue.record("expected invalidName, got \(error)")
      return
    }
    #expect(kind == "locale" && rejected == locale)
    #expect(rule.contains("pt-BR"))
  }

  @Test("BCP-47 locales with hyphens are accepted", arguments: ["pt-BR", "zh-Hant-TW", "es-419", "fil"])
  func validLocale(_ locale: String) throws {
    #expect(try catalog(locales: ["en", locale]).locales == ["en", locale])
  }

  // MARK: - Reading a tree with bad names

  @Test("files whose names break the layout are reported as baselines-stale, never read or removed")
  func badNamesInTree() throws {
    let copy = try SampleCopy()
    let content = try copy.read("DashboardViewModel/2.0.0/en.json")
    // Each stray file, and the path the report names: the first part that breaks the layout.
    let strays: [(file: String, reported: String)] = [
      ("DashboardViewModel/2.0.0/pt_BR.json", "DashboardViewModel/2.0.0/pt_BR.json"),
      ("DashboardViewModel/2.0.0/en.Upper.json", "DashboardViewModel/2.0.0/en.Upper.json"),
      ("DashboardViewModel/2.0.0/en.default.json", "DashboardViewModel/2.0.0/en.default.json"),
      ("DashboardViewModel/2.0.0/en.a.b.json", "DashboardViewModel/2.0.0/en.a.b.json"),
      ("DashboardViewModel/2.0.0/en.json.orig", "DashboardViewModel/2.0.0/en.json.orig"),
      ("DashboardViewModel/2.0.0/nested/en.json", "DashboardViewModel/2.0.0/nested"),
      ("DashboardViewModel/2.0/en.json", "DashboardViewModel/2.0"),
      ("DashboardViewModel/02.0.0/en.json", "DashboardViewModel/02.0.0"),
      ("DashboardViewModel/en.json", "DashboardViewModel/en.json"),
      ("bad name/1.0.0/en.json", "bad name"),
      ("Café/1.0.0/en.json", "Café"),
      ("README.txt", "README.txt"),
    ]
    // Invalid JSON: reading any of them would be exit 2, so the run proves none is read.
    for (path, _) in strays {
      try FileManager.default.createDirectory(
        at: copy.baselines.appendingPathComponent(path).deletingLastPathComponent(),
        withIntermediateDirectories: true)
      try copy.write(path.hasSuffix("pt_BR.json") ? content : "{ not json", to: path)
    }
    let report = try Check(catalog: copy.catalog).run()
    let stale = report.findings.filter { $0.kind == .baselinesStale }.map(\.message)
    for (path, reported) in strays {
      #expect(stale.contains { $0.hasPrefix(copy.baselines.path + "/" + reported + " ") },
              "\(path) not reported as \(reported); stale: \(stale)")
    }
    #expect(stale.count == strays.count, "\(stale)")
    #expect(!report.findings.contains { $0.severity == .error },
            "\(report.findings.filter { $0.severity == .error }.map(brief))")

    let cli = runContracts(["check", "--baselines", copy.baselines.path, "--format", "json"])
    #expect(cli.code == 0, "\(cli.stderr)")
    #expect(cli.stdout.contains("pt_BR.json") && cli.stdout.contains("baselines-stale"))
    #expect(runContracts(["check", "--baselines", copy.baselines.path, "--strict"]).code == 1)

    // record keeps them: reported, never deleted silently.
    let record = runContracts(["record", "--baselines", copy.baselines.path])
    #expect(record.code == 0, "\(record.stderr)")
    for (path, _) in strays {
      #expect(FileManager.default.fileExists(atPath: copy.baselines.appendingPathComponent(path).path))
    }
  }

  // MARK: - Symbolic links

  @Test("a link at the top of the tree to a folder outside is reported and never followed")
  func linkedContractOutside() throws {
    let copy = try SampleCopy()
    let outside = try TemporaryDirectory()
    try outside.write("{ corrupt", to: "1.0.0/en.json")
    try FileManager.default.createSymbolicLink(
      at: copy.baselines.appendingPathComponent("Escape"), withDestinationURL: outside.url)
    let outsideBefore = DirectorySnapshot(outside.url)

    let check = runContracts(["check", "--baselines", copy.baselines.path, "--format", "json"])
    #expect(check.code == 0, "the corrupt file behind the link was read: \(check.stderr)")
    let report = try JSONParser.parse(Array(check.stdout.utf8), file: "stdout")
    guard case .array(let findings)? = report["findings"] else {
      Issue.record("no findings in \(check.stdout)")
      return
    }
    let messages = findings.filter { $0["kind"] == "baselines-stale" }.compactMap { $0["message"]?.stringValue }
    #expect(messages.contains { $0.contains("Escape") && $0.contains("symbolic link") },
            "\(messages)")

    let record = runContracts(["record", "--baselines", copy.baselines.path])
    #expect(record.code == 0, "\(record.stderr)")
    #expect(DirectorySnapshot(outside.url) == outsideBefore)
    #expect(FileManager.default.fileExists(atPath: copy.baselines.appendingPathComponent("Escape").path))
  }

  @Test("a version folder linked outside is neither read nor written through")
  func linkedVersionFolderOutside() throws {
    let copy = try SampleCopy()
    let outside = try TemporaryDirectory()
    // The outside folder holds exactly the right baselines: following the link would pass.
    let version = copy.baselines.appendingPathComponent("DashboardViewModel/2.0.0")
    let moved = outside.path("2.0.0")
    try FileManager.default.moveItem(at: version, to: moved)
    try FileManager.default.createSymbolicLink(at: version, withDestinationURL: moved)

    let check = runContracts(["check", "--baselines", copy.baselines.path])
    #expect(check.code == 2, "baselines behind a link leaving the tree were used: \(check.stdout)")
    #expect(check.stderr.contains("DashboardViewModel/2.0.0") && check.stderr.contains("symbolic link"),
            "\(check.stderr)")

    // With an empty folder behind the link, record must not create baselines there.
    try FileManager.default.removeItem(at: moved)
    try FileManager.default.createDirectory(at: moved, withIntermediateDirectories: true)
    let emptyBefore = DirectorySnapshot(outside.url)
    let record = runContracts(["record", "--baselines", copy.baselines.path])
    #expect(record.code == 2, "\(record.stdout)")
    #expect(DirectorySnapshot(outside.url) == emptyBefore,
            "record wrote outside the tree:\n\(DirectorySnapshot(outside.url).differences(from: emptyBefore))")
  }

  @Test("a payload file linked outside is refused with a clear error, and record writes nothing")
  func linkedPayloadOutside() throws {
    let copy = try SampleCopy()
    let outside = try TemporaryDirectory()
    let relative = "DashboardViewModel/2.0.0/en.json"
    let file = copy.baselines.appendingPathComponent(relative)
    // Same wire value, other spelling: record would rewrite it if it followed the link.
    let value = try JSONParser.parse(Array(try Data(contentsOf: file)), file: relative)
    try Data(nonCanonicalJSON(value)).write(to: outside.path("en.json"))
    try FileManager.default.removeItem(at: file)
    try FileManager.default.createSymbolicLink(at: file, withDestinationURL: outside.path("en.json"))
    let outsideBefore = DirectorySnapshot(outside.url)
    let treeBefore = DirectorySnapshot(copy.directory.url)

    #expect(throws: InputError.self) { try BaselineFiles(root: copy.baselines).read(relative) }
    let check = runContracts(["check", "--baselines", copy.baselines.path])
    #expect(check.code == 2)
    #expect(check.stderr.contains(relative) && check.stderr.contains("outside the baseline directory"),
            "\(check.stderr)")
    let record = runContracts(["record", "--baselines", copy.baselines.path])
    #expect(record.code == 2)
    #expect(DirectorySnapshot(outside.url) == outsideBefore)
    #expect(DirectorySnapshot(copy.directory.url) == treeBefore)
  }

  @Test("BaselineFiles refuses every path through a link leaving the tree, for reads and writes")
  func baselineFilesContainment() throws {
    let directory = try TemporaryDirectory()
    let outside = try TemporaryDirectory()
    let root = directory.path("tree")
    try directory.write("{}\n", to: "tree/Card/1.0.0/en.json")
    try outside.write("{}\n", to: "en.json")
    let manager = FileManager.default
    try manager.createSymbolicLink(at: root.appendingPathComponent("Card/1.0.0/es.json"),
                                   withDestinationURL: outside.path("en.json"))
    try manager.createSymbolicLink(at: root.appendingPathComponent("Card/2.0.0"),
                                   withDestinationURL: outside.url)
    try manager.createSymbolicLink(at: root.appendingPathComponent("Escape"),
                                   withDestinationURL: outside.url)
    try manager.createSymbolicLink(atPath: root.appendingPathComponent("Relative").path,
                                   withDestinationPath: "../../" + outside.url.lastPathComponent)
    try manager.createSymbolicLink(atPath: root.appendingPathComponent("Dangling").path,
                                   withDestinationPath: "../nowhere")
    // Links that stay inside the tree are fine.
    try manager.createSymbolicLink(atPath: root.appendingPathComponent("Card/1.0.0/fr.json").path,
                                   withDestinationPath: "en.json")
    try manager.createSymbolicLink(atPath: root.appendingPathComponent("Alias").path,
                                   withDestinationPath: "Card")
    let files = BaselineFiles(root: root)
    let before = DirectorySnapshot(outside.url)

    #expect(try files.read("Card/1.0.0/en.json") == Array("{}\n".utf8))
    #expect(try files.read("Card/1.0.0/fr.json") == Array("{}\n".utf8))
    #expect(try files.read("Alias/1.0.0/en.json") == Array("{}\n".utf8))
    #expect(try files.read("Card/1.0.0/de.json") == nil)
    #expect(try files.read("Missing/1.0.0/de.json") == nil)
    for path in ["Card/1.0.0/es.json", "Card/2.0.0/en.json", "Escape/en.json",
                 "Relative/en.json", "Dangling/en.json"]
    {
      let error = try #require(throws: InputError.self, "read \(path)") { try files.read(path) }
      #expect(error.reason.contains("not followed") && error.reason.contains("symbolic link"),
              "\(error)")
      #expect(path == "Dangling/en.json" || error.reason.contains("outside the baseline directory"))
      #expect(throws: InputError.self, "write \(path)") {
        try files.write(Array("[]\n".utf8), to: path)
      }
    }
    #expect(throws: InputError.self) { try files.write(Array("[]\n".utf8), to: "Card/2.0.0/new.json") }
    #expect(throws: InputError.self) {
      try files.write(Array("[]\n".utf8), to: "Escape/9.9.9/en.json")
    }
    #expect(DirectorySnapshot(outside.url) == before)
  }

  @Test("a baseline directory that is itself a link is used where it points")
  func linkedRoot() throws {
    let copy = try SampleCopy()
    let link = copy.directory.path("linked-baselines")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: copy.baselines)
    let check = runContracts(["check", "--baselines", link.path])
    #expect(check.code == 0, "\(check.stdout)\(check.stderr)")
  }
}
