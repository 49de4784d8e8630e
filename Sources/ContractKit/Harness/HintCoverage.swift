import ContractKitRuntime
/// Whether a wire contract's hints name paths its payloads have: a hint at `/titel` where
/// the payload says `/title` would otherwise be accepted silently, and an empty Spanish
/// title would then pass unchecked.
enum HintCoverage {
  /// The patterns of `patterns` that match at least one place in `value`.
  static func matched(_ patterns: [Redaction], in value: JSONValue) -> Set<String> {
    var found: Set<String> = []
    var path: [String] = []
    visit(value, path: &path, patterns: patterns, found: &found)
    return found
  }

  private static func visit(_ value: JSONValue, path: inout [String], patterns: [Redaction],
                            found: inout Set<String>)
  {
    for pattern in patterns where !found.contains(pattern.pattern) && pattern.matches(path[...]) {
      found.insert(pattern.pattern)
    }
    guard found.count < patterns.count else { return }
    switch value {
    case .object(let members):
      for (key, member) in members {
        path.append(key)
        visit(member, path: &path, patterns: patterns, found: &found)
        path.removeLast()
      }
    case .array(let items):
      for (index, item) in items.enumerated() {
        path.append(String(index))
        visit(item, path: &path, patterns: patterns, found: &found)
        path.removeLast()
      }
    case .null, .bool, .number, .string:
      break
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
