import ContractKit

/// The settings form: appearance, notifications and language.
public struct SettingsViewModel: ViewModel {
  /// The app's colour scheme; its display text is keyed `SettingsViewModel.Theme.<case>`.
  public enum Theme: ViewModelEnum {
    case system, light, dark
  }

  /// One choice of the theme picker.
  public struct ThemeOption: Codable, Sendable {
    public let theme: Theme
    public let label: LocalizableString
    public let isSelected: Bool
  }

  @LocalizedString public var title
  @LocalizedString public var themeLabel
  @LocalizedString public var notificationsLabel
  @LocalizedString public var saveAction
  public let themeOptions: [ThemeOption]
  public let notificationsEnabled: Bool
  public let languageCode: String
  public let vmId: ViewModelId

  public init(selectedTheme: Theme, notificationsEnabled: Bool, languageCode: String) {
    themeOptions = Theme.allCases.map {
      ThemeOption(theme: $0, label: $0.displayText, isSelected: $0 == selectedTheme)
    }
    self.notificationsEnabled = notificationsEnabled
    self.languageCode = languageCode
    vmId = .init(type: Self.self)
  }

  public static func stub() -> Self {
    .init(selectedTheme: .dark, notificationsEnabled: true, languageCode: "en")
  }
}
