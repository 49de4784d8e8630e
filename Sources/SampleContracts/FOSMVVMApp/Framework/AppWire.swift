import ContractKit
import Foundation

/// How the sample app's localizing encoder works, as FOSMVVM's does: a `JSONEncoder` whose
/// `userInfo` carries the locale and the translations, so that localizable values resolve
/// while they encode, and throw under any other encoder.
public enum AppWire {
  /// The `userInfo` key of the locale to encode for.
  static let localeKey = CodingUserInfoKey(rawValue: "SampleApp.locale")!
  /// The `userInfo` key of the translations.
  static let storeKey = CodingUserInfoKey(rawValue: "SampleApp.translations")!

  /// A fresh localizing encoder for one encoding: a reused one would keep state from the
  /// last (FOSMVVM's returns stale substitutions).
  /// - Parameter locale: a BCP-47 identifier (`"pt-BR"`).
  public static func localizingEncoder(locale: String, translations: AppTranslations)
    -> JSONEncoder
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.userInfo[localeKey] = locale
    encoder.userInfo[storeKey] = translations
    return encoder
  }

  /// The locale (BCP-47) and translations of `encoder`.
  /// - Throws: ``AppWireError/notLocalizing(_:)`` under an encoder without them.
  static func context(of encoder: any Encoder) throws -> (locale: String, AppTranslations) {
    guard let locale = encoder.userInfo[localeKey] as? String,
      let translations = encoder.userInfo[storeKey] as? AppTranslations
    else { throw AppWireError.notLocalizing(encoder.codingPath.map(\.stringValue)) }
    return (locale, translations)
  }

  /// `2026-12-01T08:49:40.570Z`: milliseconds, UTC, as FOSMVVM stamps `fsh`.
  static func timeStamp(_ date: Date) -> String { stampFormatter().string(from: date) }

  /// The date a ``timeStamp(_:)`` spells.
  static func timeStamp(from text: String) -> Date? { stampFormatter().date(from: text) }

  private static func stampFormatter() -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'"
    return formatter
  }
}

/// Why a localizable value could not encode.
public enum AppWireError: Error, CustomStringConvertible {
  /// The encoder carries no locale and translations.
  case notLocalizing([String])

  public var description: String {
    switch self {
    case .notLocalizing(let path):
      "a localizable value at \(path.joined(separator: ".")) needs the app's localizing encoder"
    }
  }
}

/// The app's translations, read from its YAML: it looks texts up the way FOSMVVM does (the
/// locale, then its parents: `es-MX`, then `es`; never another language), and a missing
/// text is `""`.
public struct AppTranslations: Sendable {
  let store: LocalizationStore
  let baseLocale: String

  public init(store: LocalizationStore, baseLocale: String) {
    self.store = store
    self.baseLocale = baseLocale
  }

  /// The text at `key` for `locale`, `""` when no locale of the chain has a text.
  func text(_ key: String, locale: String) -> String {
    // The locale as its own base: its parents are searched, the catalog's base is not.
    switch store.resolve(key, locale: locale, baseLocale: locale) {
    case .resolved(.string(let text)), .fellBack(.string(let text), _): text
    default: ""
    }
  }

  /// The texts at `key` for `locale`, as FOSMVVM reads a list: one text is a list of one,
  /// and `[]` when no locale of the chain has the key.
  func list(_ key: String, locale: String) -> [String] {
    switch store.resolve(key, locale: locale, baseLocale: locale) {
    case .resolved(.string(let text)), .fellBack(.string(let text), _): [text]
    case .resolved(.list(let items)), .fellBack(.list(let items), _):
      items.compactMap { if case .string(let text) = $0 { text } else { nil } }
    default: []
    }
  }
}
