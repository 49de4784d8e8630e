import Foundation

/// Text the app localizes while it encodes: on the wire a plain string, `""` when the key
/// has no translation (FOSMVVM shows nothing, it does not show the key).
public struct AppLocalizedString: Codable, Sendable, Hashable {
  /// The translation key, `nil` when decoded from a payload's text.
  public let key: String?
  /// The item of the list at ``key`` this text is (FOSMVVM's `index:`), if any.
  public let index: Int?
  /// The text a payload held, when decoded.
  public let text: String?

  /// The text at `key`, or item `index` of the list there.
  public init(_ key: String, index: Int? = nil) {
    self.key = key
    self.index = index
    text = nil
  }

  public init(from decoder: any Decoder) throws {
    key = nil
    index = nil
    text = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    guard let key else { return try container.encode(text ?? "") }
    let (locale, translations) = try AppWire.context(of: encoder)
    try container.encode(
      index.map { translations.list(key, locale: locale)[safe: $0] ?? "" }
        ?? translations.text(key, locale: locale))
  }
}

/// A localized template whose `%{name}` placeholders are filled while encoding: on the wire
/// one resolved string, with numbers localized.
public struct AppLocalizedSubstitutions: Codable, Sendable, Hashable {
  public let key: String?
  public let values: [String: Int]
  public let texts: [String: String]
  public let text: String?

  public init(_ key: String, texts: [String: String] = [:], numbers: [String: Int] = [:]) {
    self.key = key
    self.texts = texts
    values = numbers
    text = nil
  }

  public init(from decoder: any Decoder) throws {
    key = nil
    values = [:]
    texts = [:]
    text = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    guard let key else { return try container.encode(text ?? "") }
    let (locale, translations) = try AppWire.context(of: encoder)
    var result = translations.text(key, locale: locale)
    for (name, value) in texts { result = result.replacingOccurrences(of: "%{\(name)}", with: value) }
    for (name, value) in values {
      result = result.replacingOccurrences(
        of: "%{\(name)}", with: AppLocalizableInt.grouped(value, locale: locale))
    }
    try container.encode(result)
  }
}

/// An integer with its localized text, on the wire as FOSMVVM's `LocalizableInt`:
/// `{"v": 12345, "ls": "12,345", "sgep": true, "gsepsz": 3}`.
public struct AppLocalizableInt: Codable, Sendable, Hashable {
  public let value: Int
  public let localized: String?

  public init(_ value: Int) {
    self.value = value
    localized = nil
  }

  private enum CodingKeys: String, CodingKey {
    case value = "v", localized = "ls", showsGrouping = "sgep", groupingSize = "gsepsz"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    value = try container.decode(Int.self, forKey: .value)
    localized = try container.decode(String.self, forKey: .localized)
  }

  public func encode(to encoder: any Encoder) throws {
    let (locale, _) = try AppWire.context(of: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(value, forKey: .value)
    try container.encode(Self.grouped(value, locale: locale), forKey: .localized)
    try container.encode(true, forKey: .showsGrouping)
    try container.encode(3, forKey: .groupingSize)
  }

  /// `12,345` in `en`, `12.345` in `es`.
  static func grouped(_ value: Int, locale: String) -> String {
    let formatter = NumberFormatter()
    formatter.locale = Locale(identifier: locale)
    formatter.numberStyle = .decimal
    formatter.usesGroupingSeparator = true
    formatter.groupingSize = 3
    return formatter.string(from: NSNumber(value: value)) ?? String(value)
  }
}

/// A date with its localized text, on the wire as FOSMVVM's `LocalizableDate`:
/// `{"v": 1767225600, "ds": 2, "ls": "Jan 1, 2026"}` (`ts` only with a time style).
///
/// Like FOSMVVM's, the text is formatted in the process's time zone; ContractKit respells it
/// in UTC when the process runs elsewhere, without touching the process's zone.
public struct AppLocalizableDate: Codable, Sendable, Hashable {
  public let value: Date
  public let dateStyle: DateFormatter.Style
  public let timeStyle: DateFormatter.Style

  public init(_ value: Date, dateStyle: DateFormatter.Style = .medium,
              timeStyle: DateFormatter.Style = .none)
  {
    self.value = value
    self.dateStyle = dateStyle
    self.timeStyle = timeStyle
  }

  private enum CodingKeys: String, CodingKey {
    case value = "v", dateStyle = "ds", timeStyle = "ts", localized = "ls"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    value = Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .value))
    dateStyle = DateFormatter.Style(rawValue: try container.decode(UInt.self, forKey: .dateStyle))
      ?? .none
    timeStyle = DateFormatter.Style(
      rawValue: try container.decodeIfPresent(UInt.self, forKey: .timeStyle) ?? 0) ?? .none
    _ = try container.decode(String.self, forKey: .localized)
  }

  public func encode(to encoder: any Encoder) throws {
    let (locale, _) = try AppWire.context(of: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Int(value.timeIntervalSince1970), forKey: .value)
    try container.encode(dateStyle.rawValue, forKey: .dateStyle)
    if timeStyle != .none { try container.encode(timeStyle.rawValue, forKey: .timeStyle) }
    // The process's time zone, as FOSMVVM formats: a formatter left at its default.
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: locale)
    formatter.dateStyle = dateStyle
    formatter.timeStyle = timeStyle
    try container.encode(formatter.string(from: value), forKey: .localized)
  }
}

/// A property that exists from one version on, on the wire as FOSMVVM's `@Versioned`: the
/// wrapper itself, `{"vFirst": "2.0.0", "wrappedValue": …}`, in every version's payload.
public struct AppVersioned<Value: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
  public let firstVersion: String
  public let wrappedValue: Value

  public init(since firstVersion: String, _ wrappedValue: Value) {
    self.firstVersion = firstVersion
    self.wrappedValue = wrappedValue
  }

  private enum CodingKeys: String, CodingKey {
    case firstVersion = "vFirst", wrappedValue
  }
}
