import Foundation

/// What a ``Localizable`` value may ask while it is encoded: the locale, and translations.
///
/// Every lookup goes into the encoding's resolution log (resolved, fell back, missing), which
/// the harness turns into `translation-missing` and `translation-fallback` findings and into
/// coverage per locale.
package struct LocalizationContext {
  let recorder: any TranslationRecorder

  /// The BCP-47 locale being encoded (`"pt-BR"`).
  package var localeIdentifier: String { recorder.localeIdentifier }

  /// The system version being encoded.
  package var version: SystemVersion { recorder.version }

  /// The Foundation locale for formatting numbers and dates.
  package var locale: Locale { recorder.foundationLocale }

  /// The text at `key`, following the locale fallback chain; `""` when missing, and, as in
  /// FOSMVVM, when the YAML value is not a text (a boolean, a number, a list).
  package func string(forKey key: String) -> String {
    if case .string(let text)? = recorder.lookUp(key, expecting: .text) { return text }
    return ""
  }

  /// The raw value at `key` in the store, following the fallback chain.
  package func value(forKey key: String) -> LocalizedValue? {
    recorder.lookUp(key, expecting: .value)
  }

  func numberFormatter(_ style: NumberFormatter.Style, fractionDigits: Int?) -> NumberFormatter {
    recorder.numberFormatter(style, fractionDigits: fractionDigits)
  }

  func dateFormatter(date: DateFormatter.Style, time: DateFormatter.Style) -> DateFormatter {
    recorder.dateFormatter(date: date, time: time)
  }
}
