/// What the Swift types say about one payload path, recorded while encoding.
///
/// `record` writes these to `<Contract>/<version>/contract.json`, so that a diff of trees
/// alone knows a localized string from a plain one, an identity from a value, and which
/// enum cases exist.
package enum PathAnnotation: Sendable, Hashable {
  /// Text resolved from the localization store at these keys.
  case localized(keys: [String])
  /// Text that is the same in every locale (a constant or empty localizable).
  case text
  /// A number formatted per locale.
  case localizedNumber
  /// A date formatted per locale.
  case localizedDate
  /// A `ViewModelId`.
  case identity
  /// An identity that is random by design (a transient banner's `ViewModelId()`), as its
  /// registration declares: accepted there, and redacted in baselines.
  case randomIdentity
  /// A ``ViewModelEnum`` with every case it can take.
  case enumeration(type: String, cases: [String])
  /// A `Date` on the wire (ISO 8601, UTC).
  case date
  /// A field carried only in `[since, until)`.
  case versioned(since: SystemVersion?, until: SystemVersion?)
  /// A field that may be absent (an optional).
  case optional

  /// The annotation's name in `contract.json`.
  package var name: String {
    switch self {
    case .localized: "localized"
    case .text: "text"
    case .localizedNumber: "localized-number"
    case .localizedDate: "localized-date"
    case .identity: "identity"
    case .randomIdentity: "random-identity"
    case .enumeration: "enum"
    case .date: "date"
    case .versioned: "versioned"
    case .optional: "optional"
    }
  }

  /// `true` for values whose text differs by locale.
  package var isLocalized: Bool {
    switch self {
    case .localized, .localizedNumber, .localizedDate: true
    default: false
    }
  }
}
