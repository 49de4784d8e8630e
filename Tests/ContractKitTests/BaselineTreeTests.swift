import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

@Suite("baseline tree: the inventory a scan takes")
struct BaselineTreeTests {
  @Test("files come in path order, also where one contract's name begins another's")
  func pathOrder() throws {
    let builder = try TreeBuilder()
    var files: [String: TreeFile] = [:]
    for contract in ["Foo", "FooBar", "Foo_Bar", "Foo-Bar", "Foo.Bar"] {
      files = files + TreeBuilder.contract(contract, ["en": .object([:]), "pt-BR": .object([:])])
        + TreeBuilder.contract(contract, variant: "empty", ["en": .object([:])])
    }
    let root = try builder.write(files, as: "tree")

    let tree = try BaselineTree.scan(BaselineFiles(root: root))

    // `-` and `.` sort before `/`, `B` and `_` after it: `Foo-Bar/…` precedes `Foo/…`.
    let expected = ["Foo-Bar", "Foo.Bar", "Foo", "FooBar", "Foo_Bar"].flatMap { contract in
      ["en.empty.json", "en.json", "pt-BR.json"].map { "\(contract)/1.0.0/\($0)" }
    }
    #expect(tree.files.map(\.relativePath) == expected)
    #expect(expected == expected.sorted(by: codePointOrder))
    #expect(tree.files(of: "Foo").map(\.relativePath) == Array(expected[6..<9]))
    #expect(tree.contracts == ["Foo", "Foo-Bar", "Foo.Bar", "FooBar", "Foo_Bar"])
  }

  @Test("folder order compares names as if each ended in a slash")
  func folderOrder() {
    #expect(BaselineTree.folderOrder("Foo-Bar", "Foo"))
    #expect(!BaselineTree.folderOrder("Foo", "Foo-Bar"))
    #expect(BaselineTree.folderOrder("Foo", "FooBar"))
    #expect(!BaselineTree.folderOrder("FooBar", "Foo"))
    #expect(!BaselineTree.folderOrder("Foo", "Foo"))
    #expect(BaselineTree.folderOrder("", "a"))
    #expect(BaselineTree.folderOrder("a", "b"))
  }
}
