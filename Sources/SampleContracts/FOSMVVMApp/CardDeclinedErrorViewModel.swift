/// The error a checkout shows when the card is declined, written the FOSMVVM way.
public struct CardDeclinedErrorViewModel: Codable, Sendable {
  public let title: AppLocalizedString
  public let message: AppLocalizedSubstitutions
  public let retryTitle: AppLocalizedString
  public let vmId: AppViewModelId

  public init(lastDigits: String, attempts: Int) {
    title = AppLocalizedString("CardDeclinedErrorViewModel.title")
    message = AppLocalizedSubstitutions(
      "CardDeclinedErrorViewModel.message", texts: ["lastDigits": lastDigits],
      numbers: ["attempts": attempts])
    retryTitle = AppLocalizedString("CardDeclinedErrorViewModel.retryTitle")
    vmId = AppViewModelId(type: Self.self)
  }

  public static func stub() -> Self { .init(lastDigits: "4242", attempts: 1_200) }
}
