import Foundation

/// What a ``Localizable`` value may ask while it is encoded: the locale, and translations.
///
/// Every lookup goes into the encoding's resolution log (resolved, fell back, missing), which
/// the harness turns into `translation-missing` and `translation-fallback` findings and into
/// coverage per locale.
public struct LocalizationContext {
  let session: EncodingSession
  let path: EncodingPath?

  /// The BCP-47 locale being encoded (`"pt-BR"`).
  public var localeIdentifier: String { session.locale }

  /// The system version being encoded.
  public var version: SystemVersion { session.version }

  /// The Foundation locale for formatting numbers and dates.
  public var locale: Locale { session.foundationLocale }

  /// The text at `key`, following the locale fallback chain; `""` when missing, and, as in
  /// FOSMVVM, when the YAML value is not a text (a boolean, a number, a list).
  public func string(forKey key: String) -> String {
    if case .string(let text)? = session.lookUp(key, at: path, expecting: .text) { return text }
    return ""
  }

  /// The raw value at `key` in the store, following the fallback chain.
  public func value(forKey key: String) -> LocalizedValue? {
    session.lookUp(key, at: path, expecting: .value)
  }

  /// A cached formatter for this locale; formatters are costly to build.
  func numberFormatter(_ style: NumberFormatter.Style, fractionDigits: Int?) -> NumberFormatter {
    session.numberFormatter(style, fractionDigits: fractionDigits)
  }

  func dateFormatter(date: DateFormatter.Style, time: DateFormatter.Style) -> DateFormatter {
    session.dateFormatter(date: date, time: time)
  }
}
