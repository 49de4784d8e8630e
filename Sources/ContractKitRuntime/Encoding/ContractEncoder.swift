import Foundation

/// The `Encoder` behind ``LocalizingEncoder``: builds a ``JSONValue`` tree directly,
/// resolving every ``Localizable`` for the session's locale and recording path metadata.
///
/// Writing the tree ourselves (rather than going through `JSONEncoder`) is what makes
/// number spelling, key order and dates identical on every platform.
///
/// A child's encoder is made, or reused (``EncodingSession/childEncoder(at:)``), for every
/// value that is not a primitive.
final class ContractEncoder: TranslatingEncoderBase, Encoder {
  let session: EncodingSession
  // Unchecked exclusivity, here and in the encoder's other per-value state: an encoder and
  // its session belong to one encoding on one thread, and no access to them overlaps
  // another; the runtime's checks of every access were 7% of a check.
  /// This encoder's path once made (``path``).
  @exclusivity(unchecked) private var madePath: EncodingPath?
  /// The step to this encoder's place while its path is not made; `isPending` says whether
  /// there is one without copying it (and its key) out to look.
  @exclusivity(unchecked) private var pendingStep: PathStep?
  @exclusivity(unchecked) private var isPending = false
  @exclusivity(unchecked) var slot: Slot = .empty
  @exclusivity(unchecked) private(set) var omitted = false

  init(session: EncodingSession, path: EncodingPath?) {
    self.session = session
    madePath = path
  }

  /// An encoder for the child `step` leads to, whose path is made when first asked for.
  init(session: EncodingSession, at step: consuming PathStep) {
    self.session = session
    pendingStep = step
    isPending = true
  }

  /// Makes this encoder stand for the child `step` leads to, as if it were new.
  func reuse(at step: consuming PathStep) {
    madePath = nil
    pendingStep = step
    isPending = true
    slot = .empty
    omitted = false
  }

  /// Where this encoder's value is; `nil` for the root. Made on first use
  /// (``PathStep``), then the same node every time.
  var path: EncodingPath? {
    guard isPending, let step = pendingStep.take() else { return madePath }
    isPending = false
    let made = EncodingPath(step)
    madePath = made
    return made
  }

  override var recorder: (any ContractRecorder)? { self }
  override var translationRecorder: (any TranslationRecorder)? { self }

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
    box.adopt(Key.self)
    return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, box: box, nestedPath: nil))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let box: ArrayBox
    if case .array(let existing) = slot {
      box = existing
    } else {
      box = ArrayBox()
      slot = .array(box)
    }
    return UnkeyedContainer(encoder: self, box: box, nestedPath: nil)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueContainer(encoder: self)
  }

  /// Encodes `value` as the child `step` leads to; `nil` when the child chose to be omitted.
  func encodeChild<T: Encodable>(_ value: T, at step: consuming PathStep) throws -> Slot? {
    if let primitive = try primitiveValue(value, at: EncodingPath(copy step)) {
      return .value(primitive)
    }
    var child = session.childEncoder(at: step)
    try value.encode(to: child)
    let slot = child.omitted ? nil : child.slot
    session.recycle(&child)
    return slot
  }

  /// The JSON of values the wire spells in one fixed way, whatever their `encode(to:)` does.
  /// `path` is made only for an annotation or an error.
  func primitiveValue<T: Encodable>(_ value: T, at path: @autoclosure () -> EncodingPath?) throws
    -> JSONValue?
  {
    // One conformance check turns away every other type before the casts below, each of
    // which costs a runtime cast (and conformance lookups) for every struct in a payload;
    // its answer is kept per thread, since a payload is made of a few types many times.
    guard session.primitiveTypes.isWirePrimitive(T.self) else { return nil }
    switch value {
    case let text as String: return .string(text)
    case let flag as Bool: return .bool(flag)
    case let number as Int: return .number(JSONNumber(number))
    case let double as Double: return try number(double, at: path())
    case let date as Date:
      if session.collectsAnnotations { session.annotate(.date, at: path()) }
      return .string(WireDate.string(from: date))
    case let url as URL: return .string(url.absoluteString)
    case let uuid as UUID: return .string(uuid.uuidString)
    case let data as Data: return .string(data.base64EncodedString())
    case let decimal as Decimal:
      guard let number = JSONNumber(literal: Substring(decimal.description)) else {
        throw invalid(decimal, at: path())
      }
      return .number(number)
    default: return nil
    }
  }

  func number(_ value: Double, at path: @autoclosure () -> EncodingPath?) throws -> JSONValue {
    guard let number = JSONNumber(exactly: value) else { throw invalid(value, at: path()) }
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

  func annotate(_ annotation: PathAnnotation) {
    if session.collectsAnnotations { session.annotate(annotation, at: path) }
  }

  func noteIdentity(isRandom: Bool) {
    if session.collectsAnnotations || isRandom {
      session.noteIdentity(isRandom: isRandom, at: path)
    }
  }
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

/// Which types a thread's encodings met are ``WirePrimitive``s: a comparison of type
/// identities where the conformance check looks the type up in the runtime's tables, for
/// every child value of every payload (4% of a check).
final class WirePrimitiveTypes {
  @exclusivity(unchecked) private var known: [(type: ObjectIdentifier, isPrimitive: Bool)] = []
  /// Types remembered; a payload is made of far fewer, so the scan stays short.
  private static let capacity = 64

  /// The calling thread's answers.
  static var current: WirePrimitiveTypes { slot.current }

  private static let slot = ThreadSlot { WirePrimitiveTypes() }

  func isWirePrimitive<T>(_ type: T.Type) -> Bool {
    let identifier = ObjectIdentifier(type)
    for entry in known where entry.type == identifier { return entry.isPrimitive }
    let isPrimitive = type is any WirePrimitive.Type
    if known.count < Self.capacity { known.append((identifier, isPrimitive)) }
    return isPrimitive
  }
}

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
  package var value: JSONValue {
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
  @exclusivity(unchecked) private(set) var writes: [(key: String, slot: Slot?)] = []
  /// The `CodingKey` type of the containers writing here, for its cached ``KeyLayout``;
  /// `nil` when containers of several types write into one object.
  private(set) var keyType: ObjectIdentifier?
  private var keyTypes = 0

  /// Notes that a container with keys of type `type` writes here.
  func adopt<Key: CodingKey>(_ type: Key.Type) {
    let identifier = ObjectIdentifier(type)
    guard keyType != identifier else { return }
    keyTypes += 1
    keyType = keyTypes == 1 ? identifier : nil
  }

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
  @exclusivity(unchecked) var elements: [Slot] = []
}
