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
    matched(patterns, in: ValueTree(root: value))
  }

  /// The patterns of `patterns` that match at least one place in `tree`.
  static func matched<Tree: PathTree>(_ patterns: [Redaction], in tree: Tree) -> Set<String> {
    Set(patterns.filter { occurs($0.tokens[...], in: tree, at: tree.root) }.map(\.pattern))
  }

  /// What `payload` says of `declarations`: those a place of it satisfies, and the random
  /// identities it has a place for whose every identity there is stable. An app's payload is
  /// followed down the tokens it was canonicalized from, with no value made.
  static func survey(_ declarations: [PathDeclaration], in payload: CasePayload)
    -> (satisfied: Set<PathDeclaration>, present: Set<PathDeclaration>)
  {
    if let tokens = payload.tokens { return survey(declarations, in: TokenTree(tokens: tokens)) }
    return survey(declarations, in: ValueTree(root: payload.value))
  }

  /// What `tree` says of `declarations`, as for a payload.
  static func survey<Tree: PathTree>(_ declarations: [PathDeclaration], in tree: Tree)
    -> (satisfied: Set<PathDeclaration>, present: Set<PathDeclaration>)
  {
    var satisfied = Set<PathDeclaration>()
    var present = Set<PathDeclaration>()
    for declaration in declarations {
      let tokens = declaration.pattern.tokens[...]
      if occurs(tokens, in: tree, at: tree.root, where: { node in
        declaration.isSatisfied(by: { tree.value(of: node) })
      }) {
        satisfied.insert(declaration)
      } else if declaration.kind == .randomIdentity, occurs(tokens, in: tree, at: tree.root) {
        present.insert(declaration)
      }
    }
    return (satisfied, present)
  }

  /// Whether the path `pattern` (tokens, `*` one level, `**` any number) leads anywhere
  /// from `node` of `tree` to a node that `accept` accepts.
  static func occurs<Tree: PathTree>(_ pattern: ArraySlice<String>, in tree: Tree,
                                     at node: Tree.Node,
                                     where accept: (Tree.Node) -> Bool = { _ in true }) -> Bool
  {
    guard let first = pattern.first else { return accept(node) }
    let rest = pattern.dropFirst()
    if first == "**" {
      return occurs(rest, in: tree, at: node, where: accept)
        || tree.children(of: node).contains { occurs(pattern, in: tree, at: $0, where: accept) }
    }
    if first == "*" {
      return tree.children(of: node).contains { occurs(rest, in: tree, at: $0, where: accept) }
    }
    if let member = tree.member(first, of: node) {
      return occurs(rest, in: tree, at: member, where: accept)
    }
    // An element's token is its index as written: `1`, never `01`.
    guard let index = Int(first), String(index) == first,
      let element = tree.element(index, of: node)
    else { return false }
    return occurs(rest, in: tree, at: element, where: accept)
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
