import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

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

  /// One entry that breaks the layout, the path the error names, and the rule it states.
  struct BadEntry: CustomTestStringConvertible, Sendable {
    var path: String
    var reported: String
    var rule: String
    var testDescription: String { DisplayText.escaped(path) }
  }

  static let badEntries = [
    BadEntry(path: "DashboardViewModel/2.0.0/pt_BR.json",
             reported: "DashboardViewModel/2.0.0/pt_BR.json",
             rule: "'pt_BR' is not a locale: locales are BCP-47 identifiers with hyphens, like en "
               + "or pt-BR (payload files are <locale>.json or <locale>.<variant>.json)"),
    BadEntry(path: "DashboardViewModel/2.0.0/de.JSON", reported: "DashboardViewModel/2.0.0/de.JSON",
             rule: "'de.JSON' must end in '.json', in lower case"),
    BadEntry(path: "DashboardViewModel/2.0.0/de.Empty.json",
             reported: "DashboardViewModel/2.0.0/de.Empty.json",
             rule: "'Empty' is not a variant name: variants match [a-z0-9][a-z0-9-]* (payload "
               + "files are <locale>.json or <locale>.<variant>.json)"),
    BadEntry(path: "DashboardViewModel/2.0.0/en.default.json",
             reported: "DashboardViewModel/2.0.0/en.default.json",
             rule: "'en.default.json' names the default stub, whose file is en.json"),
    BadEntry(path: "DashboardViewModel/2.0.0/en.a.b.json",
             reported: "DashboardViewModel/2.0.0/en.a.b.json",
             rule: "'en.a.b.json' has more than one '.' before '.json': payload files are "
               + "<locale>.json or <locale>.<variant>.json"),
    BadEntry(path: "DashboardViewModel/2.0.0/en.json.orig",
             reported: "DashboardViewModel/2.0.0/en.json.orig",
             rule: "'en.json.orig' is not a payload file: payload files are <locale>.json or "
               + "<locale>.<variant>.json, beside contract.json"),
    BadEntry(path: "DashboardViewModel/2.0.0/nested/en.json",
             reported: "DashboardViewModel/2.0.0/nested",
             rule: "is a folder inside a version folder, which holds only payload files and "
               + "contract.json"),
    BadEntry(path: "DashboardViewModel/2.0/en.json", reported: "DashboardViewModel/2.0",
             rule: "'2.0' is not a version folder name: versions are major.minor.patch, like "
               + "1.0.0 (expected three parts 'major.minor.patch', found 2)"),
    BadEntry(path: "DashboardViewModel/02.0.0/en.json", reported: "DashboardViewModel/02.0.0",
             rule: "'02.0.0' is not a version folder name: versions are major.minor.patch, like "
               + "1.0.0 (the major part '02' has a leading zero)"),
    BadEntry(path: "DashboardViewModel/en.json", reported: "DashboardViewModel/en.json",
             rule: "is a file in a contract folder, which holds only version folders "
               + "(major.minor.patch)"),
    BadEntry(path: "Sign In/1.0.0/en.json", reported: "Sign In",
             rule: "'Sign In' is not a contract name: contract folders match "
               + "[A-Za-z0-9_][A-Za-z0-9_.-]* and never contain '..'"),
    BadEntry(path: "Café/1.0.0/en.json", reported: "Café",
             rule: "'Café' is not a contract name: contract folders match "
               + "[A-Za-z0-9_][A-Za-z0-9_.-]* and never contain '..'"),
    BadEntry(path: "README.txt", reported: "README.txt",
             rule: "is a file directly in the baseline directory, which holds only contract "
               + "folders (<Contract>/<major.minor.patch>/<locale>.json)"),
    BadEntry(path: "DashboardViewModel/2.0.0/en\nerror  field-removed.json",
             reported: #"DashboardViewModel/2.0.0/en\nerror  field-removed.json"#,
             rule: #"'en\nerror  field-removed' is not a locale: locales are BCP-47 "#
               + "identifiers with hyphens, like en or pt-BR (payload files are <locale>.json "
               + "or <locale>.<variant>.json)"),
    BadEntry(path: "DashboardViewModel/2.0.0/e\u{1B}[31mn.json",
             reported: #"DashboardViewModel/2.0.0/e\u{1B}[31mn.json"#,
             rule: #"'e\u{1B}[31mn' is not a locale: locales are BCP-47 identifiers with "#
               + "hyphens, like en or pt-BR (payload files are <locale>.json or "
               + "<locale>.<variant>.json)"),
  ]

  @Test("an entry that breaks the layout is exit 2 for every command, naming it and the rule",
        arguments: badEntries)
  func badEntry(_ bad: BadEntry) throws {
    let copy = try SampleCopy()
    let pristine = try TemporaryDirectory()
    let old = try copyTree(copy.baselines, into: pristine, as: "old")
    try FileManager.default.createDirectory(
      at: copy.baselines.appendingPathComponent(bad.path).deletingLastPathComponent(),
      withIntermediateDirectories: true)
    // Valid JSON: the refusal is for the name, never for what the file holds.
    try copy.write(try copy.read("DashboardViewModel/2.0.0/en.json"), to: bad.path)
    let before = DirectorySnapshot(copy.directory.url)
    let expected = "Error: \(copy.baselines.path) does not fit the baseline layout "
      + "(<Contract>/<major.minor.patch>/<locale>[.<variant>].json); rename, move or delete "
      + "this entry:\n  \(copy.baselines.path)/\(bad.reported): \(bad.rule)\n"
    for arguments in [["check", "--baselines", copy.baselines.path],
                      ["record", "--baselines", copy.baselines.path],
                      ["report", "--baselines", copy.baselines.path],
                      ["diff", old.path, copy.baselines.path]]
    {
      let result = runContracts(arguments)
      #expect(result.code == 2, "\(arguments[0]): \(result.stdout)")
      #expect(result.stderr == expected, "\(arguments[0])")
    }
    // Either side of a diff.
    let reversed = runContracts(["diff", copy.baselines.path, old.path])
    #expect(reversed.code == 2 && reversed.stderr == expected)
    #expect(DirectorySnapshot(copy.directory.url) == before, "a refused run wrote something")
  }

  @Test("a name that is not UTF-8 is exit 2, named with its bytes escaped")
  func invalidUTF8Name() throws {
    let copy = try SampleCopy()
    let folder = copy.baselines.appendingPathComponent("DashboardViewModel/2.0.0").path
    // `e\xFFn.json`: a byte that is never UTF-8, which `String` cannot even spell.
    let path = Array(folder.utf8) + Array("/e".utf8) + [0xFF] + Array("n.json".utf8) + [0]
    let descriptor = path.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
    }
    // File systems that hold only UTF-8 names (APFS) refuse it: such a tree cannot exist.
    guard descriptor >= 0 else {
      #expect(errno == EILSEQ, "\(String(cString: strerror(errno)))")
      return
    }
    close(descriptor)
    let result = runContracts(["check", "--baselines", copy.baselines.path])
    #expect(result.code == 2)
    #expect(result.stderr.contains(
      "\(copy.baselines.path)/DashboardViewModel/2.0.0/e\\x{FF}n.json: the name is not valid UTF-8"),
      "\(result.stderr)")
  }

  @Test("several bad entries are listed together, in path order")
  func severalBadEntries() throws {
    let copy = try SampleCopy()
    for path in ["Zeta Contract/1.0.0/en.json", "SignInViewModel/1.0.0/pt_BR.json",
                 "SignInViewModel/1.0/en.json"]
    {
      try FileManager.default.createDirectory(
        at: copy.baselines.appendingPathComponent(path).deletingLastPathComponent(),
        withIntermediateDirectories: true)
      try copy.write("{}\n", to: path)
    }
    let result = runContracts(["check", "--baselines", copy.baselines.path])
    #expect(result.code == 2)
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasSuffix("rename, move or delete these 3 entries:") == true)
    #expect(lines.dropFirst().map { $0.split(separator: ":").first.map(String.init) ?? "" } == [
      "  \(copy.baselines.path)/SignInViewModel/1.0.0/pt_BR.json",
      "  \(copy.baselines.path)/SignInViewModel/1.0",
      "  \(copy.baselines.path)/Zeta Contract",
    ])
  }

  @Test("hidden entries are ignored; FOSTesting's legacy files are one baselines-stale warning")
  func hiddenAndLegacyEntries() throws {
    let copy = try SampleCopy()
    try copy.write("junk", to: ".DS_Store")
    try copy.write("junk", to: "DashboardViewModel/2.0.0/.en.json.swp")
    for legacy in ["DashboardViewModel_1.0.0.json", "SettingsViewModel_2.0.0.json"] {
      try copy.write("{\"old\": true}", to: legacy)
    }
    let report = try Check(catalog: copy.catalog).run()
    #expect(report.findings.map(brief) == ["warning baselines-stale"])
    #expect(report.findings.first?.scope == .entry("DashboardViewModel_1.0.0.json"))
    #expect(report.findings.first?.message == "2 legacy FOSTesting baselines "
      + "(<Type>_<version>.json) in \(copy.baselines.path): DashboardViewModel_1.0.0.json, "
      + "SettingsViewModel_2.0.0.json; ContractKit does not read them here: take them over as "
      + "baselines with the command line's 'import fostesting \(copy.baselines.path)', then "
      + "delete these files")
    #expect(runContracts(["check", "--baselines", copy.baselines.path]).code == 0)
    #expect(runContracts(["check", "--baselines", copy.baselines.path, "--strict"]).code == 1)
    // record keeps them: listed, never deleted silently.
    let record = runContracts(["record", "--baselines", copy.baselines.path])
    #expect(record.code == 0, "\(record.stderr)")
    #expect(record.stdout.contains("2 legacy FOSTesting baselines"))
    #expect(try copy.read("SettingsViewModel_2.0.0.json") == "{\"old\": true}")
  }

  // MARK: - Symbolic links

  @Test("a version folder linked to a released version in the tree: record overwrites nothing")
  func versionLinkedInsideTree() throws {
    let copy = try SampleCopy()
    try copy.remove("DashboardViewModel/1.1.0")
    try FileManager.default.createSymbolicLink(
      atPath: copy.baselines.appendingPathComponent("DashboardViewModel/1.1.0").path,
      withDestinationPath: "1.0.0")
    let before = DirectorySnapshot(copy.directory.url)
    for command in ["record", "check"] {
      let result = runContracts([command, "--baselines", copy.baselines.path])
      #expect(result.code == 2, "\(command): \(result.stdout)")
      #expect(result.stderr.hasSuffix("\n  \(copy.baselines.path)/DashboardViewModel/1.1.0: is a "
        + "symbolic link; links are never followed\n"), "\(result.stderr)")
    }
    #expect(DirectorySnapshot(copy.directory.url) == before,
            "\(DirectorySnapshot(copy.directory.url).differences(from: before))")
  }

  @Test("en.json linked to es.json is never read as Spanish")
  func payloadLinkedInsideTree() throws {
    let copy = try SampleCopy()
    try copy.remove("SettingsViewModel/1.0.0/en.json")
    try FileManager.default.createSymbolicLink(
      atPath: copy.baselines.appendingPathComponent("SettingsViewModel/1.0.0/en.json").path,
      withDestinationPath: "es.json")
    let pristine = try TemporaryDirectory()
    let old = try copyTree(committedBaselines, into: pristine, as: "old")
    for arguments in [["check", "--baselines", copy.baselines.path],
                      ["diff", old.path, copy.baselines.path]]
    {
      let result = runContracts(arguments)
      #expect(result.code == 2)
      #expect(result.stderr.contains("SettingsViewModel/1.0.0/en.json: is a symbolic link; links "
        + "are never followed"), "\(result.stderr)")
    }
    let files = BaselineFiles(root: copy.baselines)
    let error = #expect(throws: InputError.self) { try files.read("SettingsViewModel/1.0.0/en.json") }
    #expect(error?.reason == "is a symbolic link; links are never followed")
  }

  @Test("a link at the top of the tree to a folder outside is refused, never followed")
  func linkedContractOutside() throws {
    let copy = try SampleCopy()
    let outside = try TemporaryDirectory()
    try outside.write("{ corrupt", to: "1.0.0/en.json")
    try FileManager.default.createSymbolicLink(
      at: copy.baselines.appendingPathComponent("Escape"), withDestinationURL: outside.url)
    let outsideBefore = DirectorySnapshot(outside.url)

    let check = runContracts(["check", "--baselines", copy.baselines.path])
    #expect(check.code == 2)
    #expect(check.stderr.hasSuffix("/Escape: is a symbolic link; links are never followed\n"),
            "the corrupt file behind the link was read: \(check.stderr)")
    let record = runContracts(["record", "--baselines", copy.baselines.path])
    #expect(record.code == 2, "\(record.stdout)")
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
    #expect(check.stderr.contains("DashboardViewModel/2.0.0: is a symbolic link"), "\(check.stderr)")

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
    #expect(check.stderr.contains(relative + ": is a symbolic link; links are never followed"),
            "\(check.stderr)")
    let record = runContracts(["record", "--baselines", copy.baselines.path])
    #expect(record.code == 2)
    #expect(DirectorySnapshot(outside.url) == outsideBefore)
    #expect(DirectorySnapshot(copy.directory.url) == treeBefore)
  }

  @Test("BaselineFiles refuses every path through a link, inside or outside, for reads and writes")
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
    // Links that stay inside the tree are refused too: `fr.json` would read as English.
    try manager.createSymbolicLink(atPath: root.appendingPathComponent("Card/1.0.0/fr.json").path,
                                   withDestinationPath: "en.json")
    try manager.createSymbolicLink(atPath: root.appendingPathComponent("Alias").path,
                                   withDestinationPath: "Card")
    let files = BaselineFiles(root: root)
    let before = DirectorySnapshot(outside.url)
    let tree = DirectorySnapshot(root)

    #expect(try files.read("Card/1.0.0/en.json") == Array("{}\n".utf8))
    #expect(try files.read("Card/1.0.0/de.json") == nil)
    #expect(try files.read("Missing/1.0.0/de.json") == nil)
    let direct = ["Card/1.0.0/es.json", "Card/1.0.0/fr.json"]
    let behind = ["Card/2.0.0/en.json": "Card/2.0.0", "Escape/en.json": "Escape",
                  "Relative/en.json": "Relative", "Dangling/en.json": "Dangling",
                  "Alias/1.0.0/en.json": "Alias"]
    for path in direct + behind.keys.sorted() {
      let error = try #require(throws: InputError.self, "read \(path)") { try files.read(path) }
      #expect(error.reason == (behind[path].map {
        "is behind the symbolic link '\($0)'; links are never followed"
      } ?? "is a symbolic link; links are never followed"), "\(error)")
      if behind[path] != nil {
        #expect(throws: InputError.self, "write \(path)") {
          try files.write(Array("[]\n".utf8), to: path)
        }
      }
    }
    #expect(throws: InputError.self) { try files.write(Array("[]\n".utf8), to: "Card/2.0.0/new.json") }
    #expect(throws: InputError.self) {
      try files.write(Array("[]\n".utf8), to: "Escape/9.9.9/en.json")
    }
    #expect(DirectorySnapshot(outside.url) == before)
    #expect(DirectorySnapshot(root) == tree)
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
