import Foundation

/// An integer shown with the locale's digit grouping: `12,480` in `en`, `12.480` in `de`.
///
/// The view model holds the plain value; the formatting policy is fixed here, so a server
/// never sends pre-formatted text that only fits one locale.
public struct LocalizableInt: Sendable, Hashable {
  /// The value, or `nil` when decoded from a baseline's text.
  public let value: Int?
  /// Whether thousands are grouped (`12,480`) or not (`12480`).
  public let grouped: Bool
  private let decodedText: String?

  public init(value: Int, grouped: Bool = true) {
    self.value = value
    self.grouped = grouped
    decodedText = nil
  }
}

extension LocalizableInt: Localizable {
  package func localizedText(in context: LocalizationContext) -> String {
    guard let value else { return decodedText ?? "" }
    let formatter = context.numberFormatter(.decimal, fractionDigits: 0)
    formatter.usesGroupingSeparator = grouped
    return formatter.string(from: NSNumber(value: value)) ?? String(value)
  }

  package var annotation: PathAnnotation { .localizedNumber }

  public init(from decoder: any Decoder) throws {
    decodedText = try decodeLocalizedText(from: decoder)
    value = nil
    grouped = true
  }

  public func encode(to encoder: any Encoder) throws {
    try encodeLocalized(to: encoder, fallback: value.map(String.init) ?? decodedText ?? "")
  }
}

/// A decimal shown per locale with a fixed number of fraction digits: `4.5` / `4,5`.
public struct LocalizableDouble: Sendable, Hashable {
  /// How the number reads.
  public enum Style: String, Sendable, Hashable {
    /// `1,234.5`
    case decimal
    /// `45%` for `0.45`
    case percent
  }

  /// The value, or `nil` when decoded from a baseline's text.
  public let value: Double?
  public let style: Style
  public let fractionDigits: Int
  private let decodedText: String?

  public init(value: Double, style: Style = .decimal, fractionDigits: Int = 1) {
    self.value = value
    self.style = style
    self.fractionDigits = fractionDigits
    decodedText = nil
  }
}

extension LocalizableDouble: Localizable {
  package func localizedText(in context: LocalizationContext) -> String {
    guard let value else { return decodedText ?? "" }
    let formatter = context.numberFormatter(
      style == .percent ? .percent : .decimal, fractionDigits: fractionDigits)
    return formatter.string(from: NSNumber(value: value)) ?? String(value)
  }

  package var annotation: PathAnnotation { .localizedNumber }

  public init(from decoder: any Decoder) throws {
    decodedText = try decodeLocalizedText(from: decoder)
    value = nil
    style = .decimal
    fractionDigits = 1
  }

  public func encode(to encoder: any Encoder) throws {
    try encodeLocalized(to: encoder, fallback: value.map { String($0) } ?? decodedText ?? "")
  }
}
