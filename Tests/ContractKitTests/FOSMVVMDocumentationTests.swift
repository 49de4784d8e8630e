import Foundation
import Testing

/// `Documentation/FOSMVVM.md` shows the example package in `Examples/FOSMVVM/`, byte for
/// byte. `.ci/fosmvvm/run` builds that package against the real FOSMVVM and holds it to the
/// page's promises; the sample's `FOSMVVMApp/` replica proves the ContractKit side in
/// `swift test` too.
@Suite("Documentation/FOSMVVM.md equals Examples/FOSMVVM")
struct FOSMVVMDocumentationTests {
  static let example = packageRoot.appendingPathComponent("Examples/FOSMVVM")

  static let blocks = DocumentationTests.blocks.filter { $0.page == "Documentation/FOSMVVM.md" }

  @Test("every file of the example is on the page, once, as a whole-file block")
  func everyFileShown() {
    let shown = Self.blocks.compactMap { $0.marker?.kind == .example ? $0.marker?.path : nil }
    #expect(!shown.isEmpty)
    #expect(shown.sorted()
      == DocumentationTests.files(of: Self.example).map { "Examples/FOSMVVM/\($0)" })
    #expect(Set(shown).count == shown.count)
  }

  @Test("the page shows the example's .gitignore, which keeps .contracts-pending/ out")
  func gitignoreShown() throws {
    let ignore = try String(
      contentsOf: Self.example.appendingPathComponent(".gitignore"), encoding: .utf8)
    let page = try String(
      contentsOf: packageRoot.appendingPathComponent("Documentation/FOSMVVM.md"), encoding: .utf8)
    #expect(ignore.split(separator: "\n").contains(".contracts-pending/"))
    #expect(page.contains("```gitignore\n" + ignore + "```\n"))
  }

  @Test("CI builds the example against the real FOSMVVM, from .ci/run")
  func builtByCI() throws {
    let run = try String(contentsOf: packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
    let fosmvvm = try String(
      contentsOf: packageRoot.appendingPathComponent(".ci/fosmvvm/run"), encoding: .utf8)
    #expect(run.contains("\n.ci/fosmvvm/run\n"))
    #expect(fosmvvm.contains("$repo/Examples/FOSMVVM"))
  }
}
