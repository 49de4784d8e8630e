import Foundation

// The three container kinds of ``ContractEncoder``. Primitive overloads all funnel into
// `put(_:forKey:)` / `append(_:)` so that each rule is written once.

struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: ContractEncoder
  let box: ObjectBox
  /// A nested container's path; `nil` for an encoder's own container, whose path is the
  /// encoder's, made only when a child or a question needs it.
  let nestedPath: EncodingPath?

  var path: EncodingPath? { nestedPath ?? encoder.path }

  var codingPath: [any CodingKey] { path?.codingPath ?? [] }

  private func put(_ value: JSONValue, forKey key: Key) {
    box.set(.value(value), forKey: key.stringValue)
  }

  private func childStep(_ key: Key) -> PathStep { PathStep(parent: path, key: key) }
  private func childPath(_ key: Key) -> EncodingPath { EncodingPath(childStep(key)) }

  mutating func encodeNil(forKey key: Key) throws { put(.null, forKey: key) }
  package mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), forKey: key) }
  package mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), forKey: key) }
  package mutating func encode(_ value: Double, forKey key: Key) throws {
    put(try encoder.number(value, at: childPath(key)), forKey: key)
  }
  package mutating func encode(_ value: Float, forKey key: Key) throws {
    put(try encoder.number(Double(value.description) ?? Double(value), at: childPath(key)),
        forKey: key)
  }
  package mutating func encode(_ value: Int, forKey key: Key) throws { put(integer(value), forKey: key) }
  package mutating func encode(_ value: Int8, forKey key: Key) throws { put(integer(value), forKey: key) }
  package mutating func encode(_ value: Int16, forKey key: Key) throws { put(integer(value), forKey: key) }
  package mutating func encode(_ value: Int32, forKey key: Key) throws { put(integer(value), forKey: key) }
  package mutating func encode(_ value: Int64, forKey key: Key) throws { put(integer(value), forKey: key) }
  package mutating func encode(_ value: UInt, forKey key: Key) throws { put(integer(value), forKey: key) }
  package mutating func encode(_ value: UInt8, forKey key: Key) throws { put(integer(value), forKey: key) }
  package mutating func encode(_ value: UInt16, forKey key: Key) throws { put(integer(value), forKey: key) }
  package mutating func encode(_ value: UInt32, forKey key: Key) throws { put(integer(value), forKey: key) }
  package mutating func encode(_ value: UInt64, forKey key: Key) throws { put(integer(value), forKey: key) }

  package mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    box.set(try encoder.encodeChild(value, at: childStep(key)), forKey: key.stringValue)
  }

  // Optionals: synthesized Codable calls these; recording `optional` feeds contract.json.
  mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
    try present(value, key)
  }

  private mutating func present<T: Encodable>(_ value: T?, _ key: Key) throws {
    // The path is made only when it is recorded.
    if encoder.session.collectsAnnotations {
      encoder.session.annotate(.optional, at: childPath(key))
    }
    if let value { try encode(value, forKey: key) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = ObjectBox()
    nested.adopt(NestedKey.self)
    box.set(.object(nested), forKey: key.stringValue)
    return KeyedEncodingContainer(
      KeyedContainer<NestedKey>(encoder: encoder, box: nested, nestedPath: childPath(key)))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = ArrayBox()
    box.set(.array(nested), forKey: key.stringValue)
    return UnkeyedContainer(encoder: encoder, box: nested, nestedPath: childPath(key))
  }

  mutating func superEncoder() -> any Encoder {
    deferredEncoder(named: SuperKey().stringValue, path: EncodingPath(parent: path, key: SuperKey()))
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    deferredEncoder(named: key.stringValue, path: childPath(key))
  }

  private func deferredEncoder(named name: String, path: EncodingPath) -> any Encoder {
    let child = ContractEncoder(session: encoder.session, path: path)
    box.set(.deferred(child), forKey: name)
    return child
  }
}

struct UnkeyedContainer: UnkeyedEncodingContainer {
  let encoder: ContractEncoder
  let box: ArrayBox
  /// A nested container's path; `nil` for an encoder's own container (as for
  /// ``KeyedContainer``).
  let nestedPath: EncodingPath?

  var path: EncodingPath? { nestedPath ?? encoder.path }

  var codingPath: [any CodingKey] { path?.codingPath ?? [] }
  var count: Int { box.elements.count }

  private func append(_ value: JSONValue) { box.elements.append(.value(value)) }
  private var nextStep: PathStep { PathStep(parent: path, elementIndex: count) }
  private var nextPath: EncodingPath { EncodingPath(nextStep) }

  mutating func encodeNil() throws { append(.null) }
  package mutating func encode(_ value: Bool) throws { append(.bool(value)) }
  package mutating func encode(_ value: String) throws { append(.string(value)) }
  package mutating func encode(_ value: Double) throws { append(try encoder.number(value, at: nextPath)) }
  package mutating func encode(_ value: Float) throws {
    append(try encoder.number(Double(value.description) ?? Double(value), at: nextPath))
  }
  package mutating func encode(_ value: Int) throws { append(integer(value)) }
  package mutating func encode(_ value: Int8) throws { append(integer(value)) }
  package mutating func encode(_ value: Int16) throws { append(integer(value)) }
  package mutating func encode(_ value: Int32) throws { append(integer(value)) }
  package mutating func encode(_ value: Int64) throws { append(integer(value)) }
  package mutating func encode(_ value: UInt) throws { append(integer(value)) }
  package mutating func encode(_ value: UInt8) throws { append(integer(value)) }
  package mutating func encode(_ value: UInt16) throws { append(integer(value)) }
  package mutating func encode(_ value: UInt32) throws { append(integer(value)) }
  package mutating func encode(_ value: UInt64) throws { append(integer(value)) }

  package mutating func encode<T: Encodable>(_ value: T) throws {
    // An element that asks to be omitted becomes null: array positions are meaningful.
    box.elements.append(try encoder.encodeChild(value, at: nextStep) ?? .value(.null))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let nested = ObjectBox()
    nested.adopt(NestedKey.self)
    let nestedPath = nextPath
    box.elements.append(.object(nested))
    return KeyedEncodingContainer(
      KeyedContainer<NestedKey>(encoder: encoder, box: nested, nestedPath: nestedPath))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = ArrayBox()
    let nestedPath = nextPath
    box.elements.append(.array(nested))
    return UnkeyedContainer(encoder: encoder, box: nested, nestedPath: nestedPath)
  }

  mutating func superEncoder() -> any Encoder {
    let child = ContractEncoder(session: encoder.session, path: nextPath)
    box.elements.append(.deferred(child))
    return child
  }
}

struct SingleValueContainer: SingleValueEncodingContainer {
  let encoder: ContractEncoder

  var codingPath: [any CodingKey] { encoder.codingPath }

  private func set(_ value: JSONValue) { encoder.slot = .value(value) }

  mutating func encodeNil() throws { set(.null) }
  package mutating func encode(_ value: Bool) throws { set(.bool(value)) }
  package mutating func encode(_ value: String) throws { set(.string(value)) }
  package mutating func encode(_ value: Double) throws { set(try encoder.number(value, at: encoder.path)) }
  package mutating func encode(_ value: Float) throws {
    set(try encoder.number(Double(value.description) ?? Double(value), at: encoder.path))
  }
  package mutating func encode(_ value: Int) throws { set(integer(value)) }
  package mutating func encode(_ value: Int8) throws { set(integer(value)) }
  package mutating func encode(_ value: Int16) throws { set(integer(value)) }
  package mutating func encode(_ value: Int32) throws { set(integer(value)) }
  package mutating func encode(_ value: Int64) throws { set(integer(value)) }
  package mutating func encode(_ value: UInt) throws { set(integer(value)) }
  package mutating func encode(_ value: UInt8) throws { set(integer(value)) }
  package mutating func encode(_ value: UInt16) throws { set(integer(value)) }
  package mutating func encode(_ value: UInt32) throws { set(integer(value)) }
  package mutating func encode(_ value: UInt64) throws { set(integer(value)) }

  package mutating func encode<T: Encodable>(_ value: T) throws {
    if let primitive = try encoder.primitiveValue(value, at: encoder.path) {
      set(primitive)
      return
    }
    // The value encodes into this same encoder, as a wrapper type forwarding its content.
    try value.encode(to: encoder)
  }
}

private func integer<T: BinaryInteger>(_ value: T) -> JSONValue {
  .number(JSONNumber(integer: value))
}
