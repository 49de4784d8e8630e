import Foundation
import Testing

/// The README's quick start is the example package in `Examples/QuickStart/`, byte for byte:
/// `.ci/run` builds and tests the example, and this suite fails when the two drift apart.
@Suite("README quick start equals Examples/QuickStart")
struct QuickStartTests {
  static let example = packageRoot.appendingPathComponent("Examples/QuickStart")

  /// A fenced block of the README under a `<!-- QuickStart: <path> -->` marker.
  struct Snippet: CustomTestStringConvertible, Sendable {
    let path: String
    /// The block's text, its fence's indentation removed, ending in a newline.
    let text: String
    var testDescription: String { path }
  }

  /// Every block of `readme` marked `<!-- <marker>: <path> -->`, in order.
  ///
  /// The marker is the line right above the opening fence; the block's lines carry the
  /// fence's indentation (a block inside a list item), which is not part of the file.
  static func snippets(in readme: String, marker name: String = "QuickStart") -> [Snippet] {
    let lines = readme.components(separatedBy: "\n")
    var snippets: [Snippet] = []
    for (index, line) in lines.enumerated() {
      let marker = line.trimmingCharacters(in: .whitespaces)
      let opening = "<!-- \(name): "
      guard marker.hasPrefix(opening), marker.hasSuffix(" -->"), index + 1 < lines.count
      else { continue }
      let path = String(marker.dropFirst(opening.count).dropLast(" -->".count))
      let fence = lines[index + 1]
      let indent = String(fence.prefix { $0 == " " })
      guard fence.dropFirst(indent.count).hasPrefix("```") else {
        snippets.append(Snippet(path: path, text: "(no fenced block under the marker)"))
        continue
      }
      var body: [String] = []
      for content in lines[(index + 2)...] {
        if content == indent + "```" { break }
        body.append(content.hasPrefix(indent) ? String(content.dropFirst(indent.count)) : content)
      }
      snippets.append(Snippet(path: path, text: body.joined(separator: "\n") + "\n"))
    }
    return snippets
  }

  static let readmeSnippets: [Snippet] = {
    let readme = (try? String(contentsOf: packageRoot.appendingPathComponent("README.md"),
                              encoding: .utf8)) ?? ""
    return snippets(in: readme)
  }()

  /// The example's own files: what a newcomer writes, without what `record` and the build
  /// produce, and without hidden files (`.build`, `.VersionedTestJSON`, `.DS_Store`).
  static var exampleFiles: [String] { files(of: example) }

  /// The files of the example package at `example`, as ``exampleFiles`` lists them.
  static func files(of example: URL) -> [String] {
    let generated: Set<String> = ["Baselines.md", "Package.resolved"]
    let enumerator = FileManager.default.enumerator(atPath: example.path)
    var files: [String] = []
    while let path = enumerator?.nextObject() as? String {
      let name = (path as NSString).lastPathComponent
      if name.hasPrefix(".") || generated.contains(path) {
        enumerator?.skipDescendants()
        continue
      }
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(
        atPath: example.appendingPathComponent(path).path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        files.append(path)
      }
    }
    return files.sorted()
  }

  @Test("each marked README block is its example file, byte for byte", arguments: readmeSnippets)
  func blockEqualsFile(_ snippet: Snippet) throws {
    let file = Self.example.appendingPathComponent(snippet.path)
    let contents = try String(contentsOf: file, encoding: .utf8)
    #expect(snippet.text == contents, "README block for \(snippet.path) differs from the file")
  }

  @Test("every file of the example is in the README, once")
  func everyFileShown() {
    let shown = Self.readmeSnippets.map(\.path)
    #expect(!shown.isEmpty)
    #expect(shown.sorted() == Self.exampleFiles)
    #expect(Set(shown).count == shown.count)
  }

  @Test("the example has its recorded baselines, and .ci/run builds and tests it")
  func keptTrueByCI() throws {
    #expect(FileManager.default.fileExists(
      atPath: Self.example.appendingPathComponent(".VersionedTestJSON").path))
    #expect(FileManager.default.fileExists(
      atPath: Self.example.appendingPathComponent("Baselines.md").path))
    let ci = try String(contentsOf: packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
    #expect(ci.contains("Examples/QuickStart"))
  }

  @Test("the snippet reader strips a list item's indentation and stops at the fence")
  func reader() {
    let readme = """
      1. Step

         <!-- QuickStart: A.swift -->
         ```swift
         let a = 1

           indented
         ```
      <!-- QuickStart: B.txt -->
      not a fence
      """
    let snippets = Self.snippets(in: readme)
    #expect(snippets.map(\.path) == ["A.swift", "B.txt"])
    #expect(snippets.first?.text == "let a = 1\n\n  indented\n")
    #expect(snippets.last?.text == "(no fenced block under the marker)")
  }
}
