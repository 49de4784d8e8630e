import Testing

@testable import ContractKit

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

  static let rejections: [Rejection] = [
    Rejection("anchor", "en:\n  A:\n    title: &a Hi\n", 3, 12, "anchors ('&') are not supported"),
    Rejection("alias", "en:\n  A:\n    title: *a\n", 3, 12, "aliases ('*') are not supported"),
    Rejection("tag", "en:\n  A:\n    title: !!str 12\n", 3, 12, "tags ('!') are not supported"),
    Rejection("anchored key", "en:\n  &a A: x\n", 2, 3, "anchors"),
    Rejection("flow map", "en:\n  A: {title: Hi}\n", 2, 6, "flow mappings ('{')"),
    Rejection("flow list", "en:\n  A:\n    days: [Mon, Tue]\n", 3, 11, "flow sequences ('[')"),
    Rejection("second document", "en:\n  A:\n    t: x\n---\nes:\n", 4, 1, "second document"),
    Rejection("document end", "en:\n  A:\n    t: x\n...\n", 4, 1, "document end markers"),
    Rejection("content after ---", "--- en\n", 1, 5, "content after '---'"),
    Rejection("tab indentation", "en:\n\tA:\n    t: x\n", 2, 1, "tabs are not allowed"),
    Rejection("tab after spaces", "en:\n  \tA: x\n", 2, 3, "tabs are not allowed"),
    Rejection("duplicate key", "en:\n  A:\n    title: x\n    other: y\n    'title': z\n", 5, 5,
              "duplicate key 'title' (first defined on line 3)"),
    Rejection("unterminated double quote", "en:\n  A:\n    title: \"Hi\n      there\"\n", 3, 12,
              "unterminated double-quoted string"),
    Rejection("unterminated single quote", "en:\n  A:\n    title: 'it''s\n", 3, 12,
              "unterminated single-quoted string"),
    Rejection("unterminated quoted key", "en:\n  \"A: x\n", 2, 3, "unterminated double-quoted"),
    Rejection("bad indentation", "en:\n  A:\n    title: x\n   other: y\n", 4, 4,
              "inconsistent indentation: 3 spaces match no open block"),
    Rejection("bad dedent of the root", "  en:\n    A: x\nes:\n", 3, 1, "inconsistent indentation"),
    Rejection("literal block scalar", "en:\n  A:\n    title: |\n      text\n", 3, 12,
              "block scalars ('|')"),
    Rejection("folded block scalar", "en:\n  A:\n    title: >-\n      text\n", 3, 12,
              "block scalars ('>')"),
    Rejection("multi-line plain scalar", "en:\n  A:\n    title: one\n      two\n", 4, 7,
              "multi-line scalars are not supported"),
    Rejection("value on the next line", "en:\n  A:\n    title:\n      Dashboard\n", 4, 7,
              "expected 'key: value'"),
    Rejection("complex key", "en:\n  ? A\n", 2, 3, "complex keys ('? ')"),
    Rejection("empty value", "en:\n  A:\n    title:\n    other: x\n", 3, 5,
              "empty value for key 'title'"),
    Rejection("empty value at the end", "en:\n  A:\n    title: # nothing\n", 3, 5, "empty value"),
    Rejection("null", "en:\n  A:\n    title: null\n", 3, 12, "null values ('null')"),
    Rejection("tilde", "en:\n  A:\n    title: ~ # none\n", 3, 12, "null values ('~')"),
    Rejection("mapping in a sequence item", "en:\n  A:\n    days:\n      - name: x\n", 4, 13,
              "mappings inside sequence items are not supported"),
    Rejection("nested sequence", "en:\n  A:\n    days:\n      - - x\n", 4, 9,
              "nested sequences inside sequence items"),
    Rejection("block under a dash", "en:\n  A:\n    days:\n      -\n        x: 1\n", 4, 7,
              "nested mappings and sequences inside sequence items"),
    Rejection("empty sequence item", "days:\n  -\n  - x\n", 2, 3, "empty sequence item"),
    Rejection("sequence item among keys", "en:\n  A:\n    t: x\n    - y\n", 4, 5,
              "expected a mapping key, found a sequence item"),
    Rejection("key among sequence items", "days:\n  - x\n  y: 1\n", 3, 3,
              "expected a sequence item"),
    Rejection("sequence on the key's line", "en: - x\n", 1, 5, "sequence cannot start"),
    Rejection("unsupported escape", "k: \"a\\qb\"\n", 1, 6, "unsupported escape '\\q'"),
    Rejection("short unicode escape", "k: \"\\u12G4\"\n", 1, 5, "needs 4 hexadecimal digits"),
    Rejection("surrogate escape", "k: \"\\uD800\"\n", 1, 5, "not a Unicode scalar value"),
    Rejection("colon in a plain value", "en:\n  A:\n    t: a: b\n", 3, 9, "quote the value"),
    Rejection("text after a closing quote", "k: \"a\" b\n", 1, 8, "after the closing quote"),
    Rejection("control character", "k: a\u{7}b\n", 1, 5, "control character U+0007"),
    Rejection("C1 control character", "k: a\u{85}b\n", 1, 5, "control character U+0085"),
    Rejection("stray BOM", "k: a\u{FEFF}b\n", 1, 5, "byte order mark"),
    Rejection("lone carriage return", "en:\r  A: x\n", 1, 4, "carriage return"),
    Rejection("directive", "%YAML 1.2\n---\nen:\n", 1, 1, "directives ('%')"),
    Rejection("empty key", "en:\n  : x\n", 2, 3, "mapping key is missing"),
    Rejection("quoted key without colon", "\"en\" x\n", 1, 6, "expected ':' after the quoted key"),
    Rejection("integer out of range", "k: 99999999999999999999\n", 1, 4, "out of range"),
    Rejection("decimal out of range", "k: 1e999\n", 1, 4, "out of range"),
    Rejection("reserved character", "k: @x\n", 1, 4, "unexpected character '@'"),
    Rejection("scalar document", "just text\n", 1, 1, "expected 'key: value'"),
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
        let lineCount = bytes.count(where: { $0 == 0x0A }) + 1
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
