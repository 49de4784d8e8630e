@testable import ContractKit
import Foundation
import Testing

/// The documentation tells the truth: every Swift block in `README.md` and `Documentation/`
/// is code that CI compiles (a whole file, or lines of one, of a package `.ci/run` builds),
/// the quick start shows every file of its example, the kinds table lists every kind, and
/// the README's synopsis is the command line's own usage.
@Suite("Documentation: every block is compiled code, every table is the code's")
struct DocumentationTests {
  static let quickStart = packageRoot.appendingPathComponent("Examples/QuickStart")
  /// The scripts CI runs: `.ci/run`, and what it calls (`.ci/fosmvvm/run` builds the FOSMVVM
  /// example against the real framework).
  static let ciScripts = [".ci/run", ".ci/fosmvvm/run"]

  /// The Markdown files users read, relative to the package root.
  static let pages: [String] = {
    let documentation = packageRoot.appendingPathComponent("Documentation")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: documentation.path)) ?? []
    return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted()
      .map { "Documentation/\($0)" }
  }()

  static let blocks: [DocumentationBlock] = pages.flatMap { page in
    let text = (try? String(contentsOf: packageRoot.appendingPathComponent(page),
                            encoding: .utf8)) ?? ""
    return DocumentationBlock.blocks(in: text, page: page)
  }

  @Test("every marked block is its file, or lines of it", arguments: blocks.filter { $0.marker != nil })
  func blockIsCode(_ block: DocumentationBlock) throws {
    guard let marker = block.marker else { return }
    let contents = try String(contentsOf: packageRoot.appendingPathComponent(marker.path),
                              encoding: .utf8)
    switch marker.kind {
    case .example:
      #expect(block.text == contents, "\(block.page): the block differs from \(marker.path)")
    case .excerpt:
      #expect(contents.hasPrefix(block.text) || contents.contains("\n" + block.text),
              "\(block.page): the block's lines are not lines of \(marker.path)")
    }
  }

  @Test("every Swift block carries a marker naming a file of a package CI builds")
  func swiftBlocksAreMarked() throws {
    let ci = try Self.ciScripts.map {
      try String(contentsOf: packageRoot.appendingPathComponent($0), encoding: .utf8)
    }.joined(separator: "\n")
    for block in Self.blocks where block.language == "swift" {
      let path = block.marker?.path ?? ""
      let example = path.split(separator: "/").prefix(2).joined(separator: "/")
      let built = path.hasPrefix("Sources/") || path.hasPrefix("Tests/")
        || (path.hasPrefix("Examples/") && ci.contains(example))
      #expect(
        block.marker != nil && built,
        """
        \(block.page): a Swift block at line \(block.line) must be marked <!-- Example: path --> \
        or <!-- Excerpt: path --> with a file CI compiles
        """)
    }
  }

  @Test("the quick start page shows every file of Examples/QuickStart, once")
  func quickStartComplete() {
    let shown = Self.blocks.filter { $0.page == "Documentation/QuickStart.md" }
      .compactMap { $0.marker?.kind == .example ? $0.marker?.path : nil }
    #expect(shown.sorted() == Self.exampleFiles.map { "Examples/QuickStart/\($0)" })
    #expect(Set(shown).count == shown.count)
  }

  @Test("the README is a front page of at most 15 KB")
  func readmeSize() throws {
    let size = try Data(contentsOf: packageRoot.appendingPathComponent("README.md")).count
    #expect(size <= 15 * 1024)
  }

  @Test("the README's synopsis is each command's usage line")
  func synopsis() throws {
    let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"),
                            encoding: .utf8)
    let lines = readme.split(separator: "\n").map {
      $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
    for command in Invocation.Command.allCases {
      #expect(lines.contains(HelpText.usage(for: command)), "README lacks: \(HelpText.usage(for: command))")
    }
  }

  @Test("the findings table lists every kind with its default severity, and nothing else")
  func findingsTable() throws {
    let page = try String(
      contentsOf: packageRoot.appendingPathComponent("Documentation/Findings.md"), encoding: .utf8)
    var documented: [String: String] = [:]
    for line in page.split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 2 else { continue }
      documented[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[1]
    }
    let expected = Dictionary(uniqueKeysWithValues: FindingKind.allCases.map {
      ($0.rawValue, $0.defaultSeverity.rawValue)
    })
    #expect(documented.keys.sorted() == expected.keys.sorted())
    for (kind, severity) in expected {
      #expect(documented[kind]?.hasPrefix(severity) == true, "\(kind): \(documented[kind] ?? "-")")
    }
  }

  @Test("the example has its recorded baselines, and .ci/run builds, tests and inspects it")
  func keptTrueByCI() throws {
    #expect(FileManager.default.fileExists(
      atPath: Self.quickStart.appendingPathComponent(".VersionedTestJSON").path))
    let ci = try String(contentsOf: packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
    #expect(ci.contains("Examples/QuickStart"))
    #expect(ci.contains("app-server"))
  }

  @Test("the block reader strips a list item's indentation and reads markers")
  func reader() {
    let page = """
      1. Step

         <!-- Example: A.swift -->
         ```swift
         let a = 1

           indented
         ```
      <!-- Excerpt: B.swift -->
      ```swift
      b()
      ```
      ```sh
      swift test
      ```
      """
    let blocks = DocumentationBlock.blocks(in: page, page: "P.md")
    #expect(blocks.map(\.marker?.path) == ["A.swift", "B.swift", nil])
    #expect(blocks.map(\.language) == ["swift", "swift", "sh"])
    #expect(blocks.first?.text == "let a = 1\n\n  indented\n")
    #expect(blocks[1].marker?.kind == .excerpt)
  }

  /// The example's own files: what a newcomer writes, without what `record` and the build
  /// produce, and without hidden files (`.build`, `.VersionedTestJSON`, `.DS_Store`).
  static var exampleFiles: [String] { files(of: quickStart) }

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
}

/// A fenced block of a Markdown page, with the marker on the line above it, if any.
struct DocumentationBlock: CustomTestStringConvertible, Sendable {
  struct Marker: Sendable {
    enum Kind: Sendable { case example, excerpt }
    var kind: Kind
    var path: String
  }

  var page: String
  var line: Int
  var language: String
  var marker: Marker?
  /// The block's text, its fence's indentation removed, ending in a newline.
  var text: String
  var testDescription: String { "\(page):\(line) \(marker?.path ?? "")" }

  /// Every fenced block of `text`; the lines of a block inside a list item carry the fence's
  /// indentation, which is not part of the code.
  static func blocks(in text: String, page: String) -> [DocumentationBlock] {
    let lines = text.components(separatedBy: "\n")
    var blocks: [DocumentationBlock] = []
    var index = 0
    while index < lines.count {
      let fence = lines[index]
      let indent = String(fence.prefix { $0 == " " })
      let trimmed = fence.dropFirst(indent.count)
      guard trimmed.hasPrefix("```") else {
        index += 1
        continue
      }
      var marker: Marker?
      if index > 0 {
        let above = lines[index - 1].trimmingCharacters(in: .whitespaces)
        for (prefix, kind) in [("<!-- Example: ", Marker.Kind.example), ("<!-- Excerpt: ", .excerpt)]
        where above.hasPrefix(prefix) && above.hasSuffix(" -->") {
          marker = Marker(kind: kind, path: String(above.dropFirst(prefix.count).dropLast(4)))
        }
      }
      var body: [String] = []
      index += 1
      while index < lines.count, lines[index] != indent + "```" {
        let content = lines[index]
        body.append(content.hasPrefix(indent) ? String(content.dropFirst(indent.count)) : content)
        index += 1
      }
      blocks.append(DocumentationBlock(
        page: page, line: index - body.count, language: String(trimmed.dropFirst(3)),
        marker: marker, text: body.joined(separator: "\n") + "\n"))
      index += 1
    }
    return blocks
  }
}
