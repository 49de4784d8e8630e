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
}
