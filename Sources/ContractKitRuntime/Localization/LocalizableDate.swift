import Foundation

/// A date shown per locale: `Mar 14, 2026` in `en`, `14.03.2026` in `de`.
///
/// Formatting uses UTC and the Gregorian calendar whatever the machine's settings, so a
/// baseline does not depend on where it was recorded. Stubs should use fixed dates
/// (`Date(timeIntervalSince1970:)`), never `Date()`: the harness reports a volatile value.
public struct LocalizableDate: Sendable, Hashable {
  /// The date, or `nil` when decoded from a baseline's text.
  public let value: Date?
  public let dateStyle: DateFormatter.Style
  public let timeStyle: DateFormatter.Style
  private let decodedText: String?

  public init(value: Date, dateStyle: DateFormatter.Style = .medium,
              timeStyle: DateFormatter.Style = .none) {
    self.value = value
    self.dateStyle = dateStyle
    self.timeStyle = timeStyle
    decodedText = nil
  }
}

extension LocalizableDate: Localizable {
  package func localizedText(in context: LocalizationContext) -> String {
    guard let value else { return decodedText ?? "" }
    return context.dateFormatter(date: dateStyle, time: timeStyle).string(from: value)
  }

  package var annotation: PathAnnotation { .localizedDate }

  public init(from decoder: any Decoder) throws {
    decodedText = try decodeLocalizedText(from: decoder)
    value = nil
    dateStyle = .medium
    timeStyle = .none
  }

  public func encode(to encoder: any Encoder) throws {
    try encodeLocalized(
      to: encoder, fallback: value.map { WireDate.string(from: $0) } ?? decodedText ?? "")
  }
}
