import Foundation
import Testing

@testable import ContractKit
@testable import ContractKitRuntime
import SampleContracts

/// The fast paths that write canonical JSON without a `JSONValue` must give exactly the bytes
/// of the exact path (parse, then `CanonicalJSON.encode`), and must never accept a document
/// the parser refuses.
@Suite("Canonical JSON without a JSONValue")
struct CanonicalFastPathTests {
  /// The exact path's bytes, or `nil` when the parser refuses `bytes`.
  static func exact(_ bytes: [UInt8]) -> [UInt8]? {
    (try? JSONParser.parse(bytes, file: "test.json")).map(CanonicalJSON.encode)
  }

  /// Fails unless the fast path agrees with the exact one on `bytes`.
  static func expectAgreement(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation)
  {
    let fast = JSONParser.canonicalBytes(of: bytes)
    let exact = exact(bytes)
    let text = String(decoding: bytes.prefix(200), as: UTF8.self)
    if exact == nil {
      #expect(fast == nil, "accepted what the parser refuses: \(text)",
              sourceLocation: sourceLocation)
    } else if let fast {
      #expect(fast == exact, "\(text)", sourceLocation: sourceLocation)
    }
  }

  static let documents: [String] = [
    #"{"b":1,"a":[true,null,false],"B":"x\/y","c":{}}"#,
    #"  {"z" : [ ] , "y" : { } }  "#,
    #"{"text":"tab\tnew\nline \"quoted\" back\\slash \u00e9 \ud83d\ude00 \u0000 \u007f"}"#,
    "{\"raw\":\"é ü ß 日本 \u{7F} del\"}",
    #"[0,-0,1,-1,123456789012345678,-123456789012345678,1234567890123456789]"#,
    #"[1.0,1.5,-0.0,1e3,1E+2,2.5e-3,1e400,-1e400,0.1]"#,
    #"[18446744073709551615,18446744073709551616,-9223372036854775808,-9223372036854775809]"#,
    #"{"a":1,"a":2}"#,
    #"{"\u0061":1,"a":2}"#,
    #"{"é":1,"é":2}"#,
    "{\"e\u{301}\":1,\"é\":2}",
    "{\"k\u{7F}\":1}",
    #"{"a":1,}"#, #"[1,]"#, #"{"a" 1}"#, #"{a:1}"#, #"[01]"#, #"[1.]"#, #"[.5]"#, #"[+1]"#,
    #"[NaN]"#, #"[-Infinity]"#, #"[tru]"#, #"[truex]"#, #"[nul]"#, "", "   ", "\u{FEFF}{}",
    #"{"a":"\ud800"}"#, #"{"a":"\udc00"}"#, #"{"a":"\x"}"#, #"{"a":"unterminated}"#,
    "{\"a\":\"control \u{01}\"}", #"{} {}"#, #"[1] x"#, #"{"a":[1,2}"#, #"["a":1]"#,
    #""just a string""#, "42", "true", "null", #"[[[[[]]]]]"#, #"{"a":{"b":{"c":{}}}}"#,
    "<<<<<<< HEAD\n{}", #"{"a":1}// comment"#, #"{'a':1}"#,
  ]

  @Test("a wire payload's bytes canonicalized without a value equal the exact path's",
        arguments: documents)
  func handWritten(_ document: String) {
    Self.expectAgreement(Array(document.utf8))
  }

  @Test("invalid UTF-8 is refused like the parser refuses it")
  func invalidUTF8() {
    for bytes: [UInt8] in [[0x22, 0xC3, 0x22], [0x5B, 0x22, 0xFF, 0x22, 0x5D],
                           [0x7B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x3A, 0x31, 0x7D]]
    {
      #expect(JSONParser.canonicalBytes(of: bytes) == nil)
      #expect(Self.exact(bytes) == nil)
    }
  }

  @Test("nesting: 10,000 levels are written, deeper is left to the parser's error")
  func depth() {
    for depth in [1_000, JSONParser.maximumDepth, JSONParser.maximumDepth + 1] {
      let bytes = Array(
        (String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)).utf8)
      let fast = JSONParser.canonicalBytes(of: bytes)
      #expect((fast != nil) == (depth <= JSONParser.maximumDepth))
      Self.expectAgreement(bytes)
    }
  }

  @Test("every committed baseline of the sample catalog takes the fast path, byte for byte")
  func sampleBaselines() throws {
    let files = try FileManager.default.subpathsOfDirectory(atPath: committedBaselines.path)
      .filter { $0.hasSuffix(".json") }
    #expect(files.count > 100)
    for file in files {
      let bytes = [UInt8](try Data(contentsOf: committedBaselines.appendingPathComponent(file)))
      #expect(JSONParser.canonicalBytes(of: bytes) == bytes, "\(file)")
    }
  }

  @Test("FOSMVVM's real payloads give the exact path's bytes",
        .enabled(if: FOSMVVMWire.isPresent, "../shared/fosmvvm-wire is absent"))
  func fosmvvmPayloads() throws {
    let files = try FileManager.default.subpathsOfDirectory(atPath: FOSMVVMWire.root.path)
      .filter { $0.hasSuffix(".json") }
    #expect(!files.isEmpty)
    for file in files {
      let bytes = [UInt8](try Data(contentsOf: FOSMVVMWire.root.appendingPathComponent(file)))
      #expect(JSONParser.canonicalBytes(of: bytes) != nil, "\(file)")
      Self.expectAgreement(bytes)
    }
  }

  @Test("Foundation's JSONEncoder output, in every formatting, takes the fast path")
  func foundationOutput() throws {
    struct Row: Encodable {
      let vmId: String
      let title: String
      let price: Double
      let count: Int
      let link: URL
      let tags: [String]
      let note: String?
    }
    let rows = (0..<20).map {
      Row(vmId: "row-\($0)", title: "Café \($0) \"quoted\"", price: Double($0) / 3,
          count: $0 * 1_000, link: URL(string: "https://example.com/a/\($0)")!,
          tags: ["new", "é"], note: $0.isMultiple(of: 2) ? nil : "note/\($0)")
    }
    for formatting: JSONEncoder.OutputFormatting in [[], .prettyPrinted, .sortedKeys,
                                                     .withoutEscapingSlashes]
    {
      let encoder = JSONEncoder()
      encoder.outputFormatting = formatting
      let bytes = [UInt8](try encoder.encode(["rows": rows]))
      #expect(JSONParser.canonicalBytes(of: bytes) != nil)
      Self.expectAgreement(bytes)
    }
  }

  @Test("seeded byte mutations of real payloads never make the two paths disagree")
  func mutations() throws {
    let files = try FileManager.default.subpathsOfDirectory(atPath: committedBaselines.path)
      .filter { $0.hasSuffix(".json") }.sorted().prefix(40)
    // 25 mutations per file; a long fuzz run (`CONTRACTKIT_FUZZ_CASES`) spreads its count
    // over the files, from its seed.
    let perFile = FaultFuzzTests.isLongRun ? max(25, FaultFuzzTests.cases / files.count) : 25
    var state: UInt64 = 0x5EED ^ FaultFuzzTests.baseSeed
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    let replacements = Array("{}[],:\"\\ 0-.eE1tfnu\u{7F}".utf8) + [0x00, 0xC3, 0xFF, 0x0A]
    for file in files {
      let original = [UInt8](try Data(contentsOf: committedBaselines.appendingPathComponent(file)))
      for _ in 0..<perFile {
        var bytes = original
        for _ in 0..<(1 + next() % 3) {
          let index = next() % bytes.count
          switch next() % 3 {
          case 0: bytes[index] = replacements[next() % replacements.count]
          case 1: bytes.remove(at: index)
          default: bytes.insert(replacements[next() % replacements.count], at: index)
          }
        }
        Self.expectAgreement(bytes)
      }
    }
  }

  @Test("the encoder's tree written directly equals its frozen value written")
  func encoderTree() throws {
    let catalog = try SampleCatalog.make()
    for contractCase in catalog.cases {
      guard let contract = catalog.contract(named: contractCase.contract),
        let variant = contract.variant(named: contractCase.variant)
      else { continue }
      let payload = try catalog.encodeCase(variant, of: contract, for: contractCase)
      #expect(payload.bytes == CanonicalJSON.encode(payload.value), "\(contractCase)")
    }
  }

  @Test("objects written with duplicate, omitted or non-ASCII keys follow the dictionary's rules")
  func unusualObjects() throws {
    struct Unusual: Encodable {
      enum Keys: String, CodingKey { case b, a, é = "e\u{301}", precomposed = "é", c }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(1, forKey: .b)
        try container.encode(2, forKey: .b)
        try container.encode("x", forKey: .a)
        try container.encode(3, forKey: .é)
        try container.encode(4, forKey: .precomposed)
      }
    }
    struct Plain: Encodable {
      let rows: [Unusual]
      let dictionary: [String: Int]
    }
    let store = try LocalizationStore(files: [(name: "en.yml", text: "en:\n  a: b\n")])
    let encoder = LocalizingEncoder(locale: "en", store: store, version: SystemVersion(1, 0, 0))
    let value = Plain(rows: [Unusual(), Unusual()], dictionary: ["z": 1, "é": 2, "a": 3])
    let canonical = try encoder.encodeCanonical(value)
    #expect(canonical.bytes == CanonicalJSON.encode(try encoder.encode(value).value))
  }

  @Test("members in every order, sizes and shared prefixes are written in code-point order")
  func memberOrder() throws {
    // Keys around the eight bytes compared as one number: equal up to eight and beyond,
    // prefixes of each other, differing only in their ninth or last byte, and ASCII's
    // extremes (a space, `!` and `~`, which sort before and after the quote that ends a key).
    let stems = ["", "a", "a b", "ab", "ab!", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghij",
                 "abcdefgh~", "abcdefgh ", "abcdefgz", "ABCDEFGHIJKLMNOP", "~", " ",
                 "section", "sections", "sectionsA", "rows_0123456789"]
    var random = SeededGenerator(seed: 0x0DE5_0A7E)
    func next(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
    var seen = 0
    // Sizes on both sides of the insertion sort's limit (16 members).
    for size in [2, 3, 8, 15, 16, 17, 40, 120] {
      for round in 0..<12 {
        var keys = Set<String>()
        while keys.count < size {
          keys.insert(stems[next(stems.count)] + (next(3) == 0 ? "" : String(next(size * 4))))
        }
        var members = keys.shuffled(using: &random)
        // Every third object holds one key twice, which only the parser may answer.
        if round % 3 == 2 { members.insert(members[next(members.count)], at: next(members.count)) }
        let object = "{" + members.enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",")
          + ",\"nested\":{\"b\":1,\"a\":{\"d\":[],\"c\":2}}}"
        let bytes = Array(object.utf8)
        Self.expectAgreement(bytes)
        if round % 3 == 2 {
          #expect(JSONParser.canonicalBytes(of: bytes) == nil)
          #expect(JSONTokens.document(bytes) == nil)
        } else {
          #expect(JSONParser.canonicalBytes(of: bytes) != nil)
          #expect(JSONTokens.document(bytes) != nil)
          seen += 1
        }
      }
    }
    #expect(seen == 64)
  }

  @Test("an array's objects of alike, reordered, altered and repeated keys are each ordered")
  func elementKeyOrder() throws {
    // Each element's keys are one of a few lists: the same keys as the element before, the
    // same keys written in another order, one key one byte longer or differing in its last
    // byte, one key fewer, a key twice (refused), and a large object past the insertion
    // sort's limit.
    let base = ["title", "status", "price", "quantity", "shippedAt", "id", "a", "statusText"]
    let large = (0..<24).map { "field\(($0 * 7) % 24)" }
    var shuffler = SeededGenerator(seed: 7)
    let lists: [[String]] = [
      base, base, base.reversed(), base.map { $0 == "price" ? "pricf" : $0 },
      base.map { $0 == "a" ? "aa" : $0 }, Array(base.dropLast()), base + ["title"],
      large, large, large.shuffled(using: &shuffler),
    ]
    var random = SeededGenerator(seed: 0x0BDE_12C0)
    for round in 0..<60 {
      var refused = false
      let elements = (0..<(2 + Int(random.next() % 12))).map { _ in
        let keys = lists[Int(random.next() % UInt64(lists.count))]
        refused = refused || Set(keys).count != keys.count
        // Nested objects between the elements' own keys, so the remembered list changes.
        let members = keys.enumerated().map { index, key in
          "\"\(key)\":" + (index == 2 ? #"{"y":1,"x":[{"b":1,"a":2}]}"# : "\(index)")
        }
        return "{" + members.joined(separator: ",") + "}"
      }
      let bytes = Array(("[" + elements.joined(separator: ",") + "]").utf8)
      Self.expectAgreement(bytes)
      #expect((JSONParser.canonicalBytes(of: bytes) == nil) == refused, "round \(round)")
    }
  }
}
