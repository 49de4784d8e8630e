/// Display text: empty, a constant, or a key resolved per locale.
///
/// ```swift
/// LocalizableString.localized(key: "DashboardViewModel.title")
/// // en: "Dashboard", es: "Panel", ja: "ダッシュボード"
/// ```
public enum LocalizableString: Sendable, Hashable {
  /// No text: encodes `""`.
  case empty
  /// The same text in every locale (a user's name, a product code).
  case constant(String)
  /// Text looked up at `key` in the localization store.
  case localized(key: String)
}

extension LocalizableString: Localizable {
  package func localizedText(in context: LocalizationContext) -> String {
    switch self {
    case .empty: ""
    case .constant(let text): text
    case .localized(let key): context.string(forKey: key)
    }
  }

  package var annotation: PathAnnotation {
    switch self {
    case .localized(let key): .localized(keys: [key])
    case .empty, .constant: .text
    }
  }

  public init(from decoder: any Decoder) throws {
    let text = try decodeLocalizedText(from: decoder)
    self = text.isEmpty ? .empty : .constant(text)
  }

  public func encode(to encoder: any Encoder) throws {
    let fallback: String
    switch self {
    case .empty: fallback = ""
    case .constant(let text): fallback = text
    case .localized(let key): fallback = key
    }
    try encodeLocalized(to: encoder, fallback: fallback)
  }
}

extension LocalizableString: ExpressibleByStringLiteral {
  /// A string literal is a constant; use ``localized(key:)`` for translated text.
  public init(stringLiteral value: String) { self = .constant(value) }
}
