import Foundation
import Testing

/// `Documentation/FOSMVVM.md` shows the example package in `Examples/FOSMVVM/`, byte for
/// byte. That package depends on FOSMVVM, which CI cannot fetch, so CI does not build it;
/// the sample's `FOSMVVMApp/` replica proves the ContractKit side in every run.
@Suite("Documentation/FOSMVVM.md equals Examples/FOSMVVM")
struct FOSMVVMDocumentationTests {
  static let example = packageRoot.appendingPathComponent("Examples/FOSMVVM")

  static let snippets: [QuickStartTests.Snippet] = {
    let page = (try? String(
      contentsOf: packageRoot.appendingPathComponent("Documentation/FOSMVVM.md"),
      encoding: .utf8)) ?? ""
    return QuickStartTests.snippets(in: page, marker: "Example")
  }()

  @Test("each marked block is its file, byte for byte", arguments: snippets)
  func blockEqualsFile(_ snippet: QuickStartTests.Snippet) throws {
    let contents = try String(contentsOf: packageRoot.appendingPathComponent(snippet.path),
                              encoding: .utf8)
    #expect(snippet.text == contents, "the block for \(snippet.path) differs from the file")
  }

  @Test("every file of the example is on the page, once")
  func everyFileShown() {
    let shown = Self.snippets.map(\.path)
    #expect(!shown.isEmpty)
    #expect(shown.sorted()
      == QuickStartTests.files(of: Self.example).map { "Examples/FOSMVVM/\($0)" })
    #expect(Set(shown).count == shown.count)
  }
}
