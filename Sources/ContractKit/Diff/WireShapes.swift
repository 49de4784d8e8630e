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
}
