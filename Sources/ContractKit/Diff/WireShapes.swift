import ContractKitRuntime

/// The FOSMVVM wire shapes the shape rules read for what they are, besides identities
/// (``WireIdentity``).
enum WireShapes {
  /// The case name when `value` is a raw-value-less enum case as Swift's synthesized
  /// `Codable` writes it: an object whose only member is the case name with an empty object
  /// as its value (`{"running": {}}`).
  ///
  /// A change of case is a change of value, never a removed and an added field.
  static func enumCase(_ value: JSONValue) -> String? {
    guard case .object(let members) = value, members.count == 1,
      let (name, payload) = members.first, case .object(let fields) = payload, fields.isEmpty
    else { return nil }
    return name
  }

  /// Whether the member `key` of the object `parent` is the localized text of a FOSMVVM
  /// localizable value: `ls` beside the plain value `v` (`{"v": 12345, "ls": "12,345"}`, the
  /// wire of `LocalizableInt` and `LocalizableDate`).
  static func isLocalizedText(key: String?, in parent: [String: JSONValue]?) -> Bool {
    guard key == "ls", let parent, parent["v"] != nil, case .string? = parent["ls"] else {
      return false
    }
    return true
  }

  /// The value a FOSMVVM `@Versioned` property wraps, and the member that holds it: the
  /// wrapper itself is on the wire, `{"vFirst": "2.0.0", "wrappedValue": …}` (`vLast` when
  /// set); `nil` for any other value.
  static func versionedValue(_ value: JSONValue) -> JSONValue? {
    guard case .object(let members) = value, case .string? = members["vFirst"],
      let wrapped = members[versionedMember],
      members.keys.allSatisfy({ ["vFirst", "vLast", versionedMember].contains($0) })
    else { return nil }
    return wrapped
  }

  /// The member of a `@Versioned` wrapper that holds the value.
  static let versionedMember = "wrappedValue"

  /// Whether `members` are FOSMVVM's `LocalizableCompoundValue` on the wire (what
  /// `@LocalizedCompoundString` writes): the localized pieces, and the separator when one is
  /// given, `{"pieces": ["Ana", "Souza"], "separator": " "}`.
  static func isCompound(_ members: [String: JSONValue]) -> Bool {
    guard case .array(let pieces)? = members["pieces"],
      pieces.allSatisfy({ $0.stringValue != nil }) else { return false }
    switch members.count {
    case 1: return true
    case 2: if case .string? = members["separator"] { return true } else { return false }
    default: return false
    }
  }
}
