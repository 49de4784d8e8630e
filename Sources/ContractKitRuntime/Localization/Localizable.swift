/// A value whose wire text depends on the locale it is encoded for.
///
/// Conforming types hold the plain value and the formatting policy; the localizing encoder
/// calls ``localizedText(in:)`` once per locale. Decoded from a baseline, a value holds the
/// text it was encoded as.
package protocol Localizable: Codable, Sendable {
  /// The text this value shows in `context`'s locale.
  func localizedText(in context: LocalizationContext) -> String

  /// The metadata kind recorded for this value's path in `contract.json`.
  var annotation: PathAnnotation { get }
}

extension Localizable {
  /// Encodes the text for the encoder's locale; outside the harness, encodes `fallback`.
  ///
  /// Every conforming type's `encode(to:)` calls this, so resolution, metadata and the
  /// resolution log are one code path. `fallback` is only spelled outside the harness: a
  /// date's ISO 8601 text, made for every date of every payload, was 5% of a check.
  func encodeLocalized(to encoder: any Encoder, fallback: @autoclosure () -> String) throws {
    var container = encoder.singleValueContainer()
    guard let recorder = encoder.translationRecorder else {
      try container.encode(fallback())
      return
    }
    let text = localizedText(in: LocalizationContext(recorder: recorder))
    recorder.annotate(annotation)
    try container.encode(text)
  }
}

/// Decodes the resolved text a localizable value was encoded as.
func decodeLocalizedText(from decoder: any Decoder) throws -> String {
  try decoder.singleValueContainer().decode(String.self)
}
