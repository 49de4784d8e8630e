import Foundation
import Testing

/// The folders of `Sources/ContractKitRuntime` (what an app ships) and then of
/// `Sources/ContractKit` (the harness), in pipeline order: a file may name the types and
/// functions of its own folder and of folders before it, never of a folder after it. The
/// compiler enforces the cut between the two modules; this test keeps the order inside each.
private let layers = [
  "Support", "JSON", "Vocabulary", "Localization", "Encoding", "Baselines", "Findings", "Diff",
  "Catalog", "Harness", "Gate", "Compat", "Reporting", "Integration", "CommandLine",
]

@Suite("Architecture: dependencies point down the pipeline")
struct LayeringTests {
  /// The library's sources, by the layer (top-level folder) each file is in.
  static let sources: [(layer: String, path: String, code: String)] = {
    ["Sources/ContractKitRuntime", "Sources/ContractKit"].flatMap { module in
      let root = packageRoot.appendingPathComponent(module)
      let paths = FileManager.default.enumerator(atPath: root.path)?
        .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") && $0.contains("/") }
        .sorted() ?? []
      return paths.map { path in
        let text = (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
          ?? ""
        return (String(path.prefix { $0 != "/" }), "\(module)/\(path)", SwiftSource.code(of: text))
      }
    }
  }()

  @Test("every folder of the library has a place in the layer order")
  func everyFolderIsALayer() {
    #expect(!Self.sources.isEmpty)
    let unknown = Set(Self.sources.map(\.layer)).subtracting(layers)
    #expect(unknown.isEmpty, "add these folders to the layer order: \(unknown.sorted())")
  }

  @Test("no file names a type or function declared in a later layer")
  func noUpwardNames() {
    var declaredIn: [String: String] = [:]
    for source in Self.sources {
      for name in SwiftSource.topLevelDeclarations(in: source.code) {
        declaredIn[name] = source.layer
      }
    }
    var violations: [String] = []
    for source in Self.sources {
      guard let rank = layers.firstIndex(of: source.layer) else { continue }
      let named = Set(SwiftSource.identifiers(in: source.code))
      for name in named.sorted() {
        guard let layer = declaredIn[name], let other = layers.firstIndex(of: layer),
          other > rank
        else { continue }
        violations.append("\(source.path) names \(name) (\(layer))")
      }
    }
    #expect(violations == [])
  }

  @Test("the scan sees through comments and strings, and finds top-level names only")
  func scanner() {
    let code = SwiftSource.code(of: """
      /// Uses ``Report``. // and Check
      struct Outer { struct Inner {} }
      let text = "Record \\(x) \\"Check\\"" + #"Gate "quoted""#
      /* Diff */ func helper() {}
      enum E { case a }
      private func hidden() {}
      import struct Foundation.UUID
      """)
    #expect(SwiftSource.topLevelDeclarations(in: code) == ["Outer", "helper", "E"])
    #expect(!SwiftSource.identifiers(in: code).contains("Report"))
    #expect(!SwiftSource.identifiers(in: code).contains("Check"))
    #expect(!SwiftSource.identifiers(in: code).contains("Gate"))
    #expect(!SwiftSource.identifiers(in: code).contains("Diff"))
    #expect(SwiftSource.identifiers(in: code).contains("Inner"))
  }
}

/// Just enough of Swift's lexical structure to find names in code.
enum SwiftSource {
  /// `text` with comments and string literals blanked out (newlines and braces kept).
  static func code(of text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    func peek(_ offset: Int) -> Unicode.Scalar? {
      index + offset < scalars.count ? scalars[index + offset] : nil
    }
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "/", peek(1) == "/" {
        while index < scalars.count, scalars[index] != "\n" { index += 1 }
      } else if scalar == "/", peek(1) == "*" {
        index += 2
        while index < scalars.count, !(scalars[index] == "*" && peek(1) == "/") {
          if scalars[index] == "\n" { result.append("\n") }
          index += 1
        }
        index += 2
      } else if scalar == "#" || scalar == "\"" {
        var hashes = 0
        while peek(hashes) == "#" { hashes += 1 }
        guard peek(hashes) == "\"" else {
          result.append(scalar)
          index += 1
          continue
        }
        index += hashes
        let multiline = peek(1) == "\"" && peek(2) == "\""
        index += multiline ? 3 : 1
        let closing = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
        let close = Array(closing.unicodeScalars)
        while index < scalars.count {
          if hashes == 0, scalars[index] == "\\" { index += 2; continue }
          if scalars[index] == close[0], index + close.count <= scalars.count,
            Array(scalars[index..<index + close.count]) == close
          {
            index += close.count
            break
          }
          if scalars[index] == "\n" { result.append("\n") }
          index += 1
        }
        result.append(" ")
      } else {
        result.append(scalar)
        index += 1
      }
    }
    return String(result)
  }

  /// Every identifier in `code`.
  static func identifiers(in code: String) -> [String] {
    code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
      .map(String.init).filter { $0.first.map { !$0.isNumber } ?? false }
  }

  /// Names of the types, type aliases and functions `code` declares outside any braces.
  static func topLevelDeclarations(in code: String) -> [String] {
    var names: [String] = []
    var depth = 0
    var words: [String] = []
    var word = ""
    func endWord() {
      guard !word.isEmpty else { return }
      // `private` and `fileprivate` names are the file's own; `import struct M.T` declares
      // nothing.
      if depth == 0, let last = words.last,
        ["struct", "enum", "class", "protocol", "actor", "typealias", "func"].contains(last),
        !words.suffix(3).contains(where: { ["private", "fileprivate", "import"].contains($0) })
      {
        names.append(word)
      }
      words.append(word)
      word = ""
    }
    for character in code {
      if character.isLetter || character.isNumber || character == "_" {
        word.append(character)
        continue
      }
      endWord()
      if character == "{" { depth += 1 }
      if character == "}" { depth -= 1 }
    }
    endWord()
    return names
  }
}
