import Foundation
import Testing

/// `Documentation/FOSMVVM.md` shows the example package in `Examples/FOSMVVM/`, byte for
/// byte. That package depends on FOSMVVM, which CI cannot fetch, so CI does not build it;
/// the sample's `FOSMVVMApp/` replica proves the ContractKit side in every run.
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
}
