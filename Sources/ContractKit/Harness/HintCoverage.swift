import ContractKitRuntime
/// Whether a contract's declarations (hints, redactions, random identities) still describe
/// its payloads: a hint at `/titel` where the payload says `/title` would otherwise be
/// accepted silently (an empty Spanish title then passing unchecked), a random identity
/// declared at `/footer/vmId` outlives the footer, and one at `/banner/vmId` the day the
/// banner's id is made stable. Each is a `declaration-unused` warning naming the declaration
/// and its registration; nothing stops the run.
enum HintCoverage {
  /// The patterns of `patterns` that match at least one place in `value`.
  ///
  /// Each pattern is followed down the value, not every node matched against every pattern:
  /// `/sections/*/rows/*/status` stops at the first row that has a status, and `/promotion`
  /// looks at one member of the root.
  static func matched(_ patterns: [Redaction], in value: JSONValue) -> Set<String> {
    Set(patterns.filter { occurs($0.tokens[...], in: value) }.map(\.pattern))
  }

  /// What `value` says of `declarations`: those a place of it satisfies, and the random
  /// identities it has a place for whose every identity there is stable.
  static func survey(_ declarations: [PathDeclaration], in value: JSONValue)
    -> (satisfied: Set<PathDeclaration>, present: Set<PathDeclaration>)
  {
    var satisfied = Set<PathDeclaration>()
    var present = Set<PathDeclaration>()
    for declaration in declarations {
      let tokens = declaration.pattern.tokens[...]
      if occurs(tokens, in: value, where: declaration.isSatisfied) {
        satisfied.insert(declaration)
      } else if declaration.kind == .randomIdentity, occurs(tokens, in: value) {
        present.insert(declaration)
      }
    }
    return (satisfied, present)
  }

  /// Whether the path `pattern` (tokens, `*` one level, `**` any number) leads anywhere in
  /// `value` to a value that `accept` accepts.
  static func occurs(_ pattern: ArraySlice<String>, in value: JSONValue,
                     where accept: (JSONValue) -> Bool = { _ in true }) -> Bool
  {
    guard let first = pattern.first else { return accept(value) }
    let rest = pattern.dropFirst()
    if first == "**" {
      return occurs(rest, in: value, where: accept)
        || children(of: value).contains { occurs(pattern, in: $0, where: accept) }
    }
    switch value {
    case .object(let members):
      if first == "*" { return members.values.contains { occurs(rest, in: $0, where: accept) } }
      return members[first].map { occurs(rest, in: $0, where: accept) } ?? false
    case .array(let items):
      if first == "*" { return items.contains { occurs(rest, in: $0, where: accept) } }
      // An element's token is its index as written: `1`, never `01`.
      guard let index = Int(first), String(index) == first, items.indices.contains(index)
      else { return false }
      return occurs(rest, in: items[index], where: accept)
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

  /// The `declaration-unused` findings of `contract`'s declarations that no payload of any
  /// version and variant satisfied; `present` are the random identities some payload has a
  /// place for, stable everywhere.
  static func unused(_ declarations: [PathDeclaration], present: Set<PathDeclaration>,
                     of contract: Contract) -> [Finding]
  {
    declarations.map { declaration in
      .declarationUnused(
        contract: contract.name, declaration: declaration.spelled,
        pattern: declaration.pattern.pattern, registeredAt: contract.registeredAt,
        because: present.contains(declaration) ? .stable
          : declaration.kind == .randomIdentity ? .gone : .unmatched)
    }
  }
}
