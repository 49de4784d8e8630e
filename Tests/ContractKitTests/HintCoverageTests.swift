import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// Hint coverage follows each pattern down the payload; it must find exactly the patterns
/// that match some path of it, as matching every path against every pattern would.
@Suite("Hint coverage")
struct HintCoverageTests {
  static let payload: JSONValue = [
    "title": "Jobs",
    "promotion": .null,
    "sections": [
      ["heading": "Today", "rows": [["status": ["running": [:]], "note": .null], ["title": "B"]]],
      ["heading": "Later", "rows": []],
    ],
    "a": ["b": ["c": 1], "x": [["c": true]]],
    "list": ["zero", ["y": 1]],
  ]

  static let patterns = [
    "/title", "/titel", "/promotion", "/promotion/x", "/sections/*/heading",
    "/sections/*/rows/*/status", "/sections/*/rows/*/status/running",
    "/sections/*/rows/*/title", "/sections/*/rows/*/missing", "/sections/1/rows/*",
    "/sections/2/heading", "/sections/01/heading", "/a/**/c", "/**/c", "/**/y", "/**/z",
    "/list/1/y", "/list/0/y", "/**", "/*/*/*/*/*/running",
  ]

  /// Every path of `value`, as tokens, the root's included.
  static func paths(_ value: JSONValue, prefix: [String] = []) -> [[String]] {
    var result = [prefix]
    switch value {
    case .object(let members):
      for (key, member) in members { result += paths(member, prefix: prefix + [key]) }
    case .array(let items):
      for (index, item) in items.enumerated() {
        result += paths(item, prefix: prefix + [String(index)])
      }
    case .null, .bool, .number, .string:
      break
    }
    return result
  }

  @Test("each pattern is found exactly when some path of the payload matches it")
  func sameAsEveryPath() throws {
    let redactions = try Self.patterns.map { try Redaction($0) }
    let all = Self.paths(Self.payload)
    let expected = Set(redactions.filter { pattern in all.contains { pattern.matches($0[...]) } }
      .map(\.pattern))
    #expect(HintCoverage.matched(redactions, in: Self.payload) == expected)
    // The cases that matter, spelled out.
    #expect(expected.isSuperset(of: [
      "/title", "/promotion", "/sections/*/rows/*/status/running", "/a/**/c", "/**/c",
      "/**/y", "/list/1/y", "/**", "/*/*/*/*/*/running",
    ]))
    #expect(expected.isDisjoint(with: [
      "/titel", "/promotion/x", "/sections/*/rows/*/missing", "/sections/2/heading",
      "/sections/01/heading", "/**/z", "/list/0/y", "/sections/1/rows/*",
    ]))
  }

  @Test("followed down an app's tokens, each pattern is found exactly as down its value")
  func tokensAsValue() throws {
    let redactions = try (Self.patterns + ["/K", "/\u{212A}", "/list/-1", "/list/2"]).map {
      try Redaction($0)
    }
    let payload: JSONValue = ["K": 1, "list": Self.payload]
    let tokens = try #require(JSONParser.canonicalDocument(of: CanonicalJSON.encode(payload)))
      .tokens
    let byValue = HintCoverage.matched(redactions, in: ValueTree(root: payload))
    #expect(HintCoverage.matched(redactions, in: TokenTree(tokens: tokens)) == byValue)
    // A key compares as a String: the Kelvin sign is the letter K, as the value's
    // dictionary finds it.
    #expect(byValue.isSuperset(of: ["/K", "/\u{212A}"]))
    #expect(byValue.isDisjoint(with: ["/list/-1", "/list/2"]))
  }

  @Test("a random identity's place is looked at in the tokens' value")
  func randomIdentitiesInTokens() throws {
    let payload: JSONValue = [
      "banner": ["vmId": ["fsh": 1]],
      "footer": ["vmId": ["id": "f", "fsh": 1]],
      "rows": [["vmId": .string(Redaction.placeholderText)], ["vmId": "r"]],
    ]
    let declarations = try [
      PathDeclaration(kind: .randomIdentity, pattern: Redaction("/banner/vmId")),
      PathDeclaration(kind: .randomIdentity, pattern: Redaction("/footer/vmId")),
      PathDeclaration(kind: .randomIdentity, pattern: Redaction("/gone/vmId")),
      PathDeclaration(kind: .hint, pattern: Redaction("/rows/*/vmId")),
      PathDeclaration(kind: .randomIdentity, pattern: Redaction("/rows/*/vmId")),
      PathDeclaration(kind: .randomIdentity, pattern: Redaction("/rows/1/vmId")),
    ]
    let tokens = try #require(JSONParser.canonicalDocument(of: CanonicalJSON.encode(payload)))
      .tokens
    let byTokens = HintCoverage.survey(declarations, in: TokenTree(tokens: tokens))
    let byValue = HintCoverage.survey(declarations, in: ValueTree(root: payload))
    #expect(byTokens.satisfied == byValue.satisfied)
    #expect(byTokens.present == byValue.present)
    #expect(byValue.satisfied == [declarations[0], declarations[3], declarations[4]])
    #expect(byValue.present == [declarations[1], declarations[5]])
  }
}
