/// A localized template with `%{name}` placeholders filled per locale.
///
/// ```swift
/// LocalizableSubstitutions(
///   template: .localized(key: "WelcomeBannerViewModel.greeting"),   // "Welcome back, %{name}!"
///   substitutions: ["name": user.name, "count": unread])
/// // en: "Welcome back, Ana!"   de: "Willkommen zurück, Ana!"
/// ```
/// Values fill placeholders as they are (any ``SubstitutionConvertible``): a `String` is the
/// same text in every locale, an `Int` or `Double` is formatted per locale (`12,480` /
/// `12.480`), a `Date` too (`Jun 1, 2021` / `1. Juni 2021`), and a `LocalizableString` such as
/// `.localized(key:)` is translated. The ``Substitution`` cases say the same at length. A
/// placeholder with no substitution stays in the output, and the harness reports it as
/// `placeholder-unresolved`.
public struct LocalizableSubstitutions: Sendable, Hashable {
  /// A value that can fill a placeholder.
  public enum Substitution: Sendable, Hashable {
    case string(LocalizableString)
    case int(LocalizableInt)
    case double(LocalizableDouble)
    case date(LocalizableDate)

    func text(in context: LocalizationContext) -> String {
      switch self {
      case .string(let value): value.localizedText(in: context)
      case .int(let value): value.localizedText(in: context)
      case .double(let value): value.localizedText(in: context)
      case .date(let value): value.localizedText(in: context)
      }
    }
  }

  public let template: LocalizableString
  public let substitutions: [String: Substitution]
  private let decodedText: String?

  public init(template: LocalizableString, substitutions: [String: Substitution]) {
    self.template = template
    self.substitutions = substitutions
    decodedText = nil
  }

  /// A template filled with plain values: `["name": user.name, "count": 3]`.
  public init(template: LocalizableString,
              substitutions: [String: any SubstitutionConvertible])
  {
    self.init(template: template, substitutions: substitutions.mapValues(\.asSubstitution))
  }
}

// MARK: - Localizable

extension LocalizableSubstitutions: Localizable {
  package func localizedText(in context: LocalizationContext) -> String {
    if let decodedText { return decodedText }
    let values = substitutions.mapValues { $0.text(in: context) }
    return Placeholders.substitute(values, in: template.localizedText(in: context))
  }

  package var annotation: PathAnnotation { template.annotation }

  public init(from decoder: any Decoder) throws {
    decodedText = try decodeLocalizedText(from: decoder)
    template = .empty
    substitutions = [:]
  }

  public func encode(to encoder: any Encoder) throws {
    try encodeLocalized(to: encoder, fallback: decodedText ?? "")
  }
}
