/// A JSON value as a reader of ContractKit's own documents walks it (`contract.json`): one
/// reader for a parsed value (``JSONValue``) and for a place in a document's tokens
/// (``JSONTokens/Node``), which answers the same questions without building the value.
package protocol JSONNode {
  /// The value under `key` when this is an object.
  subscript(key: String) -> Self? { get }
  /// The string when this is a string.
  var stringValue: String? { get }
  /// `true` for `true`, `false` for `false`, `nil` for anything else.
  var boolValue: Bool? { get }
  /// `true` for `null`.
  var isNull: Bool { get }
  /// The elements when this is an array.
  var elements: [Self]? { get }
  /// The members when this is an object, in no promised order.
  var members: [(key: String, value: Self)]? { get }
  /// The value itself.
  var value: JSONValue { get }
}

extension JSONValue: JSONNode {
  package var boolValue: Bool? {
    if case .bool(let flag) = self { return flag }
    return nil
  }

  package var elements: [JSONValue]? {
    if case .array(let items) = self { return items }
    return nil
  }

  package var members: [(key: String, value: JSONValue)]? {
    if case .object(let members) = self { return members.map { ($0.key, $0.value) } }
    return nil
  }

  package var value: JSONValue { self }
}
