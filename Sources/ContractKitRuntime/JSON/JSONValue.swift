/// A JSON document as a value: what the harness encodes, reads back and diffs.
///
/// Objects are unordered; canonical output orders keys by Unicode code point
/// (see ``CanonicalJSON``), so two values are equal exactly when their wire meaning is.
package enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case number(JSONNumber)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])
}

extension JSONValue {
  /// The JSON type's name as findings and reports spell it.
  package var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  /// The value under `key` when this is an object.
  package subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  /// The string when this is a string.
  package var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// `true` for `null`.
  package var isNull: Bool {
    if case .null = self { return true }
    return false
  }
}

// MARK: - ExpressibleBy…Literal

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
  package init(stringLiteral value: String) { self = .string(value) }
  package init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
  package init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
  package init(booleanLiteral value: Bool) { self = .bool(value) }
  package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  package init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
  package init(nilLiteral: ()) { self = .null }
}
