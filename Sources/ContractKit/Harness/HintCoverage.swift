import ContractKitRuntime
/// Whether a wire contract's hints name paths its payloads have: a hint at `/titel` where
/// the payload says `/title` would otherwise be accepted silently, and an empty Spanish
/// title would then pass unchecked.
enum HintCoverage {
  /// The patterns of `patterns` that match at least one place in `value`.
  ///
  /// Each pattern is followed down the value, not every node matched against every pattern:
  /// `/sections/*/rows/*/status` stops at the first row that has a status, and `/promotion`
  /// looks at one member of the root.
  static func matched(_ patterns: [Redaction], in value: JSONValue) -> Set<String> {
    Set(patterns.filter { occurs($0.tokens[...], in: value) }.map(\.pattern))
  }

  /// Whether the path `pattern` (tokens, `*` one level, `**` any number) leads anywhere in
  /// `value`.
  static func occurs(_ pattern: ArraySlice<String>, in value: JSONValue) -> Bool {
    guard let first = pattern.first else { return true }
    let rest = pattern.dropFirst()
    if first == "**" {
      return occurs(rest, in: value) || children(of: value).contains { occurs(pattern, in: $0) }
    }
    switch value {
    case .object(let members):
      if first == "*" { return members.values.contains { occurs(rest, in: $0) } }
      return members[first].map { occurs(rest, in: $0) } ?? false
    case .array(let items):
      if first == "*" { return items.contains { occurs(rest, in: $0) } }
      // An element's token is its index as written: `1`, never `01`.
      guard let index = Int(first), String(index) == first, items.indices.contains(index)
      else { return false }
      return occurs(rest, in: items[index])
    case .null, .bool, .number, .string:
      return false
    }
  }

  private static func children(of value: JSONValue) -> [JSONValue] {
    switch value {
    case .object(let members): Array(members.values)
    case .array(let items): items
    case .null, .bool, .number, .string: []
    }
  }

  /// The error for hints of `contract` that matched nothing in any payload of any version
  /// and variant.
  static func unmatched(_ patterns: [String], of contract: Contract) -> CatalogError {
    let list = patterns.map { "'\($0)'" }.joined(separator: ", ")
    return .invalidDeclaration(
      "contract '\(contract.name)' (\(contract.registeredAt)) hints at \(list), which "
        + "\(patterns.count == 1 ? "matches" : "match") no path of any of its payloads: a "
        + "misspelt path would leave the real one unchecked (fix the hint, or remove it)")
  }
}
