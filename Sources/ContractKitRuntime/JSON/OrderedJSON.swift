/// A JSON document ContractKit builds to write, whose objects keep their members as a list in
/// code-point order: ``CanonicalJSON`` spells it without the dictionary a ``JSONValue``
/// object is, built, hashed and sorted again for every object (`contract.json`, written on
/// every check to compare with the committed one, is a few hundred small objects).
///
/// ```swift
/// let document = OrderedJSON.object([("b", .value(1)), ("a", .array([.value(true)]))])
/// document.canonicalBytes(expectedSize: 64) == CanonicalJSON.encode(document.jsonValue)  // true
/// ```
package enum OrderedJSON {
  /// Any value, written as the ``JSONValue`` it is.
  case value(JSONValue)
  case array([OrderedJSON])
  /// Members in code-point order of their keys, no key twice (``object(_:)`` puts any list
  /// of members in order).
  case members([(key: String, value: OrderedJSON)])

  /// An object of `members`, whose keys are told apart, put in code-point order. Members
  /// listed in order already, as a writer spelling fixed keys lists them, cost one comparison
  /// each.
  package static func object(_ members: [(key: String, value: OrderedJSON)]) -> OrderedJSON {
    let inOrder = members.indices.dropFirst().allSatisfy {
      codePointOrder(members[$0 - 1].key, members[$0].key)
    }
    return .members(inOrder ? members : members.sorted { codePointOrder($0.key, $1.key) })
  }

  /// The canonical bytes of the document (``CanonicalJSON``), `expectedSize` sizing the
  /// buffer. Written here, where the writer is compiled for this tree: called with it from
  /// another module, the generic writer ran unspecialized, at twice the cost.
  package func canonicalBytes(expectedSize: Int) -> [UInt8] {
    CanonicalJSON.encode(node: self, expectedSize: expectedSize)
  }

  /// The document as a ``JSONValue``: what it means, for whoever reads rather than writes it.
  package var jsonValue: JSONValue {
    switch self {
    case .value(let value): value
    case .array(let elements): .array(elements.map(\.jsonValue))
    case .members(let members):
      .object(Dictionary(members.map { ($0.key, $0.value.jsonValue) },
                         uniquingKeysWith: { _, last in last }))
    }
  }
}

extension OrderedJSON: CanonicalNode {
  package func appendCanonicalChildren(to children: inout [CanonicalChild<OrderedJSON>])
    -> CanonicalShape
  {
    switch self {
    case .array(let elements):
      for element in elements { children.append(CanonicalChild(key: nil, value: element)) }
      return .array
    case .members(let members):
      for member in members {
        children.append(CanonicalChild(key: member.key, value: member.value))
      }
      return .object
    case .value(let value):
      // A JSONValue's children, in the order its own writer gives them.
      var inner: [CanonicalChild<JSONValue>] = []
      let shape = value.appendCanonicalChildren(to: &inner)
      for child in inner {
        children.append(CanonicalChild(key: child.key, value: .value(child.value)))
      }
      return shape
    }
  }

  package func appendCanonicalLeaf(to output: inout CanonicalOutput) {
    if case .value(let value) = self { CanonicalJSON.appendScalar(value, to: &output) }
  }

  package func appendCanonicalKey(_ key: String, to output: inout CanonicalOutput) {
    CanonicalJSON.appendKey(key, to: &output)
  }
}
