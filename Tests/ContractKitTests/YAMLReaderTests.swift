import Foundation
import Testing

@testable import ContractKit
@testable import ContractKitRuntime

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

  /// The lines of `bytes` as libyaml counts them: CR LF, CR, LF, U+0085, U+2028 and U+2029 each
  /// end one.
  static func lineCount(_ bytes: [UInt8]) -> Int {
    var count = 1
    var index = 0
    while index < bytes.count {
      let width = YAMLSource.breakWidth(bytes, at: index)
      if width > 0 { count += 1 }
      index += max(width, 1)
    }
    return count
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

  @Test("Types plain scalars by Yams's YAML 1.1 rules; quoted scalars stay strings", arguments: [
    ("true", YAMLNode.bool(true)), ("false", .bool(false)), ("True", .bool(true)),
    ("yes", .bool(true)), ("NO", .bool(false)), ("On", .bool(true)), ("tRUE", .string("tRUE")),
    ("y", .string("y")), ("~", .null), ("null", .null), ("NULL", .null), ("nULL", .string("nULL")),
    ("12", .int(12)), ("-7", .int(-7)), ("007", .int(7)), ("010", .int(8)), ("0o17", .int(15)),
    ("0x1F", .int(31)), ("-0b11", .int(-3)), ("1_000", .int(1000)), ("+5", .int(5)),
    ("+0", .string("+0")), ("12:30", .int(750)), ("-1:30", .int(-90)), ("09:15", .string("09:15")),
    ("9223372036854775807", .int(.max)), ("9223372036854775808", .string("9223372036854775808")),
    ("0.75", .double(0.75)), ("-1.5", .double(-1.5)), ("1e3", .double(1000)), ("08", .double(8)),
    ("2.5E-1", .double(0.25)), (".5", .double(0.5)), ("-.5", .string("-.5")), ("1.", .double(1)),
    ("1:30.5", .double(90.5)), ("1_000.5", .double(1000.5)), ("1e999", .double(.infinity)),
    (".inf", .double(.infinity)), ("-.Inf", .double(-.infinity)), (".iNf", .string(".iNf")),
    ("1.2.3", .string("1.2.3")), ("12abc", .string("12abc")), ("e3", .string("e3")),
    ("1e", .string("1e")), ("<<", .string("<<")), ("=", .string("=")),
    ("2024-1-5", .string("2024-1-5")), ("20240115", .int(20_240_115)),
    ("\"12\"", .string("12")), ("'true'", .string("true")), ("\"\"", .string("")),
    ("'~'", .string("~")), ("Your week at a glance", .string("Your week at a glance")),
    ("C# rocks", .string("C# rocks")), ("a#b", .string("a#b")), ("issue #5", .string("issue")),
    ("http://x.y/z:80", .string("http://x.y/z:80")), ("50% off", .string("50% off")),
    ("-x", .string("-x")), ("x   # comment", .string("x")), ("'it''s'", .string("it's")),
    ("say \"hi\" 'now'", .string("say \"hi\" 'now'")),
    ("a, b [c] {d}", .string("a, b [c] {d}")), ("", .null), ("# comment", .null),
  ])
  func scalarTyping(raw: String, expected: YAMLNode) throws {
    let node = try YAMLReader.read("key: \(raw)\n", file: "t.yml")
    #expect(node["key"] == expected)
  }

  @Test("Reads NaN, which no value equals")
  func notANumber() throws {
    guard case .double(let value)? = try YAMLReader.read("k: .NaN\n", file: "t.yml")["k"] else {
      Issue.record("not a double")
      return
    }
    #expect(value.isNaN)
  }

  @Test("Reads plain timestamps as Yams's dates, impossible days rolling over", arguments: [
    ("2024-01-15", "2024-01-15T00:00:00.000Z"),
    ("2001-12-14t21:59:43.10-05:00", "2001-12-15T02:59:43.100Z"),
    ("2001-12-14 21:59:43.10 -5", "2001-12-15T02:59:43.100Z"),
    ("2024-06-01T12:00:00Z", "2024-06-01T12:00:00.000Z"),
    ("2024-02-30", "2024-03-01T00:00:00.000Z"),
  ])
  func timestamps(raw: String, expected: String) throws {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let date = try #require(formatter.date(from: expected))
    guard case .date(let read)? = try YAMLReader.read("k: \(raw)\n", file: "t.yml")["k"] else {
      Issue.record("not a date")
      return
    }
    #expect(abs(read.timeIntervalSince(date)) < 0.000_5)
  }

  @Test("Decodes every double-quoted escape")
  func escapes() throws {
    // The last escape is a backslash before a real tab.
    let text = #"k: "a\"b\\c\/d\ne\tf\rg\0h\bi\fj\ak\vl\em\ n\No\_p\Lq\Pr\"# + "\t" + #"s""#
    #expect(try YAMLReader.read(text, file: "t.yml")["k"] == .string(
      "a\"b\\c/d\ne\tf\rg\0h\u{8}i\u{C}j\u{7}k\u{B}l\u{1B}m n\u{85}o\u{A0}p\u{2028}q\u{2029}r\ts"))
    let unicode = #"k: "\u00e9\x41\xe9\U0001F600 日本語 é""#
    #expect(try YAMLReader.read(unicode, file: "t.yml")["k"] == .string("éAé😀 日本語 é"))
    let single = "k: 'ダッシュボード ''é'' \\n'"
    #expect(try YAMLReader.read(single, file: "t.yml")["k"]
      == .string("ダッシュボード 'é' \\n"))
  }

  @Test("Folds multi-line plain and quoted values as Yams does", arguments: [
    ("k: first part\n  second part\n", "first part second part"),
    ("k: first\n\n  second\n", "first\nsecond"),
    ("k: 'first\n    second\n\n    third'\n", "first second\nthird"),
    ("k: \"first  \n   second\"\n", "first second"),
    ("k: \"abc\\\n   def\"\n", "abcdef"),
    ("k: \"one\u{2028}two\"\n", "one\u{2028}two"),
    ("k:\n  on the next line\n", "on the next line"),
    ("k:\n  \"quoted next line\"\n", "quoted next line"),
    ("- first\n  second\n", "first second"),
  ])
  func folding(text: String, expected: String) throws {
    let node = try YAMLReader.read(text, file: "t.yml")
    let value = node["k"] ?? { if case .list(let items) = node { items.first } else { nil } }()
    #expect(value == .string(expected))
  }

  @Test("Reads block scalars with every chomping and indentation indicator", arguments: [
    ("k: |\n  line one\n  line two\nb: x\n", "line one\nline two\n"),
    ("k: >\n  folded\n  text\nb: x\n", "folded text\n"),
    ("k: |-\n  one\n  two\n", "one\ntwo"),
    ("k: |+\n  one\n\n\nb: x\n", "one\n\n\n"),
    ("k: >-\n  a\n  b\n", "a b"),
    ("k: >+\n  a\n\nb: x\n", "a\n\n"),
    ("k: |\n  text\n\n\nb: x\n", "text\n"),
    ("k: |2\n     indented\n    less\nb: x\n", "   indented\n  less\n"),
    ("k: |1-\n   two\n", "  two"),
    ("k: >-2\n   one\n", " one"),
    ("k: >\n  para one\n    indented\n  para two\n", "para one\n  indented\npara two\n"),
    ("k: >\n  one\n\n  two\n\n\n  three\n", "one\ntwo\n\nthree\n"),
    ("k: | # comment\n  # not a comment\n  x # y\n", "# not a comment\nx # y\n"),
    ("k: |\nb: >\nc: x\n", ""),
    ("k: |\n  last line", "last line"),
    ("k: |\n\n\n  text\n", "\n\ntext\n"),
    ("k: |\n  col1\tcol2\n  \tlead\n", "col1\tcol2\n\tlead\n"),
    ("k: |\r\n  one\r\n  two\r\n", "one\ntwo\n"),
  ])
  func blockScalars(text: String, expected: String) throws {
    #expect(try YAMLReader.read(text, file: "t.yml")["k"] == .string(expected))
  }

  @Test("Reads flow sequences and mappings of scalars, over lines and with trailing commas")
  func flowCollections() throws {
    let text = """
      a: [One, "x, y", 'z', a:b, http://x.y]
      b: {title: Title, prompt: Prompt, }
      c: [
        1,
        2.5 ]
      d: {x: [1, 2], y: {z: w}}
      e: []
      f: {}
      g: [k: v, j]
      h: {key}

      """
    #expect(erasingPositions(try YAMLReader.read(text, file: "t.yml")) == .map([
      entry("a", .list([.string("One"), .string("x, y"), .string("z"), .string("a:b"),
                        .string("http://x.y")])),
      entry("b", .map([entry("title", .string("Title")), entry("prompt", .string("Prompt"))])),
      entry("c", .list([.int(1), .double(2.5)])),
      entry("d", .map([entry("x", .list([.int(1), .int(2)])),
                       entry("y", .map([entry("z", .string("w"))]))])),
      entry("e", .list([])),
      entry("f", .map([])),
      entry("g", .list([.map([entry("k", .string("v"))]), .string("j")])),
      entry("h", .map([entry("key", .null)])),
    ]))
  }

  @Test("Reads empty values, empty list items and explicit keys as Yams's nulls")
  func emptyValues() throws {
    let text = "a:\nb: # nothing\nc:\n  -\n  - x\n  - ~\n? d\n: explicit\n? e\n"
    #expect(erasingPositions(try YAMLReader.read(text, file: "t.yml")) == .map([
      entry("a", .null), entry("b", .null),
      entry("c", .list([.null, .string("x"), .null])),
      entry("d", .string("explicit")), entry("e", .null),
    ]))
  }

  @Test("Reads nested lists and lists of mappings")
  func nestedBlocks() throws {
    let text = "- - a\n  - b\n- c: 1\n  d: 2\n-\n  e: 3\n"
    #expect(erasingPositions(try YAMLReader.read(text, file: "t.yml")) == .list([
      .list([.string("a"), .string("b")]),
      .map([entry("c", .int(1)), entry("d", .int(2))]),
      .map([entry("e", .int(3))]),
    ]))
  }

  @Test("Keys keep their text; a plain 1 and a quoted \"1\" are one key, the later value wins")
  func keys() throws {
    let text = "01: a\n1e3: b\nyes: c\n~: d\n'': e\ntitle   : f\n1: int\n\"1\": string\n"
    #expect(erasingPositions(try YAMLReader.read(text, file: "t.yml")) == .map([
      entry("01", .string("a")), entry("1e3", .string("b")), entry("yes", .string("c")),
      entry("~", .string("d")), entry("", .string("e")), entry("title", .string("f")),
      entry("1", .string("string")),
    ]))
  }

  /// A document earlier versions of the reader refused, and the value Yams reads from it.
  struct FormerRefusal: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    let node: YAMLNode
    var testDescription: String { name }
  }

  static let formerRefusals: [FormerRefusal] = {
    func entry(_ key: String, _ value: YAMLNode) -> YAMLNode.Entry {
      YAMLTestSupport.entry(key, value)
    }
    func inA(_ entries: YAMLNode.Entry...) -> YAMLNode {
      .map([entry("en", .map([entry("A", .map(entries))]))])
    }
    let documents: [(String, String, YAMLNode)] = [
      ("flow map", "en:\n  A: {title: Hi}\n", .map([
        entry("en", .map([entry("A", .map([entry("title", .string("Hi"))]))])),
      ])),
      ("flow list", "en:\n  A:\n    days: [Mon, Tue]\n",
       inA(entry("days", .list([.string("Mon"), .string("Tue")])))),
      ("document end", "en:\n  A:\n    t: x\n...\n", inA(entry("t", .string("x")))),
      ("content after ---", "--- en\n", .string("en")),
      ("double quote over two lines", "en:\n  A:\n    title: \"Hi\n      there\"\n",
       inA(entry("title", .string("Hi there")))),
      ("literal block scalar", "en:\n  A:\n    title: |\n      text\n",
       inA(entry("title", .string("text\n")))),
      ("folded block scalar", "en:\n  A:\n    title: >-\n      text\n",
       inA(entry("title", .string("text")))),
      ("multi-line plain scalar", "en:\n  A:\n    title: one\n      two\n",
       inA(entry("title", .string("one two")))),
      ("value on the next line", "en:\n  A:\n    title:\n      Dashboard\n",
       inA(entry("title", .string("Dashboard")))),
      ("complex key", "en:\n  ? A\n", .map([entry("en", .map([entry("A", .null)]))])),
      ("empty value", "en:\n  A:\n    title:\n    other: x\n",
       inA(entry("title", .null), entry("other", .string("x")))),
      ("empty value at the end", "en:\n  A:\n    title: # nothing\n", inA(entry("title", .null))),
      ("null", "en:\n  A:\n    title: null\n", inA(entry("title", .null))),
      ("tilde", "en:\n  A:\n    title: ~ # none\n", inA(entry("title", .null))),
      ("mapping in a sequence item", "en:\n  A:\n    days:\n      - name: x\n",
       inA(entry("days", .list([.map([entry("name", .string("x"))])])))),
      ("nested sequence", "en:\n  A:\n    days:\n      - - x\n",
       inA(entry("days", .list([.list([.string("x")])])))),
      ("block under a dash", "en:\n  A:\n    days:\n      -\n        x: 1\n",
       inA(entry("days", .list([.map([entry("x", .int(1))])])))),
      ("empty sequence item", "days:\n  -\n  - x\n",
       .map([entry("days", .list([.null, .string("x")]))])),
      ("U+FEFF inside a value", "k: a\u{FEFF}b\n", .map([entry("k", .string("a\u{FEFF}b"))])),
      ("lone carriage return", "en:\r  A: x\n",
       .map([entry("en", .map([entry("A", .string("x"))]))])),
      ("integer out of range", "k: 99999999999999999999\n",
       .map([entry("k", .string("99999999999999999999"))])),
      ("decimal out of range", "k: 1e999\n", .map([entry("k", .double(.infinity))])),
      ("scalar document", "just text\n", .string("just text")),
    ]
    return documents.map { FormerRefusal(name: $0.0, text: $0.1, node: $0.2) }
  }()

  @Test("Reads what earlier versions refused, with Yams's values", arguments: formerRefusals)
  func formerRefusal(_ document: FormerRefusal) throws {
    #expect(erasingPositions(try YAMLReader.read(document.text, file: "t.yml")) == document.node)
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

  @Test("Ends lines at a lone CR, U+0085, U+2028 and U+2029 too, as libyaml does")
  func otherLineBreaks() throws {
    for lineBreak in ["\r", "\u{85}", "\u{2028}", "\u{2029}"] {
      let text = ["en:", "  A: x", "  B: &y"].joined(separator: lineBreak)
      let error = try #require(readError(text), "\(lineBreak.unicodeScalars.map(\.value))")
      #expect(error.line == 3)
      #expect(error.column == 6)
    }
    let node = try YAMLReader.read("en:\r  A: x\r  B: y\r", file: "t.yml")
    #expect(erasingPositions(node)
      == .map([entry("en", .map([entry("A", .string("x")), entry("B", .string("y"))]))]))
  }

  @Test("Accepts a BOM and a leading '---' line")
  func bomAndDocumentStart() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("# header\n--- # start\nk: v\n".utf8)
    let node = try YAMLReader.read(bytes, file: "t.yml")
    #expect(node == .map([
      YAMLNode.Entry(key: "k", value: .string("v"), line: 3, column: 1, byteOffset: 24),
    ]))
  }

  @Test("Keeps U+FEFF inside a value, drops it at a value's start as Yams's String(bytes:) does")
  func byteOrderMarkInValues() throws {
    let node = try YAMLReader.read("a: zero\u{FEFF}width\nb: \"\u{FEFF}quoted\"\n", file: "t.yml")
    #expect(node["a"] == .string("zero\u{FEFF}width"))
    #expect(node["b"] == .string("quoted"))
  }

  @Test("Reads document markers: '---' with content on its line, '...' at the end")
  func documentMarkers() throws {
    #expect(try YAMLReader.read("--- text\n", file: "t.yml") == .string("text"))
    #expect(try YAMLReader.read("--- |\n  block\n", file: "t.yml") == .string("block\n"))
    #expect(erasingPositions(try YAMLReader.read("k: v\n... # end\n...\n", file: "t.yml"))
      == .map([entry("k", .string("v"))]))
    #expect(try YAMLReader.read("---\n...\n", file: "t.yml") == .null)
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

  @Test("Reads a file without a document as null, as Yams does", arguments: [
    "", "\n\n", "# only\n", "---\n", "   \n",
  ])
  func emptyDocument(text: String) throws {
    #expect(try YAMLReader.read(text, file: "t.yml") == .null)
  }

  @Test("Accepts 256 nesting levels and refuses 257, in blocks and in flow")
  func depthLimit() throws {
    func nested(_ levels: Int) -> String {
      (0..<levels).map { level in
        String(repeating: " ", count: level * 2) + (level == levels - 1 ? "leaf: x" : "k\(level):")
      }.joined(separator: "\n")
    }
    _ = try YAMLReader.read(nested(256), file: "t.yml")
    let error = try #require(readError(nested(257)))
    #expect(error.line == 257)
    #expect(error.column == 513)
    #expect(error.reason
      == "nesting deeper than 256 levels of lists and mappings is not supported")
    let flowLists = String(repeating: "[", count: 255) + String(repeating: "]", count: 255)
    _ = try YAMLReader.read("k: " + flowLists, file: "t.yml")
    let flow = try #require(readError(String(repeating: "[", count: 1100)))
    #expect(flow.line == 1)
    #expect(flow.column == 257)
  }
}
