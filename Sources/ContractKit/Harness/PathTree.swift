import ContractKitRuntime

/// A JSON document that a path pattern is followed down (``HintCoverage``): a parsed value,
/// or the tokens of the bytes it was read from, which need no value made.
protocol PathTree {
  associatedtype Node
  var root: Node { get }
  /// The member `key` of `node`; `nil` when it is not an object or has no such member.
  func member(_ key: String, of node: Node) -> Node?
  /// The element at `position` of `node`; `nil` when it is not an array or has none there.
  func element(_ position: Int, of node: Node) -> Node?
  /// The values of an object's members or an array's elements; none for a scalar.
  func children(of node: Node) -> [Node]
  /// The value at `node`.
  func value(of node: Node) -> JSONValue
}

/// A parsed value, followed down its members and elements.
struct ValueTree: PathTree {
  let root: JSONValue

  func member(_ key: String, of node: JSONValue) -> JSONValue? {
    guard case .object(let members) = node else { return nil }
    return members[key]
  }

  func element(_ position: Int, of node: JSONValue) -> JSONValue? {
    guard case .array(let items) = node, items.indices.contains(position) else { return nil }
    return items[position]
  }

  func children(of node: JSONValue) -> [JSONValue] {
    switch node {
    case .object(let members): Array(members.values)
    case .array(let items): items
    case .null, .bool, .number, .string: []
    }
  }

  func value(of node: JSONValue) -> JSONValue { node }
}

/// A document's tokens (``JSONTokens``), followed down by token index. The document holds
/// no key twice (``JSONParser/canonicalDocument(of:)`` gives no tokens for one that does).
struct TokenTree: PathTree {
  let tokens: JSONTokens
  var root: Int { 0 }

  func member(_ key: String, of node: Int) -> Int? { tokens.member(key, of: node) }
  func element(_ position: Int, of node: Int) -> Int? { tokens.element(position, of: node) }
  func children(of node: Int) -> [Int] { tokens.children(of: node) }

  func value(of node: Int) -> JSONValue {
    guard let value = tokens.value(at: node) else {
      preconditionFailure("the tokens of a document that holds a key twice")
    }
    return value
  }
}
