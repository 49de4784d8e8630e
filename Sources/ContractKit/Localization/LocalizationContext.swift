import Foundation

/// What a ``Localizable`` value may ask while it is encoded: the locale, and translations.
///
/// Every lookup goes into the encoding's resolution log (resolved, fell back, missing), which
/// the harness turns into `translation-missing` and `translation-fallback` findings and into
/// coverage per locale.
public struct LocalizationContext {
  let recorder: any TranslationRecorder

  /// The BCP-47 locale being encoded (`"pt-BR"`).
  public var localeIdentifier: String { recorder.localeIdentifier }

  /// The system version being encoded.
  public var version: SystemVersion { recorder.version }

  /// The Foundation locale for formatting numbers and dates.
  public var locale: Locale { recorder.foundationLocale }

  /// The text at `key`, following the locale fallback chain; `""` when missing.
  public func string(forKey key: String) -> String {
    recorder.lookUp(key).map(Self.scalarText) ?? ""
  }

  /// The raw value at `key` in the store, following the fallback chain.
  public func value(forKey key: String) -> LocalizedValue? {
    recorder.lookUp(key)
  }

  func numberFormatter(_ style: NumberFormatter.Style, fractionDigits: Int?) -> NumberFormatter {
    recorder.numberFormatter(style, fractionDigits: fractionDigits)
  }

  func dateFormatter(date: DateFormatter.Style, time: DateFormatter.Style) -> DateFormatter {
    recorder.dateFormatter(date: date, time: time)
  }

  private static func scalarText(_ value: LocalizedValue) -> String {
    switch value {
    case .string(let text): text
    case .int(let value): String(value)
    case .double(let value): String(value)
    case .bool(let value): String(value)
    case .list(let items): items.map(scalarText).joined(separator: ", ")
    }
  }
}
