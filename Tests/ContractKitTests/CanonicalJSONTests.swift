import Foundation
import Testing

@testable import ContractKit
@testable import ContractKitRuntime

@Suite("Canonical JSON")
struct CanonicalJSONTests {
  @Test("encodes the documented example byte for byte")
  func documentedExample() {
    let value: JSONValue = ["b": 1, "a": [true, nil], "B": "x/y", "é": [:]]
    let expected = """
      {
        "B" : "x/y",
        "a" : [
          true,
          null
        ],
        "b" : 1,
        "é" : {}
      }

      """
    #expect(CanonicalJSON.encode(value) == Array(expected.utf8))
    #expect(CanonicalJSON.string(value) == expected)
  }

  @Test("sorts keys by Unicode code point, not by String order or UTF-16")
  func keyOrder() {
    // U+212B ANGSTROM SIGN sorts after U+00C6 by code point, but before it by String `<`
    // (which compares its NFC form U+00C5); U+1F600 sorts after U+E000 by code point, but
    // before it in UTF-16 (surrogate D83D < E000).
    let keys = ["😀", "Z", "a", "\u{212B}", "é", "B", "", "aa", "\u{E000}", "\u{7F}", "Æ", "A"]
    var members: [String: JSONValue] = [:]
    for key in keys { members[key] = .null }
    let expected = """
      {
        "" : null,
        "A" : null,
        "B" : null,
        "Z" : null,
        "a" : null,
        "aa" : null,
        "\\u007f" : null,
        "Æ" : null,
        "é" : null,
        "\u{212B}" : null,
        "\u{E000}" : null,
        "😀" : null
      }

      """
    #expect(CanonicalJSON.string(.object(members)) == expected)
    #expect(Array(CanonicalJSON.encode(.object(members))) == Array(expected.utf8))
  }

  @Test("escapes quotes, backslash, every C0 control and DEL; leaves the rest raw")
  func escaping() {
    let controls = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
    let value: JSONValue = [.string(controls), "\"\\/\u{7F}", "é 😀 \u{2028}\u{2029} ü"]
    let expected =
      "[\n"
      + #"  "\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f"#
      + #"\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d"#
      + #"\u001e\u001f","# + "\n"
      + #"  "\"\\/\u007f","# + "\n"
      + "  \"é 😀 \u{2028}\u{2029} ü\"\n"
      + "]\n"
    #expect(CanonicalJSON.encode(value) == Array(expected.utf8))
    let bytes = CanonicalJSON.encode(["\u{2028}"])
    #expect(bytes == Array("[\n  \"\u{2028}\"\n]\n".utf8))
    #expect(bytes.contains(0xE2))
  }

  @Test("escapes every ASCII byte, and none of UTF-8's, at every place of an eight-byte word")
  func escapingInEveryPlace() {
    /// The rule, one scalar at a time.
    func escaped(_ text: String) -> String {
      var result = "\""
      for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0x22: result += "\\\""
        case 0x5C: result += "\\\\"
        case 0x08: result += "\\b"
        case 0x0C: result += "\\f"
        case 0x0A: result += "\\n"
        case 0x0D: result += "\\r"
        case 0x09: result += "\\t"
        case 0..<0x20, 0x7F: result += String(format: "\\u%04x", scalar.value)
        default: result.unicodeScalars.append(scalar)
        }
      }
      return result + "\""
    }
    // Every ASCII scalar, and scalars whose UTF-8 bytes beyond ASCII carry the low bits of a
    // quote (U+00A2: C2 A2), a backslash (U+071C: DC 9C) or a control (U+0080: C2 80; U+00DC:
    // C3 9C), the highest two-byte ones (U+00FF: C3 BF; U+07FF: DF BF), three and four bytes.
    let units = (0..<0x80).map { String(Unicode.Scalar(UInt8($0))) }
      + ["\u{A2}", "\u{71C}", "\u{80}", "\u{DC}", "\u{FF}", "\u{7FF}", "\u{2028}", "😀"]
    for unit in units {
      for place in 0..<17 {
        for tail in [0, 1, 9, 16 - place] {
          let text = String(repeating: "a", count: place) + unit
            + String(repeating: "b", count: tail)
          let expected = Array((escaped(text) + "\n").utf8)
          #expect(CanonicalJSON.encode(.string(text)) == expected,
                  "\(Array(unit.utf8)) after \(place) bytes, \(tail) after it")
        }
      }
    }
    // Two to escape in one word, and one in each of two words.
    #expect(CanonicalJSON.encode(.string("a\"b\\c\u{7F}d\u{1}e")) ==
            Array(#""a\"b\\c\u007fd\u0001e""#.utf8) + [0x0A])
  }

  @Test("escapes within a key the same way as within a value")
  func keyEscaping() {
    #expect(CanonicalJSON.string(["a\"b\n": "\t"]) == "{\n  \"a\\\"b\\n\" : \"\\t\"\n}\n")
  }

  @Test("writes numbers in their canonical spelling")
  func numbers() throws {
    let literals = ["1.0", "1e0", "-0", "-0.0", "0.1", "1e-7", "1E2", "123456789012345678901"]
    let parsed = try literals.map { literal in
      try #require(JSONNumber(literal: literal[...]))
    }
    let value = JSONValue.array(
      parsed.map(JSONValue.number) + [
        .number(JSONNumber(Int64.max)), .number(JSONNumber(Int64.min)),
        .number(JSONNumber(UInt64.max)), .number(JSONNumber(1e300)), .number(JSONNumber(-2.5)),
      ])
    let expected = """
      [
        1,
        1,
        0,
        0,
        0.1,
        1e-07,
        100,
        1.2345678901234568e+20,
        9223372036854775807,
        -9223372036854775808,
        18446744073709551615,
        1e+300,
        -2.5
      ]

      """
    #expect(CanonicalJSON.string(value) == expected)
  }

  @Test("writes empty containers on one line and scalars alone, each followed by one newline")
  func emptyContainersAndScalars() {
    #expect(CanonicalJSON.string([:]) == "{}\n")
    #expect(CanonicalJSON.string([]) == "[]\n")
    #expect(CanonicalJSON.string(nil) == "null\n")
    #expect(CanonicalJSON.string(true) == "true\n")
    #expect(CanonicalJSON.string(false) == "false\n")
    #expect(CanonicalJSON.string("") == "\"\"\n")
    #expect(CanonicalJSON.string(42) == "42\n")
    #expect(CanonicalJSON.string(["a": [], "b": [:], "c": [[], [:]]]) == """
      {
        "a" : [],
        "b" : {},
        "c" : [
          [],
          {}
        ]
      }

      """)
  }

  @Test("round-trips a few hundred seeded random values through the parser")
  func roundTrip() throws {
    var generator = SeededJSONGenerator(seed: 0x5EED_C0DE)
    for iteration in 0..<400 {
      let value = generator.value(depth: 4)
      let bytes = CanonicalJSON.encode(value)
      let parsed = try JSONParser.parse(bytes, file: "random-\(iteration).json")
      #expect(parsed == value, "iteration \(iteration)")
      #expect(CanonicalJSON.encode(parsed) == bytes, "iteration \(iteration)")
    }
  }

  @Test("writes 5,000 levels of nesting on a 512 KiB stack")
  func deepNesting() async throws {
    let depth = 5_000
    let bytes = await runOnThread(stackSize: 512 * 1024) { () -> [UInt8] in
      // Outermost (level depth - 1) an object, innermost (level 0) an array around "leaf".
      var value: JSONValue = "leaf"
      for level in 0..<depth { value = level.isMultiple(of: 2) ? .array([value]) : ["k": value] }
      let bytes = CanonicalJSON.encode(value)
      JSONParser.releaseIteratively([consume value])
      return bytes
    }
    #expect(bytes.starts(with: Array("{\n  \"k\" : [\n    {\n      \"k\" : [\n".utf8)))
    #expect(Array(bytes.suffix(13)) == Array("\n    }\n  ]\n}\n".utf8))
    // The container at nesting p (0 = outermost) opens on a line of 2p spaces, `"k" : ` when
    // its parent is an object, a bracket and "\n", and closes on one of 2p spaces, a bracket
    // and "\n"; between them is the leaf's line.
    var openersSize = 0
    var closersSize = 0
    for p in 0..<depth {
      let hasKey = p > 0 && !(depth - p).isMultiple(of: 2)
      openersSize += 2 * p + (hasKey ? 6 : 0) + 2
      closersSize += 2 * p + 2
    }
    let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 2 * depth)
    let leafLine: [UInt8] = [UInt8(ascii: "\n")] + spaces + Array("\"leaf\"\n".utf8)
    #expect(bytes.count == openersSize + leafLine.count - 1 + closersSize)
    let leafEnd = bytes.count - closersSize
    let leafStart = max(0, leafEnd - leafLine.count)
    #expect(Array(bytes[leafStart..<max(leafStart, leafEnd)]) == leafLine)
  }
}

/// A SplitMix64 generator, so random tests are reproducible.
struct SeededJSONGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A random value whose containers nest at most `depth` deep.
  mutating func value(depth: Int) -> JSONValue {
    switch Int.random(in: 0..<(depth > 0 ? 8 : 6), using: &self) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &self))
    case 2:
      let shift = Int.random(in: 0..<64, using: &self)
      return .number(JSONNumber(Int64(bitPattern: next()) >> shift))
    case 3: return .number(randomDouble())
    case 4, 5: return .string(string())
    case 6:
      return .array((0..<Int.random(in: 0...4, using: &self)).map { _ in value(depth: depth - 1) })
    default:
      var members: [String: JSONValue] = [:]
      for _ in 0..<Int.random(in: 0...5, using: &self) {
        members[string()] = value(depth: depth - 1)
      }
      return .object(members)
    }
  }

  private mutating func randomDouble() -> JSONNumber {
    while true {
      let candidate =
        Bool.random(using: &self)
        ? Double(bitPattern: next())
        : Double(Int.random(in: -1_000_000...1_000_000, using: &self)) / 1_000
      if let number = JSONNumber(exactly: candidate) { return number }
    }
  }

  private mutating func string() -> String {
    let pool: [Unicode.Scalar] =
      Array("abcXYZ019 _-:/\\\"'~".unicodeScalars)
      + (0..<0x20).compactMap(Unicode.Scalar.init)
      + ["\u{7F}", "é", "ß", "\u{2028}", "\u{FEFF}", "😀", "\u{10FFFF}", "\u{E000}", "中"]
    var scalars = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: 0...8, using: &self) {
      scalars.append(pool[Int.random(in: 0..<pool.count, using: &self)])
    }
    return String(scalars)
  }
}

/// Runs `body` on a new thread with a stack of `stackSize` bytes, like a Darwin secondary
/// thread's 512 KiB, and returns its result.
func runOnThread<T: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    let thread = Thread { continuation.resume(returning: body()) }
    thread.stackSize = stackSize
    thread.start()
  }
}
