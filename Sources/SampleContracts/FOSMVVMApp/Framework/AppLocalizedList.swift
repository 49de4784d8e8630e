/// A list of texts the app localizes while it encodes, as FOSMVVM's `@LocalizedStrings`: on
/// the wire an array of strings, `[]` when the key has no translation.
public struct AppLocalizedStrings: Codable, Sendable, Hashable {
  /// The translation key, `nil` when decoded from a payload's texts.
  public let key: String?
  /// The texts a payload held, when decoded.
  public let texts: [String]?

  public init(_ key: String) {
    self.key = key
    texts = nil
  }

  public init(from decoder: any Decoder) throws {
    key = nil
    texts = try decoder.singleValueContainer().decode([String].self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    guard let key else { return try container.encode(texts ?? []) }
    let (locale, translations) = try AppWire.context(of: encoder)
    try container.encode(translations.list(key, locale: locale))
  }
}

/// Localized pieces joined by a localized separator, as FOSMVVM's
/// `@LocalizedCompoundString(pieces:separator:)`: on the wire the pieces and the separator
/// themselves, `{"pieces": ["Team", "Inbox"], "separator": "·"}`.
public struct AppLocalizedCompound: Codable, Sendable, Hashable {
  public let pieces: AppLocalizedStrings
  public let separator: AppLocalizedString

  /// The texts at `pieces` joined by the text at `separator`.
  public init(pieces: String, separator: String) {
    self.pieces = AppLocalizedStrings(pieces)
    self.separator = AppLocalizedString(separator)
  }
}

extension Array {
  /// The element at `index`, `nil` past the end.
  subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
