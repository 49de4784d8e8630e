import ContractKit

/// The greeting at the top of the dashboard, with the user's name and inbox count filled in
/// per locale.
public struct WelcomeBannerViewModel: ViewModel {
  public let greeting: LocalizableSubstitutions
  public let inboxSummary: LocalizableSubstitutions
  /// The unread count as a number, for the 2.0 badge.
  @Versioned(since: .v2_0) public var newMessages: Int?
  public let vmId: ViewModelId

  public init(name: String, newMessages: Int) {
    greeting = LocalizableSubstitutions(
      template: .localized(key: "WelcomeBannerViewModel.greeting"),
      substitutions: ["name": name])
    inboxSummary = LocalizableSubstitutions(
      template: .localized(key: "WelcomeBannerViewModel.inboxSummary"),
      substitutions: ["count": newMessages])
    vmId = .init(type: Self.self)
    self.newMessages = newMessages
  }

  public static func stub() -> Self { .init(name: "Ana", newMessages: 3) }
}
