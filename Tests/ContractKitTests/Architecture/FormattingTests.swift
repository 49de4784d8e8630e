import Foundation
import Testing

/// The package's Swift follows its `.editorconfig`: what it promises an editor is what the
/// files hold.
@Suite("Architecture: the Swift files follow .editorconfig")
struct FormattingTests {
  /// Every Swift file of the package and its examples, relative to the package root, with
  /// its text; build folders left out.
  static let files: [(path: String, text: String)] = {
    ["Sources", "Tests", "Examples"].flatMap { folder in
      let root = packageRoot.appendingPathComponent(folder)
      let paths = FileManager.default.enumerator(atPath: root.path)?
        .compactMap { $0 as? String }
        .filter { $0.hasSuffix(".swift") && !$0.split(separator: "/").contains(".build") }
        .sorted() ?? []
      return paths.map { path in
        let text = (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
          ?? ""
        return ("\(folder)/\(path)", text)
      }
    }
  }()

  /// `max_line_length` of the `[*.swift]` section.
  static let maximumColumns: Int? = {
    guard let text = try? String(contentsOf: packageRoot.appendingPathComponent(".editorconfig"),
                                 encoding: .utf8)
    else { return nil }
    var section = ""
    for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      if line.hasPrefix("[") { section = line }
      if section == "[*.swift]", line.hasPrefix("max_line_length") {
        return line.split(separator: "=").last.flatMap {
          Int($0.trimmingCharacters(in: .whitespaces))
        }
      }
    }
    return nil
  }()

  @Test("no line is longer than max_line_length, counted in Unicode scalars")
  func lineLength() throws {
    let limit = try #require(Self.maximumColumns, ".editorconfig gives Swift no max_line_length")
    #expect(Self.files.count > 100)
    var long: [String] = []
    for file in Self.files {
      for (index, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated() where line.unicodeScalars.count > limit
      {
        long.append("\(file.path):\(index + 1): \(line.unicodeScalars.count) columns")
      }
    }
    #expect(long.isEmpty, "\(long.joined(separator: "\n"))")
  }

  @Test("two-space indentation without tabs, no trailing whitespace, a final newline")
  func whitespace() {
    var problems: [String] = []
    for file in Self.files {
      if !file.text.hasSuffix("\n") { problems.append("\(file.path): no final newline") }
      for (index, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        if line.contains("\t") { problems.append("\(file.path):\(index + 1): a tab") }
        if line.last == " " { problems.append("\(file.path):\(index + 1): trailing whitespace") }
      }
    }
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }
}
