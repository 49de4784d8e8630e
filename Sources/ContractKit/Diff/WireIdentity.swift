import ContractKitRuntime

/// A view model identity as the wire carries it, in either shape.
///
/// ContractKit's own `ViewModelId` encodes as a string. FOSMVVM's encodes as an object whose
/// `id` member is the identity and whose `fsh` member is the moment the id was made; a random
/// FOSMVVM id has no `id` at all. Only the identity is ever compared: `fsh` and any other
/// member of a `vmId` object are not part of the contract.
enum WireIdentity: Hashable, Sendable {
  /// An identity that names its view model (a type, a data row).
  case stable(String)
  /// An identity object without `id`: a new one on every render.
  case random

  /// The key that holds an identity in shape-only rules.
  static let key = "vmId"
  /// The member of an identity object that is the identity; an object without it is random.
  static let idMember = "id"
  /// The members of an identity object that stamp when it was made: FOSMVVM 0.13's `fsh`,
  /// and the `ts` of mid-2025 FOSMVVM that FOSTesting's baselines hold. Their values differ
  /// on every `stub()`; their names and types are wire.
  static let stampMembers = ["fsh", "ts"]

  /// The identity `value` carries (the value of a `vmId` member), or `nil` when it is neither
  /// a string nor an object.
  init?(_ value: JSONValue) {
    switch value {
    case .string(let text): self = .stable(text)
    case .object(let members):
      switch members[Self.idMember] {
      case .string(let text)?: self = .stable(text)
      case .number(let number)?: self = .stable(number.canonical)
      case nil: self = .random
      default: return nil
      }
    default: return nil
    }
  }

  /// The identity a scalar at an identity's place carries: the placeholder of a string
  /// identity declared random by design is random, anything else its own text.
  init?(redactedString value: JSONValue) {
    if value == .string(Redaction.placeholderText) {
      self = .random
    } else {
      self.init(member: value)
    }
  }

  /// The identity a member an identity hint names carries: a string or a number as
  /// itself, an object as a `vmId` object.
  init?(member value: JSONValue) {
    if case .number(let number) = value {
      self = .stable(number.canonical)
    } else {
      self.init(value)
    }
  }

  /// The identity of an array element: its `vmId` member's.
  static func of(element: JSONValue) -> WireIdentity? {
    element[key].flatMap { WireIdentity($0) }
  }

  /// The stable identity of an array element, `nil` when it has none or a random one.
  static func stableText(of element: JSONValue) -> String? {
    if case .stable(let text)? = of(element: element) { return text }
    return nil
  }

  /// Whether `value` under the key `key` is an identity object, which walks over payloads
  /// step over: its members are not fields of the contract.
  static func isIdentityObject(_ value: JSONValue, key: String?) -> Bool {
    guard key == Self.key, case .object = value else { return false }
    return true
  }

  /// The identity as report values show it: the id, or `null` for a random one.
  var value: JSONValue {
    switch self {
    case .stable(let text): .string(text)
    case .random: .null
    }
  }
}

extension WireIdentity {
  /// The pointers of every random identity object in `payload` (a `vmId` object without
  /// `id`), in document order.
  static func randomPointers(in payload: JSONValue) -> [String] {
    // Nearly every payload has none: a walk that sorts no keys and spells no pointers says
    // so (spelling a pointer for every node was 9% of checking a wire contract).
    guard hasRandomIdentity(payload) else { return [] }
    var pointers: [String] = []
    // Iterative: payloads may nest 1,000 levels deep.
    var pending: [(value: JSONValue, pointer: String)] = [(payload, "")]
    while let (value, pointer) = pending.popLast() {
      switch value {
      case .object(let members):
        for name in members.keys.sorted(by: codePointOrder).reversed() {
          guard let member = members[name] else { continue }
          let path = JSONPointer.appending(name, to: pointer)
          if isIdentityObject(member, key: name) {
            if WireIdentity(member) == .random { pointers.append(path) }
          } else {
            pending.append((member, path))
          }
        }
      case .array(let elements):
        for (index, element) in elements.enumerated().reversed() {
          pending.append((element, JSONPointer.appending(index, to: pointer)))
        }
      default:
        break
      }
    }
    return pointers
  }

  /// Whether `payload` holds a random identity object anywhere.
  private static func hasRandomIdentity(_ payload: JSONValue) -> Bool {
    // Iterative, like the walk it guards.
    var pending: [JSONValue] = [payload]
    while let value = pending.popLast() {
      switch value {
      case .object(let members):
        for (name, member) in members {
          if isIdentityObject(member, key: name) {
            if WireIdentity(member) == .random { return true }
          } else if member.isContainer {
            pending.append(member)
          }
        }
      case .array(let elements):
        for element in elements where element.isContainer { pending.append(element) }
      default:
        break
      }
    }
    return false
  }
}

extension JSONValue {
  /// `true` for an object or an array.
  fileprivate var isContainer: Bool {
    switch self {
    case .object, .array: true
    default: false
    }
  }
}
