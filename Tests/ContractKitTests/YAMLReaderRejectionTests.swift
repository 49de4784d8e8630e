import Testing

@testable import ContractKit
@testable import ContractKitRuntime

@Suite("YAML reader: rejected documents")
struct YAMLReaderRejectionTests {
  /// One document the reader must reject, and where.
  struct Rejection: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    let line: Int
    let column: Int
    let reason: String

    init(_ name: String, _ text: String, _ line: Int, _ column: Int, _ reason: String) {
      self.name = name
      self.text = text
      self.line = line
      self.column = column
      self.reason = reason
    }

    var testDescription: String { name }
  }

  /// What Yams rejects, and the features the reader refuses (``YAMLUnsupported``).
  static let rejections: [Rejection] = [
    Rejection("anchor", "en:\n  A:\n    title: &a Hi\n", 3, 12, "anchors ('&') are not supported"),
    Rejection("alias", "en:\n  A:\n    title: *a\n", 3, 12, "aliases ('*') are not supported"),
    Rejection("tag", "en:\n  A:\n    title: !!str 12\n", 3, 12, "tags ('!') are not supported"),
    Rejection("anchored key", "en:\n  &a A: x\n", 2, 3, "anchors"),
    Rejection("merge key", "a:\n  <<: {b: 1}\n", 2, 3, "merge keys ('<<') are not supported"),
    Rejection("directive", "%YAML 1.2\n---\nen:\n", 1, 1, "directives ('%YAML', '%TAG')"),
    Rejection("flow list as key", "en:\n  [a, b]: x\n", 2, 3, "a list or a mapping as a key"),
    Rejection("explicit mapping key", "? {a: b}\n: x\n", 1, 3, "a list or a mapping as a key"),
    Rejection("second document", "en:\n  A:\n    t: x\n---\nes:\n", 4, 1, "a second document"),
    Rejection("empty second document", "en:\n  A:\n    t: x\n---\n", 4, 1, "a second document"),
    Rejection("content after '...'", "a: b\n...\nc: d\n", 3, 1, "follows the end of the document"),
    Rejection("mapping on the '---' line", "--- a: b\n", 1, 6, "': ' cannot appear here"),
    Rejection("tab indentation", "en:\n\tA:\n    t: x\n", 2, 1, "a tab cannot indent YAML"),
    Rejection("tab after spaces", "en:\n  \tA: x\n", 2, 3, "a tab cannot indent YAML"),
    Rejection("tab on a blank line", "en:\n  \t\n  A: x\n", 2, 3, "a tab cannot indent YAML"),
    Rejection("tab after a list dash", "a:\n  - \tb\n", 2, 5, "a tab cannot indent YAML"),
    Rejection("tab indenting a block scalar", "a: |\n \tx\n", 2, 2,
              "a tab indents a line of this block scalar"),
    Rejection("duplicate key", "en:\n  A:\n    title: x\n    other: y\n    'title': z\n", 5, 5,
              "duplicate key 'title' (first written at 3:5); Yams refuses the file"),
    Rejection("duplicate key, NFC and NFD", "caf\u{E9}: 1\ncafe\u{301}: 2\n", 2, 1,
              "duplicate key 'café'"),
    Rejection("unterminated double quote", "en:\n  A:\n    title: \"Hi\n    b: x\n", 3, 12,
              "unterminated double-quoted value"),
    Rejection("unterminated single quote", "en:\n  A:\n    title: 'it''s\n", 3, 12,
              "unterminated single-quoted value"),
    Rejection("unterminated quoted key", "en:\n  \"A: x\n", 2, 3, "unterminated double-quoted"),
    Rejection("document marker in quotes", "a: 'x\n---\ny'\n", 2, 1, "starts with '---' or '...'"),
    Rejection("bad indentation", "en:\n  A:\n    title: x\n   other: y\n", 4, 4,
              "inconsistent indentation: column 4 matches no key above"),
    Rejection("bad dedent of the root", "  en:\n    A: x\nes:\n", 3, 1,
              "a key follows the end of the document"),
    Rejection("more-indented key after a value", "en:\n  a: x\n     b: y\n", 3, 7,
              "': ' cannot appear here"),
    Rejection("comment inside a multi-line value", "a: first\n  # note\n  second\n", 3, 3,
              "expected a key ('key: value') at this indentation, found the text 'second'"),
    Rejection("multi-line key", "en:\n  long\n    key: v\n", 3, 8, "': ' cannot appear here"),
    Rejection("key longer than 1024 characters",
              "a:\n  " + String(repeating: "k", count: 1100) + ": v\n", 2, 1103,
              "': ' cannot appear here"),
    Rejection("sequence item among keys", "en:\n  A:\n    t: x\n    - y\n", 4, 5,
              "expected a key ('key: value') at this indentation, found a list item ('- ')"),
    Rejection("key among sequence items", "days:\n  - x\n  y: 1\n", 3, 3,
              "expected a list item ('- ') at this indentation, found a key"),
    Rejection("sequence on the key's line", "en: - x\n", 1, 5,
              "a list item ('- ') cannot start here"),
    Rejection("lone dash value", "en:\n  a: -\n", 2, 6, "a list item ('- ') cannot start here"),
    Rejection("explicit key on the key's line", "en:\n  a: ? x\n", 2, 6,
              "an explicit key ('? ') cannot start here"),
    Rejection("empty key", "en:\n  : x\n", 2, 3,
              "expected a key ('key: value') at this indentation, found ':'"),
    Rejection("unknown escape", "k: \"a\\qb\"\n", 1, 6, "unknown escape '\\q' in double quotes"),
    Rejection("apostrophe escape", "k: \"it\\'s\"\n", 1, 7, "unknown escape '\\''"),
    Rejection("short unicode escape", "k: \"\\u12G4\"\n", 1, 5, "needs 4 hexadecimal digits"),
    Rejection("surrogate escape", "k: \"\\uD800\"\n", 1, 5,
              "gives U+D800, which is not a Unicode scalar"),
    Rejection("escape past U+10FFFF", "k: \"\\UFFFFFFFF\"\n", 1, 5, "gives U+FFFFFFFF"),
    Rejection("colon in a plain value", "en:\n  A:\n    t: a: b\n", 3, 9,
              "': ' cannot appear here"),
    Rejection("colon at the end of a plain value", "k: Note:\n", 1, 8, "': ' cannot appear here"),
    Rejection("text after a closing quote", "k: \"a\" b\n", 1, 8, "found the text 'b'"),
    Rejection("text after a flow list", "k: [note] read\n", 1, 11, "found the text 'read'"),
    Rejection("unclosed flow list", "en:\n  a: [x, y\n  b: z\n", 3, 4,
              "expected ',' or ']' in the list that starts at 2:6"),
    Rejection("colon before ']' in a flow list", "[a:]\n", 1, 3, "':' followed by ']'"),
    Rejection("block scalar header", "k: |x\n", 1, 5,
              "only '+', '-', a digit and a comment may follow '|'"),
    Rejection("indentation indicator 0", "k: |0\n  x\n", 1, 4, "must be 1 to 9, not 0"),
    Rejection("block scalar less indented than its indicator", "a:\n  b: |4\n    short\n", 3, 5,
              "found the text 'short'"),
    Rejection("control character", "k: a\u{7}b\n", 1, 5, "control character U+0007 is not allowed"),
    Rejection("DEL", "k: a\u{7F}b\n", 1, 5, "control character U+007F is not allowed"),
    Rejection("C1 control character", "k: a\u{90}b\n", 1, 5, "control character U+0090"),
    Rejection("noncharacter", "k: a\u{FFFE}b\n", 1, 5, "noncharacter U+FFFE is not allowed"),
    Rejection("NEL ends the line", "k: a\u{85}b\n", 2, 1, "expected ':' after this key"),
    Rejection("reserved character", "k: @x\n", 1, 4, "'@' cannot start a plain value"),
    Rejection("backtick", "k: `x`\n", 1, 4, "'`' cannot start a plain value"),
    Rejection("placeholder first", "k: %{count} items\n", 1, 4, "'%' cannot start a plain value"),
    Rejection("base-60 overflow", "k: 1:0:0:0:0:0:0:0:0:0:0:0\n", 1, 4,
              "a base-60 number too large"),
    Rejection("only '...'", "...\n", 1, 1, "expected a value, found '...'"),
  ]

  @Test("Rejects unsupported or malformed input at its position", arguments: rejections)
  func rejects(_ rejection: Rejection) throws {
    let error = try #require(YAMLTestSupport.readError(rejection.text))
    #expect(error.file == "test.yml")
    #expect(error.line == rejection.line)
    #expect(error.column == rejection.column)
    #expect(error.reason.contains(rejection.reason), "\(error.reason)")
    #expect(!error.reason.hasSuffix("."))
  }

  @Test("Reports the byte offset of the first invalid UTF-8 byte", arguments: [
    ([0xC3, 0x28], "invalid UTF-8 sequence"), ([0xC0, 0xAF], "invalid UTF-8 byte 0xC0"),
    ([0x80], "invalid UTF-8 byte 0x80"), ([0xED, 0xA0, 0x80], "invalid UTF-8 sequence"),
    ([0xF4, 0x90, 0x80, 0x80], "invalid UTF-8 sequence"), ([0xE6, 0x97], "invalid UTF-8"),
  ] as [([UInt8], String)])
  func invalidUTF8(bad: [UInt8], reason: String) throws {
    let bytes = Array("en:\n  A:\n    t: café ".utf8) + bad
    do {
      _ = try YAMLReader.read(bytes, file: "bad.yml")
      Issue.record("read invalid UTF-8")
    } catch {
      #expect(error.line == 3)
      #expect(error.column == 13)
      #expect(error.byteOffset == 22)
      #expect(error.reason.contains(reason), "\(error.reason)")
    }
  }

  @Test("Survives hundreds of random mutations with a positioned error or a tree")
  func fuzz() {
    var random = Generator(seed: 0x5EED_CAFE)
    let original = Array(YAMLTestSupport.sampleDocument.utf8)
    let interesting = Array(":-#&*!{}[]|>'\"\\ \t\r\n?%~.".utf8) + [0x00, 0x80, 0xC3, 0xE6, 0xFF]
    for _ in 0..<500 {
      var bytes = original
      for _ in 0...random.next(below: 3) {
        let position = random.next(below: bytes.count + 1)
        let byte = random.next(below: 2) == 0
          ? interesting[random.next(below: interesting.count)]
          : UInt8(truncatingIfNeeded: random.next(below: 256))
        switch random.next(below: 3) {
        case 0 where position < bytes.count: bytes.remove(at: position)
        case 1 where position < bytes.count: bytes[position] = byte
        default: bytes.insert(byte, at: position)
        }
      }
      do {
        _ = try YAMLReader.read(bytes, file: "fuzz.yml")
      } catch {
        let lineCount = YAMLTestSupport.lineCount(bytes)
        #expect((1...lineCount).contains(error.line ?? 0), "\(error)")
        #expect((error.column ?? 0) >= 1, "\(error)")
        #expect((0...bytes.count).contains(error.byteOffset ?? -1), "\(error)")
        #expect(!error.reason.isEmpty)
      }
    }
  }

  /// A small deterministic generator, so the fuzz test is the same on every run.
  private struct Generator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var value = state
      value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
      value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
      return value ^ (value >> 31)
    }

    /// A value in `0..<bound`.
    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
  }
}
