import Foundation

/// The `Encoder` behind ``LocalizingEncoder``: builds a ``JSONValue`` tree directly,
/// resolving every ``Localizable`` for the session's locale and recording path metadata.
///
/// Writing the tree ourselves (rather than going through `JSONEncoder`) is what makes
/// number spelling, key order and dates identical on every platform.
final class ContractEncoder: Encoder {
  let session: EncodingSession
  let path: EncodingPath?
  var slot: Slot = .empty
  private(set) var omitted = false

  init(session: EncodingSession, path: EncodingPath?) {
    self.session = session
    self.path = path
  }

  var codingPath: [any CodingKey] { path?.codingPath ?? [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// Leaves the value this encoder stands for out of its parent object or array.
  func omit() { omitted = true }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let box: ObjectBox
    if case .object(let existing) = slot {
      box = existing
    } else {
      box = ObjectBox()
      slot = .object(box)
    }
    return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, box: box, path: path))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let box: ArrayBox
    if case .array(let existing) = slot {
      box = existing
    } else {
      box = ArrayBox()
      slot = .array(box)
    }
    return UnkeyedContainer(encoder: self, box: box, path: path)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueContainer(encoder: self)
  }

  /// Encodes `value` as a child at `path`; `nil` when the child chose to be omitted.
  func encodeChild<T: Encodable>(_ value: T, at path: EncodingPath) throws -> Slot? {
    if let primitive = try primitiveValue(value, at: path) { return .value(primitive) }
    let child = ContractEncoder(session: session, path: path)
    try value.encode(to: child)
    return child.omitted ? nil : child.slot
  }

  /// The JSON of values the wire spells in one fixed way, whatever their `encode(to:)` does.
  func primitiveValue<T: Encodable>(_ value: T, at path: EncodingPath?) throws -> JSONValue? {
    // One conformance check turns away every other type before the casts below, each of
    // which costs a runtime cast (and conformance lookups) for every struct in a payload.
    guard T.self is any WirePrimitive.Type else { return nil }
    switch value {
    case let text as String: return .string(text)
    case let flag as Bool: return .bool(flag)
    case let number as Int: return .number(JSONNumber(number))
    case let double as Double: return try number(double, at: path)
    case let date as Date:
      session.annotate(.date, at: path)
      return .string(WireDate.string(from: date))
    case let url as URL: return .string(url.absoluteString)
    case let uuid as UUID: return .string(uuid.uuidString)
    case let data as Data: return .string(data.base64EncodedString())
    case let decimal as Decimal:
      guard let number = JSONNumber(literal: Substring(decimal.description)) else {
        throw invalid(decimal, at: path)
      }
      return .number(number)
    default: return nil
    }
  }

  func number(_ value: Double, at path: EncodingPath?) throws -> JSONValue {
    guard let number = JSONNumber(exactly: value) else { throw invalid(value, at: path) }
    return .number(number)
  }

  func invalid(_ value: Any, at path: EncodingPath?) -> EncodingError {
    EncodingError.invalidValue(value, .init(
      codingPath: path?.codingPath ?? [],
      debugDescription: "\(value) at '\(path.pointer)' cannot be written as JSON"))
  }
}

// MARK: - TranslationRecorder

// The vocabulary's and the localizable values' seam: each call concerns this encoder's place.
extension ContractEncoder: TranslationRecorder {
  var version: SystemVersion { session.version }
  var localeIdentifier: String { session.locale }
  var foundationLocale: Locale { session.foundationLocale }

  func annotate(_ annotation: PathAnnotation) { session.annotate(annotation, at: path) }
  func noteIdentity(isRandom: Bool) { session.noteIdentity(isRandom: isRandom, at: path) }
  func lookUp(_ key: String, expecting expectation: LocalizationStore.Expectation)
    -> LocalizedValue?
  {
    session.lookUp(key, at: path, expecting: expectation)
  }

  func numberFormatter(_ style: NumberFormatter.Style, fractionDigits: Int?) -> NumberFormatter {
    session.numberFormatter(style, fractionDigits: fractionDigits)
  }

  func dateFormatter(date: DateFormatter.Style, time: DateFormatter.Style) -> DateFormatter {
    session.dateFormatter(date: date, time: time)
  }
}

/// The types ``ContractEncoder/primitiveValue(_:at:)`` spells itself, and optionals of them
/// (a cast to `String` also matches a `String?` holding one).
protocol WirePrimitive {}

extension String: WirePrimitive {}
extension Bool: WirePrimitive {}
extension Int: WirePrimitive {}
extension Double: WirePrimitive {}
extension Date: WirePrimitive {}
extension URL: WirePrimitive {}
extension UUID: WirePrimitive {}
extension Data: WirePrimitive {}
extension Decimal: WirePrimitive {}
extension Optional: WirePrimitive where Wrapped: WirePrimitive {}

/// What one encoder produced, before it is frozen into a ``JSONValue``.
enum Slot {
  case empty
  case value(JSONValue)
  case object(ObjectBox)
  case array(ArrayBox)
  /// A `superEncoder()` or similar whose content arrives after its slot is placed.
  case deferred(ContractEncoder)

  /// The finished value; an encoder that wrote nothing yields an empty object, as
  /// `JSONEncoder` does.
  var value: JSONValue {
    switch self {
    case .empty: .object([:])
    case .value(let value): value
    case .object(let box): .object(box.frozen)
    case .array(let box): .array(box.elements.map(\.value))
    case .deferred(let encoder): encoder.slot.value
    }
  }
}

/// An object's members as written: a list replayed into a dictionary once, when the value
/// is frozen, rather than a dictionary grown (and rehashed) member by member.
final class ObjectBox {
  /// Every write in order; `nil` removes the key, and the last write of a key wins.
  private var writes: [(key: String, slot: Slot?)] = []

  /// Sets (or, with `nil`, removes) the member `key`.
  func set(_ slot: Slot?, forKey key: String) {
    if writes.isEmpty { writes.reserveCapacity(8) }
    writes.append((key, slot))
  }

  /// The members as a dictionary of finished values.
  var frozen: [String: JSONValue] {
    var members = [String: JSONValue](minimumCapacity: writes.count)
    for write in writes {
      members[write.key] = write.slot?.value
    }
    return members
  }
}

final class ArrayBox {
  var elements: [Slot] = []
}
