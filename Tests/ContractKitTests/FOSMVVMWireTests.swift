import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// The payloads the real FOSMVVM framework wrote (`../shared/fosmvvm-wire/`), as baseline
/// trees: what a FOSMVVM team's recordings look like before ContractKit redacts anything.
@Suite("FOSMVVM's real wire shapes",
       .enabled(if: FOSMVVMWire.isPresent,
                "../shared/fosmvvm-wire is absent: the FOSMVVM payload tests are skipped"))
struct FOSMVVMWireTests {
  @Test("two stub() runs differ only in fsh stamps: a diff of their trees finds nothing")
  func runs() throws {
    let builder = try TreeBuilder()
    let (old, new) = try builder.pair(old: FOSMVVMWire.tree(run: 1), new: FOSMVVMWire.tree(run: 2))
    let run = try runDiff(old, new)
    #expect(run.code == 0)
    #expect(run.briefs == [])
  }

  @Test("the shape rule finds exactly the localized paths DIFFS.md lists between en and es",
        arguments: FOSMVVMWire.viewModels)
  func localizedPaths(_ viewModel: String) throws {
    let en = try FOSMVVMWire.payload(viewModel, "1.0.0", "en", run: 1)
    let es = try FOSMVVMWire.payload(viewModel, "1.0.0", "es", run: 1)
    var paths = StablePaths(en)
    let found = paths.pointers(of: LocalizedPointers.find(in: [en, es]))
    #expect(found == Set(try FOSMVVMWire.differences(viewModel, section: "en vs es (1.0.0, run 1)")))
  }

  /// An edit to run 1's `en` and `es` payloads of one view model, and what `diff` must say.
  struct Edit: CustomTestStringConvertible, Sendable {
    var name: String
    var viewModel: String
    var locales = ["en", "es"]
    var change: @Sendable (inout JSONValue) -> Void
    var expected: [String]
    var testDescription: String { name }
  }

  static let edits: [Edit] = [
    Edit(name: "a row whose id changed", viewModel: "DashboardViewModel",
         change: { $0.set("/rows/0/vmId/id", to: "109") },
         expected: both("error identity-changed", "DashboardViewModel", "/rows/0/vmId")),
    Edit(name: "another enum case", viewModel: "SettingsViewModel",
         change: { $0.set("/theme", to: ["light": [:]]) },
         expected: both("info value-changed", "SettingsViewModel", "/theme")),
    Edit(name: "a removed field", viewModel: "CardDeclinedErrorViewModel",
         change: { $0.set("/errorCode", to: nil) },
         expected: both("error field-removed", "CardDeclinedErrorViewModel", "/errorCode")),
    Edit(name: "an emptied translation", viewModel: "CardDeclinedErrorViewModel",
         locales: ["es"], change: { $0.set("/title", to: "") },
         expected: ["error translation-lost CardDeclinedErrorViewModel 1.0.0 es default /title"]),
    Edit(name: "reordered rows", viewModel: "DashboardViewModel", change: { value in
      guard case .array(let rows)? = value["rows"] else { return }
      value.set("/rows", to: .array(rows.reversed()))
    }, expected: []),
    Edit(name: "two rows sharing an id", viewModel: "DashboardViewModel",
         change: { $0.set("/rows/1/vmId/id", to: "101") },
         expected: both("error identity-collision", "DashboardViewModel", "/rows")),
    Edit(name: "a row whose id is gone", viewModel: "DashboardViewModel",
         change: { $0.set("/rows/1/vmId/id", to: nil) },
         expected: both("error identity-changed", "DashboardViewModel", "/rows/1/vmId")),
    Edit(name: "a localized number text", viewModel: "ProfileViewModel", locales: ["es"],
         change: { $0.set("/followerCount/ls", to: "9.876.544") },
         expected: ["info text-changed ProfileViewModel 1.0.0 es default /followerCount/ls"]),
  ]

  static func both(_ head: String, _ viewModel: String, _ path: String) -> [String] {
    ["en", "es"].map { "\(head) \(viewModel) 1.0.0 \($0) default \(path)" }
  }

  @Test("an edited copy gives exactly the edit's findings", arguments: edits)
  func edit(_ edit: Edit) throws {
    let old = try FOSMVVMWire.tree(run: 1)
    var new = old
    for locale in edit.locales {
      let path = ContractCase(edit.viewModel, "1.0.0", locale).relativePath
      var value = try FOSMVVMWire.payload(edit.viewModel, "1.0.0", locale, run: 1)
      edit.change(&value)
      new[path] = .json(value)
    }
    let builder = try TreeBuilder()
    let (oldRoot, newRoot) = try builder.pair(old: old, new: new)
    let run = try runDiff(oldRoot, newRoot)
    #expect(run.briefs == edit.expected.sorted())
    if edit.name == "a row whose id is gone" {
      #expect(run.messages("identity-changed").allSatisfy { $0.contains("became random") })
    }
  }
}

/// The FOSMVVM payloads under `../shared/fosmvvm-wire/`.
enum FOSMVVMWire {
  static let root = packageRoot.deletingLastPathComponent()
    .appendingPathComponent("shared/fosmvvm-wire")

  static var isPresent: Bool {
    FileManager.default.fileExists(atPath: root.appendingPathComponent("DIFFS.md").path)
  }

  static let viewModels = [
    "AccountBannerViewModel", "CardDeclinedErrorViewModel", "DashboardViewModel",
    "ProfileViewModel", "ProfileViewModel.factory", "SettingsViewModel",
  ]

  /// `<ViewModel>/<version>/<locale>.<run>.json`, parsed.
  static func payload(_ viewModel: String, _ version: String, _ locale: String, run: Int) throws
    -> JSONValue
  {
    try JSONParser.parse(contentsOf: root.appendingPathComponent(
      "\(viewModel)/\(version)/\(locale).\(run).json").path)
  }

  /// One run's payloads of every view model, version and locale as a baseline tree.
  static func tree(run: Int) throws -> [String: TreeFile] {
    var files: [String: TreeFile] = [:]
    for viewModel in viewModels {
      for version in ["1.0.0", "2.0.0"] {
        for locale in ["en", "es"] {
          files[ContractCase(viewModel, version, locale).relativePath] =
            .json(try payload(viewModel, version, locale, run: run))
        }
      }
    }
    return files
  }

  /// The pointers DIFFS.md lists under `## <viewModel>` and `### <section>…`: its
  /// `rows[0].startedAt.ls` is `/rows/0/startedAt/ls`.
  static func differences(_ viewModel: String, section: String) throws -> [String] {
    let text = try String(contentsOf: root.appendingPathComponent("DIFFS.md"), encoding: .utf8)
    var inViewModel = false
    var inSection = false
    var pointers: [String] = []
    for line in text.split(separator: "\n") {
      if line.hasPrefix("## ") { inViewModel = line == "## \(viewModel)"; inSection = false }
      if line.hasPrefix("### ") { inSection = inViewModel && line.hasPrefix("### \(section)") }
      guard inSection, line.hasPrefix("- `"), let end = line.dropFirst(3).firstIndex(of: "`")
      else { continue }
      let dotted = line[line.index(line.startIndex, offsetBy: 3)..<end]
      var pointer = ""
      for part in dotted.split(separator: ".") {
        var name = Substring(part)
        var indices: [String] = []
        while let open = name.lastIndex(of: "["), name.hasSuffix("]") {
          indices.insert(String(name[name.index(after: open)..<name.index(before: name.endIndex)]),
                         at: 0)
          name = name[..<open]
        }
        pointer = JSONPointer.appending(String(name), to: pointer)
        for index in indices { pointer += "/" + index }
      }
      pointers.append(pointer)
    }
    return pointers
  }
}

extension DiffRun {
  /// The findings as ``brief(_:)`` spells them: `error field-removed C 1.0.0 en default /x`.
  var briefs: [String] {
    findings.map { finding in
      ["severity", "kind", "contract", "version", "locale", "variant", "path"]
        .compactMap { finding[$0]?.stringValue }.joined(separator: " ")
    }.sorted()
  }
}
