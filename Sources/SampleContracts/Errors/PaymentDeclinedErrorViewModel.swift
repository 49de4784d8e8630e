import ContractKit

/// Shown when the payment provider declines a card: a specific error, not a generic one, so
/// the client can offer the right next step.
public struct PaymentDeclinedErrorViewModel: ViewModel {
  /// Why the provider declined, as far as it says.
  public enum Reason: ViewModelEnum {
    case insufficientFunds, expiredCard, suspectedFraud
  }

  @LocalizedString public var title
  public let message: LocalizableSubstitutions
  public let reason: Reason
  public let reasonText: LocalizableString
  @LocalizedString public var retryAction
  @LocalizedString public var changeCardAction
  public let vmId: ViewModelId

  public init(cardLast4: String, reason: Reason) {
    message = LocalizableSubstitutions(
      template: .localized(key: "PaymentDeclinedErrorViewModel.message"),
      substitutions: ["last4": cardLast4])
    self.reason = reason
    reasonText = reason.displayText
    vmId = .init(type: Self.self)
  }

  public static func stub() -> Self { .init(cardLast4: "4242", reason: .insufficientFunds) }
}
