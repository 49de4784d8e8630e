/// The `@LocalizedString` property wrapper: static text keyed `<Type>.<property>`.
///
/// ```swift
/// struct SettingsViewModel: ViewModel {
///   @LocalizedString var title        // key "SettingsViewModel.title"
///   ...
/// }
/// ```
/// No macro is needed: the owner type comes from the `LocalizedString` typealias that
/// ``LocalizedPropertyOwner`` declares, and the property name from the encoder's coding path.
@propertyWrapper
public struct LocalizedStringProperty<Owner>: Sendable, Hashable {
  /// The text; before encoding it is a key still waiting for its property name.
  public var wrappedValue: LocalizableString

  public init() {
    wrappedValue = .empty
    isPending = true
  }

  private var isPending: Bool

  /// The key this property resolves for `propertyName`.
  public static func key(forProperty propertyName: String) -> String {
    "\(contractTypeName(Owner.self)).\(propertyName)"
  }
}

extension LocalizedPropertyOwner {
  /// `@LocalizedString var title` resolves the key `<ThisType>.title`.
  public typealias LocalizedString = LocalizedStringProperty<Self>
}

extension ViewModelEnum {
  /// The display text, resolved per locale when encoded: the key `<EnumType>.<case>`.
  public var displayText: LocalizableString { .localized(key: localizationKey) }
}

// MARK: - Codable

extension LocalizedStringProperty: Codable {
  public init(from decoder: any Decoder) throws {
    wrappedValue = try LocalizableString(from: decoder)
    isPending = false
  }

  public func encode(to encoder: any Encoder) throws {
    guard isPending, let property = encoder.codingPath.last?.stringValue else {
      try wrappedValue.encode(to: encoder)
      return
    }
    try LocalizableString.localized(key: Self.key(forProperty: property)).encode(to: encoder)
  }
}
