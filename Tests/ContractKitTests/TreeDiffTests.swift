import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

// `contracts diff OLD NEW --format json` as an acceptance test sees it: finding kinds,
// severities, coordinates, paths and exit codes, against the documented finding vocabulary.

/// One run of `contracts diff` with its JSON report parsed.
struct DiffRun {
  let code: Int32
  let stdout: String
  let stderr: String
  /// The parsed report (`.null` when stdout was not JSON, e.g. on exit 2).
  let report: JSONValue

  var findings: [JSONValue] {
    if case .array(let items)? = report["findings"] { return items }
    return []
  }

  var summary: JSONValue { report["summary"] ?? .null }

  /// Each finding as `kind severity contract version locale variant path`, `-` for null,
  /// in report order: the whole classification in one comparable line.
  var lines: [String] {
    findings.map { finding in
      ["kind", "severity", "contract", "version", "locale", "variant", "path"].map { key in
        switch finding[key] {
        case .string(let text)?: text.isEmpty ? "\"\"" : text
        default: "-"
        }
      }.joined(separator: " ")
    }
  }

  var kinds: [String] { findings.compactMap { $0["kind"]?.stringValue } }

  func messages(_ kind: String) -> [String] {
    findings.filter { $0["kind"]?.stringValue == kind }.compactMap { $0["message"]?.stringValue }
  }
}

/// Runs `contracts diff OLD NEW --format json` (plus `options`) in memory.
func runDiff(_ old: URL, _ new: URL, _ options: [String] = []) throws -> DiffRun {
  let (code, out, err) = runContracts(["diff", old.path, new.path, "--format", "json"] + options)
  let report = out.isEmpty ? JSONValue.null : try JSONParser.parse(Array(out.utf8), file: "stdout")
  return DiffRun(code: code, stdout: out, stderr: err, report: report)
}

/// Writes both trees and diffs them.
func runDiff(old: [String: TreeFile], new: [String: TreeFile], _ options: [String] = [])
  throws -> DiffRun
{
  let builder = try TreeBuilder()
  let (oldRoot, newRoot) = try builder.pair(old: old, new: new)
  return try runDiff(oldRoot, newRoot, options)
}

/// A small dashboard in three locales: a greeting (localized: it differs between locales),
/// a count, a title the same in every locale, and two cards with row identities.
enum Dashboard {
  static let locales = ["en", "es", "de"]
  static let greeting = ["en": "Welcome back", "es": "Hola de nuevo", "de": "Willkommen zurück"]
  static let open = ["en": "Open", "es": "Abrir", "de": "Öffnen"]

  static func payload(_ locale: String) -> JSONValue {
    [
      "vmId": "DashboardViewModel",
      "greeting": .string(greeting[locale] ?? ""),
      "count": 3,
      "title": "Overview",
      "cards": [card("c1", "Quarterly report", locale), card("c2", "Design review", locale)],
    ]
  }

  static func card(_ id: String, _ title: String, _ locale: String) -> JSONValue {
    ["vmId": .string(id), "title": .string(title), "open": .string(open[locale] ?? "")]
  }

  /// The tree `Dashboard/1.0.0/<locale>.json` with `edit` applied to each locale's payload.
  static func tree(contract: String = "Dashboard", version: String = "1.0.0",
                   variant: String? = nil,
                   _ edit: (String, inout JSONValue) -> Void = { _, _ in })
    -> [String: TreeFile]
  {
    var payloads: [String: JSONValue] = [:]
    for locale in locales {
      var value = payload(locale)
      edit(locale, &value)
      payloads[locale] = value
    }
    return TreeBuilder.contract(contract, version: version, variant: variant, payloads)
  }
}

@Suite("tree diff: unchanged trees and the report")
struct TreeDiffTests {
  @Test("identical trees give no findings and exit 0")
  func identical() throws {
    let tree = Dashboard.tree() + Dashboard.tree(contract: "Profile")
    let run = try runDiff(old: tree, new: tree)
    #expect(run.code == 0)
    #expect(run.lines == [])
    #expect(run.summary["gate"] == "pass")
    #expect(run.summary["requiredBump"] == "none")
    #expect(run.summary["contracts"] == 2)
    #expect(run.summary["baselines"] == 6)
  }

  @Test("whitespace and key order alone are no change")
  func formattingOnly() throws {
    let old: [String: TreeFile] = [
      "A/1.0.0/en.json": .text(#"{"b": [1, 2], "a": {"y": true, "x": null}}"#),
    ]
    let new: [String: TreeFile] = [
      "A/1.0.0/en.json": .text("{\n\t\"a\" :{ \"x\":null,\"y\" : true },\r\n \"b\":[ 1,2 ]\n}\n"),
    ]
    let run = try runDiff(old: old, new: new)
    #expect(run.code == 0)
    #expect(run.lines == [])
  }

  @Test("1 and 1.0 and 1e0 are one number")
  func numberSpellings() throws {
    let run = try runDiff(
      old: ["A/1.0.0/en.json": .text(#"{"n": 1, "m": 0.5, "z": 0}"#)],
      new: ["A/1.0.0/en.json": .text(#"{"n": 1.0, "m": 5e-1, "z": -0}"#)])
    #expect(run.code == 0)
    #expect(run.lines == [])
  }

  @Test("the JSON report has exactly the fixed keys")
  func reportShape() throws {
    let run = try runDiff(old: Dashboard.tree(), new: Dashboard.tree { _, value in
      value.set("/title", to: nil)
    })
    guard case .object(let root) = run.report else {
      Issue.record("not an object: \(run.stdout)")
      return
    }
    #expect(Set(root.keys) == ["findings", "summary"])
    #expect(run.findings.count == 3)
    for finding in run.findings {
      guard case .object(let members) = finding else {
        Issue.record("finding is not an object")
        continue
      }
      #expect(Set(members.keys) == [
        "kind", "severity", "contract", "version", "locale", "variant", "path", "message",
      ])
      #expect(finding["message"]?.stringValue?.isEmpty == false)
    }
    guard case .object(let summary) = run.summary else {
      Issue.record("summary is not an object")
      return
    }
    #expect(Set(summary.keys) == [
      "contracts", "baselines", "errors", "warnings", "infos", "gate", "requiredBump",
    ])
    #expect(run.summary["errors"] == 3)
    #expect(run.summary["warnings"] == 0)
    #expect(run.summary["infos"] == 0)
    #expect(run.summary["gate"] == "fail")
    #expect(run.summary["contracts"] == 1)
    #expect(run.summary["baselines"] == 3)
  }

  @Test("the default stub's variant is \"default\" and a named variant is its name")
  func variants() throws {
    let old = Dashboard.tree() + Dashboard.tree(variant: "empty")
    let new = Dashboard.tree() + Dashboard.tree(variant: "empty") { locale, value in
      if locale == "en" { value.set("/count", to: 0) }
    }
    let run = try runDiff(old: old, new: new)
    #expect(run.lines == ["value-changed info Dashboard 1.0.0 en empty /count"])
  }

  @Test("requiredBump is major for a removal")
  func bumpMajor() throws {
    let run = try runDiff(old: Dashboard.tree(), new: Dashboard.tree { _, value in
      value.set("/count", to: nil)
      value.set("/extra", to: true)
    })
    #expect(run.summary["requiredBump"] == "major")
    #expect(run.code == 1)
  }

  @Test("requiredBump is minor for additions only")
  func bumpMinor() throws {
    let run = try runDiff(old: Dashboard.tree(), new: Dashboard.tree { _, value in
      value.set("/extra", to: true)
      value.set("/count", to: 4)
    })
    #expect(run.summary["requiredBump"] == "minor")
    #expect(run.summary["gate"] == "pass")
    #expect(run.code == 0)
  }

  @Test("requiredBump is patch for value and text changes only")
  func bumpPatch() throws {
    let run = try runDiff(old: Dashboard.tree(), new: Dashboard.tree { locale, value in
      value.set("/count", to: 4)
      if locale == "de" { value.set("/greeting", to: "Hallo") }
    })
    #expect(run.summary["requiredBump"] == "patch")
    #expect(run.summary["infos"] == 4)
    #expect(run.code == 0)
  }

  @Test("a warning-only diff exits 0, and 1 with --strict")
  func strict() throws {
    let builder = try TreeBuilder()
    let old = try builder.write(Dashboard.tree() + Dashboard.tree(version: "0.9.0"), as: "old")
    let new = try builder.write(Dashboard.tree(), as: "new")
    let lenient = try runDiff(old, new)
    #expect(lenient.lines == ["version-removed warning Dashboard 0.9.0 - - -"])
    #expect(lenient.code == 0)
    #expect(lenient.summary["gate"] == "pass")
    let strict = try runDiff(old, new, ["--strict"])
    #expect(strict.lines == lenient.lines)
    #expect(strict.code == 1)
    #expect(strict.summary["gate"] == "fail")
  }

  @Test("TreeDiff.run gives the same findings as the command line")
  func library() throws {
    let builder = try TreeBuilder()
    let (old, new) = try builder.pair(old: Dashboard.tree(), new: Dashboard.tree { _, value in
      value.set("/cards/0/title", to: nil)
    })
    let report = try TreeDiff(old: old, new: new).run()
    #expect(ExitStatus.code(for: report) == 1)
    #expect(report.findings.map(\.kind) == [.fieldRemoved, .fieldRemoved, .fieldRemoved])
    #expect(report.findings.map(\.locale) == ["de", "en", "es"])
    #expect(Set(report.findings.map(\.path)) == ["/cards/0/title"])
  }

  @Test("output is byte-identical across runs")
  func deterministic() throws {
    let builder = try TreeBuilder()
    let (old, new) = try builder.pair(
      old: Dashboard.tree() + Dashboard.tree(contract: "B") + Dashboard.tree(version: "2.0.0"),
      new: Dashboard.tree { locale, value in
        value.set("/count", to: nil)
        if locale == "es" { value.set("/greeting", to: "") }
      } + Dashboard.tree(contract: "C"))
    let first = try runDiff(old, new)
    for _ in 0..<3 { #expect(try runDiff(old, new).stdout == first.stdout) }
  }
}

@Suite("tree diff: bad input is exit 2 naming the file")
struct TreeDiffInputTests {
  @Test("a missing OLD directory is exit 2 naming it")
  func missingOld() throws {
    let builder = try TreeBuilder()
    let new = try builder.write(Dashboard.tree(), as: "new")
    let missing = builder.directory.path("no-such-tree")
    let run = try runDiff(missing, new)
    #expect(run.code == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.contains("no-such-tree"))
  }

  @Test("a missing NEW directory is exit 2 naming it")
  func missingNew() throws {
    let builder = try TreeBuilder()
    let old = try builder.write(Dashboard.tree(), as: "old")
    let run = try runDiff(old, builder.directory.path("gone"))
    #expect(run.code == 2)
    #expect(run.stderr.contains("gone"))
  }

  @Test("OLD being a file is exit 2")
  func oldIsFile() throws {
    let builder = try TreeBuilder()
    try builder.directory.write("{}", to: "file.json")
    let new = try builder.write(Dashboard.tree(), as: "new")
    let run = try runDiff(builder.directory.path("file.json"), new)
    #expect(run.code == 2)
    #expect(run.stderr.contains("file.json"))
  }

  /// Corrupts NEW's `es.json` with `bytes` and expects exit 2 naming it and a position.
  private func expectCorrupt(_ bytes: [UInt8], offset: Int, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let run = try runDiff(
      old: Dashboard.tree(),
      new: Dashboard.tree() + ["Dashboard/1.0.0/es.json": .raw(bytes)])
    #expect(run.code == 2, sourceLocation: sourceLocation)
    #expect(run.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(run.stderr.contains("new/Dashboard/1.0.0/es.json"), sourceLocation: sourceLocation)
    #expect(run.stderr.contains("byte offset \(offset)"), "\(run.stderr)",
            sourceLocation: sourceLocation)
  }

  @Test("a truncated file is exit 2 with file and position")
  func truncated() throws {
    try expectCorrupt(Array(#"{"title": "Hol"#.utf8), offset: 14)
  }

  @Test("invalid JSON is exit 2 with file and position")
  func invalid() throws {
    try expectCorrupt(Array(#"{"title": 'x'}"#.utf8), offset: 10)
  }

  @Test("an empty file is exit 2 with file and position")
  func empty() throws {
    try expectCorrupt([], offset: 0)
  }

  @Test("a file that is not UTF-8 is exit 2 with file and position")
  func notUTF8() throws {
    try expectCorrupt(Array(#"{"title": ""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8), offset: 11)
  }

  @Test("a byte-order mark is exit 2 with file and position")
  func byteOrderMark() throws {
    try expectCorrupt([0xEF, 0xBB, 0xBF] + Array("{}".utf8), offset: 0)
  }

  @Test("a corrupt file that only NEW has is exit 2 too")
  func corruptAddedFile() throws {
    let run = try runDiff(
      old: Dashboard.tree(),
      new: Dashboard.tree() + ["Dashboard/1.0.0/fr.json": .text("{\"a\": }")])
    #expect(run.code == 2)
    #expect(run.stderr.contains("new/Dashboard/1.0.0/fr.json"))
  }

  @Test("a corrupt file in an added contract is exit 2 too")
  func corruptAddedContract() throws {
    let run = try runDiff(
      old: Dashboard.tree(),
      new: Dashboard.tree() + ["Fresh/1.0.0/en.json": .text("[1, 2")])
    #expect(run.code == 2)
    #expect(run.stderr.contains("new/Fresh/1.0.0/en.json"))
  }

  @Test("a corrupt contract.json is exit 2 naming it")
  func corruptMetadata() throws {
    let run = try runDiff(
      old: Dashboard.tree(),
      new: Dashboard.tree() + ["Dashboard/1.0.0/contract.json": .text("{")])
    #expect(run.code == 2)
    #expect(run.stderr.contains("new/Dashboard/1.0.0/contract.json"))
  }

  @Test("the same file identically corrupt in both trees is exit 2, though its bytes match",
        arguments: ["<<<<<<< HEAD\n{}\n=======\n{}\n>>>>>>> other\n", "{\"a\": 1,}", ""])
  func identicallyCorrupt(_ text: String) throws {
    let corrupt: [String: TreeFile] = ["Dashboard/1.0.0/es.json": .text(text)]
    let run = try runDiff(old: Dashboard.tree() + corrupt, new: Dashboard.tree() + corrupt)
    #expect(run.code == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.hasPrefix("Error: "), "\(run.stderr)")
    #expect(run.stderr.contains("new/Dashboard/1.0.0/es.json:"), "\(run.stderr)")
  }

  @Test("a file corrupt in both trees beside a changed locale is exit 2, naming OLD's first")
  func identicallyCorruptBesideAChange() throws {
    // The group is compared (English changed), and its Spanish file, equal in both trees, is
    // corrupt: the old tree's is the first corrupt file, with the parser's position.
    let corrupt: [String: TreeFile] = ["Dashboard/1.0.0/es.json": .text("{\"a\": 1,}")]
    let old = Dashboard.tree() + corrupt
    let new = Dashboard.tree { locale, value in
      if locale == "en" { value.set("/count", to: 9) }
    } + corrupt
    let run = try runDiff(old: old, new: new)
    #expect(run.code == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.hasPrefix("Error: "), "\(run.stderr)")
    #expect(run.stderr.hasSuffix(
      "/old/Dashboard/1.0.0/es.json:1:8: trailing comma before '}' (byte offset 7)\n"),
      "\(run.stderr)")
  }

  @Test("the folder above a tree (an archive root) is exit 2 naming the tree inside")
  func archiveRoot() throws {
    let builder = try TreeBuilder()
    let new = try builder.write(Dashboard.tree(), as: "new")
    // A `git archive` of the last release: the package, with the tree one level down.
    let archive = builder.directory.path("v1.0.0")
    try builder.write(Dashboard.tree(), as: "v1.0.0/" + BaselineLayout.directoryName)
    try builder.directory.write("// swift-tools-version:6.0\n", to: "v1.0.0/Package.swift")
    try builder.directory.write("import Foundation\n", to: "v1.0.0/Sources/App/App.swift")
    let run = try runDiff(archive, new)
    #expect(run.code == 2)
    #expect(run.stderr == "Error: \(archive.path): is not a baseline tree: it holds no contract "
      + "folder (<Contract>/<major.minor.patch>/<locale>.json); it contains the baseline tree "
      + "\(archive.path)/.VersionedTestJSON: name that instead\n")
    // Only the hidden tree inside, nothing else: still not a tree, never an empty one.
    let bare = builder.directory.path("bare")
    try builder.write(Dashboard.tree(), as: "bare/" + BaselineLayout.directoryName)
    let bareRun = try runDiff(bare, new)
    #expect(bareRun.code == 2)
    #expect(bareRun.stderr.contains("it contains the baseline tree \(bare.path)/.VersionedTestJSON"))
    // No tree anywhere inside.
    let elsewhere = builder.directory.path("elsewhere")
    try builder.directory.write("x", to: "elsewhere/notes.txt")
    let none = try runDiff(elsewhere, new)
    #expect(none.code == 2)
    #expect(none.stderr == "Error: \(elsewhere.path): is not a baseline tree: it holds no "
      + "contract folder (<Contract>/<major.minor.patch>/<locale>.json), and no "
      + ".VersionedTestJSON folder was found inside it\n")
  }

  @Test("an unknown format is exit 2")
  func unknownFormat() throws {
    let builder = try TreeBuilder()
    let (old, new) = try builder.pair(old: Dashboard.tree(), new: Dashboard.tree())
    let (code, out, err) = runContracts(["diff", old.path, new.path, "--format", "yaml"])
    #expect(code == 2)
    #expect(out.isEmpty)
    #expect(err.contains("yaml"))
  }

  @Test("a missing NEW argument is exit 2")
  func missingArgument() {
    let (code, _, err) = runContracts(["diff", "/tmp"])
    #expect(code == 2)
    #expect(err.contains("new-dir"))
  }
}
