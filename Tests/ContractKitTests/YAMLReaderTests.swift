import Testing

@testable import ContractKit

/// Shared fixtures and helpers of the YAML reader tests.
enum YAMLTestSupport {
  /// The document from FOSMVVM's localization guide.
  static let sampleDocument = """
    en:
      DashboardViewModel:
        title: "Dashboard"
        subtitle: Your week at a glance
        greeting: 'Welcome, %{name}!'
        Card:
          title: "Card"
        weekdays:
          - "Mon"
          - Tue
        maxItems: 12
        ratio: 0.75
        enabled: true
    es:
      DashboardViewModel:
        title: "Panel"

    """

  /// Reads `text`, returning the error it throws or `nil` when it reads.
  static func readError(_ text: String) -> InputError? {
    do {
      _ = try YAMLReader.read(text, file: "test.yml")
      return nil
    } catch {
      return error
    }
  }

  /// A map entry whose position does not matter (see ``erasingPositions(_:)``).
  static func entry(_ key: String, _ value: YAMLNode) -> YAMLNode.Entry {
    YAMLNode.Entry(key: key, value: value, line: 0, column: 0, byteOffset: 0)
  }

  /// `node` with every entry position set to zero, to compare shapes and values only.
  static func erasingPositions(_ node: YAMLNode) -> YAMLNode {
    switch node {
    case .map(let entries): .map(entries.map { entry($0.key, erasingPositions($0.value)) })
    case .list(let items): .list(items.map(erasingPositions))
    default: node
    }
  }
}

@Suite("YAML reader: accepted documents")
struct YAMLReaderAcceptanceTests {
  let sampleDocument = YAMLTestSupport.sampleDocument

  func readError(_ text: String) -> InputError? { YAMLTestSupport.readError(text) }

  func entry(_ key: String, _ value: YAMLNode) -> YAMLNode.Entry {
    YAMLTestSupport.entry(key, value)
  }

  func erasingPositions(_ node: YAMLNode) -> YAMLNode {
    YAMLTestSupport.erasingPositions(node)
  }

  @Test("Reads the guide's sample into the exact tree")
  func sampleTree() throws {
    let node = try YAMLReader.read(sampleDocument, file: "sample.yml")
    let expected = YAMLNode.map([
      entry("en", .map([
        entry("DashboardViewModel", .map([
          entry("title", .string("Dashboard")),
          entry("subtitle", .string("Your week at a glance")),
          entry("greeting", .string("Welcome, %{name}!")),
          entry("Card", .map([entry("title", .string("Card"))])),
          entry("weekdays", .list([.string("Mon"), .string("Tue")])),
          entry("maxItems", .int(12)),
          entry("ratio", .double(0.75)),
          entry("enabled", .bool(true)),
        ])),
      ])),
      entry("es", .map([
        entry("DashboardViewModel", .map([entry("title", .string("Panel"))])),
      ])),
    ])
    #expect(erasingPositions(node) == expected)
  }

  @Test("Records each key's line, column and byte offset")
  func positions() throws {
    let node = try YAMLReader.read("en:\n  A:\n    title: \"Hi\" # greeting\n", file: "t.yml")
    let expected = YAMLNode.map([
      YAMLNode.Entry(key: "en", value: .map([
        YAMLNode.Entry(key: "A", value: .map([
          YAMLNode.Entry(key: "title", value: .string("Hi"), line: 3, column: 5, byteOffset: 13),
        ]), line: 2, column: 3, byteOffset: 6),
      ]), line: 1, column: 1, byteOffset: 0),
    ])
    #expect(node == expected)
  }

  @Test("Counts columns in Unicode scalars and offsets in bytes")
  func nonASCIIPositions() throws {
    let node = try YAMLReader.read("é: 1\nñandú: x\n", file: "t.yml")
    guard case .map(let entries) = node else { Issue.record("not a map"); return }
    #expect(entries.map(\.line) == [1, 2])
    #expect(entries.map(\.byteOffset) == [0, 6])
    let error = try #require(readError("en:\n  A:\n    é: &x\n"))
    #expect(error.line == 3)
    #expect(error.column == 8)
    #expect(error.byteOffset == 17)
  }

  @Test("Types plain scalars; quoted scalars stay strings", arguments: [
    ("true", YAMLNode.bool(true)), ("false", .bool(false)), ("True", .string("True")),
    ("yes", .string("yes")), ("12", .int(12)), ("-7", .int(-7)), ("007", .int(7)),
    ("0.75", .double(0.75)), ("-1.5", .double(-1.5)), ("1e3", .double(1000)),
    ("2.5E-1", .double(0.25)), (".5", .double(0.5)), ("-.5", .double(-0.5)),
    ("1.", .double(1)), ("1.2.3", .string("1.2.3")), ("12abc", .string("12abc")),
    ("+5", .string("+5")), ("e3", .string("e3")), ("1e", .string("1e")),
    ("\"12\"", .string("12")), ("'true'", .string("true")), ("\"\"", .string("")),
    ("Your week at a glance", .string("Your week at a glance")),
    ("C# rocks", .string("C# rocks")), ("a#b", .string("a#b")),
    ("http://x.y/z:80", .string("http://x.y/z:80")), ("50% off", .string("50% off")),
    ("-x", .string("-x")), ("x   # comment", .string("x")), ("'it''s'", .string("it's")),
    ("say \"hi\" 'now'", .string("say \"hi\" 'now'")),
    ("a, b [c] {d}", .string("a, b [c] {d}")),
  ])
  func scalarTyping(raw: String, expected: YAMLNode) throws {
    let node = try YAMLReader.read("key: \(raw)\n", file: "t.yml")
    #expect(node["key"] == expected)
  }

  @Test("Decodes every supported double-quoted escape")
  func escapes() throws {
    let text = #"k: "a\"b\\c\/d\ne\tf\rg\0h\bi\fj""#
    #expect(try YAMLReader.read(text, file: "t.yml")["k"]
      == .string("a\"b\\c/d\ne\tf\rg\0h\u{8}i\u{C}j"))
    let unicode = #"k: "\u00e9\x41\U0001F600 日本語 é""#
    #expect(try YAMLReader.read(unicode, file: "t.yml")["k"] == .string("éA😀 日本語 é"))
    let single = "k: 'ダッシュボード ''é'' \\n'"
    #expect(try YAMLReader.read(single, file: "t.yml")["k"] == .string("ダッシュボード 'é' \\n"))
  }

  @Test("Reads quoted keys")
  func quotedKeys() throws {
    let node = try YAMLReader.read("\"a: b\": 1\n'it''s' : 2\n", file: "t.yml")
    #expect(erasingPositions(node) == .map([entry("a: b", .int(1)), entry("it's", .int(2))]))
  }

  @Test("Skips comments and blank lines anywhere")
  func comments() throws {
    let text = """
      # leading comment

      en: # the locale
          # deeper comment
        A:   # a type
      # shallow comment
        \t
          title: Hi # trailing
          list:   # items follow
      # between items
            - a   # first

            - 'b' # second
      """
    let expected = YAMLNode.map([
      entry("en", .map([
        entry("A", .map([
          entry("title", .string("Hi")),
          entry("list", .list([.string("a"), .string("b")])),
        ])),
      ])),
    ])
    #expect(erasingPositions(try YAMLReader.read(text, file: "t.yml")) == expected)
  }

  @Test("Reads CRLF line breaks like LF, with the same lines and columns")
  func crlf() throws {
    let crlf = sampleDocument.replacingOccurrences(of: "\n", with: "\r\n")
    let lf = try YAMLReader.read(sampleDocument, file: "t.yml")
    #expect(erasingPositions(try YAMLReader.read(crlf, file: "t.yml")) == erasingPositions(lf))
    let error = try #require(readError("en:\r\n  A: &x\r\n"))
    #expect(error.line == 2)
    #expect(error.column == 6)
    #expect(error.byteOffset == 10)
  }

  @Test("Accepts a BOM and a leading '---' line")
  func bomAndDocumentStart() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("# header\n--- # start\nk: v\n".utf8)
    let node = try YAMLReader.read(bytes, file: "t.yml")
    #expect(node == .map([
      YAMLNode.Entry(key: "k", value: .string("v"), line: 3, column: 1, byteOffset: 24),
    ]))
  }

  @Test("Reads sequences at the key's indentation and deeper")
  func sequences() throws {
    let text = "a:\n- 1\n- x\nb:\n    - true\nc: 2\n"
    let expected = YAMLNode.map([
      entry("a", .list([.int(1), .string("x")])),
      entry("b", .list([.bool(true)])),
      entry("c", .int(2)),
    ])
    #expect(erasingPositions(try YAMLReader.read(text, file: "t.yml")) == expected)
    #expect(try YAMLReader.read("- a\n- 'b'\n", file: "t.yml")
      == .list([.string("a"), .string("b")]))
  }

  @Test("Reads an empty document as an empty map", arguments: ["", "\n\n", "# only\n", "---\n"])
  func emptyDocument(text: String) throws {
    #expect(try YAMLReader.read(text, file: "t.yml") == .map([]))
  }

  @Test("Accepts 64 nesting levels and rejects 65")
  func depthLimit() throws {
    func nested(_ levels: Int) -> String {
      (0..<levels).map { level in
        String(repeating: " ", count: level * 2) + (level == levels - 1 ? "leaf: x" : "k\(level):")
      }.joined(separator: "\n")
    }
    _ = try YAMLReader.read(nested(64), file: "t.yml")
    let error = try #require(readError(nested(65)))
    #expect(error.line == 65)
    #expect(error.column == 129)
    #expect(error.reason.contains("nesting deeper than 64 levels"))
  }
}
