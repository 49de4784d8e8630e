import Foundation

/// What localizable values ask of whatever is recording a contract while they encode: the
/// locale, translations, and formatters for it.
///
/// The encoder that records contracts conforms; under any other encoder a localizable value
/// encodes its plain text. Every lookup is logged at the encoder's place in the payload, so
/// the harness can name where a missing or fallen-back translation shows.
protocol TranslationRecorder: ContractRecorder {
  /// The BCP-47 locale being encoded (`"pt-BR"`).
  var localeIdentifier: String { get }

  /// The Foundation locale for formatting numbers and dates.
  var foundationLocale: Locale { get }

  /// What FOSMVVM shows at `key` along the locale's fallback chain, looked up as a text or
  /// as any value and logged at this place; `nil` when it shows nothing.
  func lookUp(_ key: String, expecting expectation: LocalizationStore.Expectation)
    -> LocalizedValue?

  /// A formatter for this locale, shared by the encoding's values; formatters are costly to
  /// build.
  func numberFormatter(_ style: NumberFormatter.Style, fractionDigits: Int?) -> NumberFormatter

  /// A date formatter for this locale in UTC and the Gregorian calendar.
  func dateFormatter(date: DateFormatter.Style, time: DateFormatter.Style) -> DateFormatter
}

/// The class a translating encoder descends from: found behind an `any Encoder` with a class
/// check, like ``RecordingEncoderBase``.
class TranslatingEncoderBase: RecordingEncoderBase {
  /// This encoder as the translation recorder; a subclass that records returns itself.
  var translationRecorder: (any TranslationRecorder)? { nil }
}

extension Encoder {
  /// The translation recorder behind this encoder, when it is one.
  var translationRecorder: (any TranslationRecorder)? {
    (self as? TranslatingEncoderBase)?.translationRecorder
  }
}
