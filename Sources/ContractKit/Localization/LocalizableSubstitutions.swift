/// A localized template with `%{name}` placeholders filled per locale.
///
/// ```swift
/// LocalizableSubstitutions(
///   template: .localized(key: "WelcomeBannerViewModel.greeting"),   // "Welcome back, %{name}!"
///   substitutions: ["name": "Ana", "count": 3])
/// // en: "Welcome back, Ana!"   de: "Willkommen zurück, Ana!"
/// ```
/// A string literal fills a placeholder with constant text, an integer or decimal literal with
/// a number formatted per locale (`12,480` / `12.480`); the cases spell the rest
/// (`.string(.localized(key:))`, `.date(LocalizableDate(value:))`). A placeholder with no
/// substitution stays in the output, and the harness reports it as `placeholder-unresolved`.
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
}

// MARK: - Literals

extension LocalizableSubstitutions.Substitution: ExpressibleByStringLiteral {
  /// `"Ana"`: the same text in every locale, as `.string(.constant("Ana"))`.
  public init(stringLiteral text: String) { self = .string(.constant(text)) }
}

extension LocalizableSubstitutions.Substitution: ExpressibleByIntegerLiteral {
  /// `3`: a number with the locale's digit grouping, as `.int(LocalizableInt(value: 3))`.
  public init(integerLiteral value: Int) { self = .int(LocalizableInt(value: value)) }
}

extension LocalizableSubstitutions.Substitution: ExpressibleByFloatLiteral {
  /// `4.5`: a decimal with one fraction digit per locale (`4.5` / `4,5`), as
  /// `.double(LocalizableDouble(value: 4.5))`.
  public init(floatLiteral value: Double) { self = .double(LocalizableDouble(value: value)) }
}

// MARK: - Localizable

extension LocalizableSubstitutions: Localizable {
  public func localizedText(in context: LocalizationContext) -> String {
    if let decodedText { return decodedText }
    let values = substitutions.mapValues { $0.text(in: context) }
    return Placeholders.substitute(values, in: template.localizedText(in: context))
  }

  public var annotation: PathAnnotation { template.annotation }

  public init(from decoder: any Decoder) throws {
    decodedText = try decodeLocalizedText(from: decoder)
    template = .empty
    substitutions = [:]
  }

  public func encode(to encoder: any Encoder) throws {
    try encodeLocalized(to: encoder, fallback: decodedText ?? "")
  }
}
