import Foundation

/// A value that can fill a `%{name}` placeholder of a ``LocalizableSubstitutions`` as it is.
///
/// ```swift
/// LocalizableSubstitutions(
///   template: .localized(key: "HomeViewModel.greeting"),   // "Welcome back, %{name}!"
///   substitutions: ["name": "Ana", "unread": 1204])
/// // en: "Welcome back, Ana! 1,204 unread"   de: "Willkommen zurück, Ana! 1.204 ungelesen"
/// ```
/// `String` is constant text, `Int`, `Double` and `Date` are formatted per locale with the
/// default style of ``LocalizableInt``, ``LocalizableDouble`` and ``LocalizableDate``, and the
/// `Localizable…` values keep their own.
public protocol SubstitutionConvertible {
  /// The placeholder's value.
  var asSubstitution: LocalizableSubstitutions.Substitution { get }
}

extension LocalizableSubstitutions.Substitution: SubstitutionConvertible {
  public var asSubstitution: Self { self }
}

extension String: SubstitutionConvertible {
  /// The same text in every locale.
  public var asSubstitution: LocalizableSubstitutions.Substitution { .string(.constant(self)) }
}

extension Int: SubstitutionConvertible {
  /// Grouped digits per locale: `1,204` / `1.204`.
  public var asSubstitution: LocalizableSubstitutions.Substitution {
    .int(LocalizableInt(value: self))
  }
}

extension Double: SubstitutionConvertible {
  /// One fraction digit per locale: `4.5` / `4,5`.
  public var asSubstitution: LocalizableSubstitutions.Substitution {
    .double(LocalizableDouble(value: self))
  }
}

extension Date: SubstitutionConvertible {
  /// A medium date per locale, in UTC: `Jun 1, 2021` / `1. Juni 2021`.
  public var asSubstitution: LocalizableSubstitutions.Substitution {
    .date(LocalizableDate(value: self))
  }
}

extension LocalizableString: SubstitutionConvertible {
  /// Translated when it is `.localized(key:)`.
  public var asSubstitution: LocalizableSubstitutions.Substitution { .string(self) }
}

extension LocalizableInt: SubstitutionConvertible {
  public var asSubstitution: LocalizableSubstitutions.Substitution { .int(self) }
}

extension LocalizableDouble: SubstitutionConvertible {
  public var asSubstitution: LocalizableSubstitutions.Substitution { .double(self) }
}

extension LocalizableDate: SubstitutionConvertible {
  public var asSubstitution: LocalizableSubstitutions.Substitution { .date(self) }
}
