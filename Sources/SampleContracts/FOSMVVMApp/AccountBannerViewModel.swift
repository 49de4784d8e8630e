import Foundation

/// The account banner at the top of the app, written the FOSMVVM way: its wire comes from
/// the app's own localizing encoder (``AppWire``), and ContractKit guards those bytes.
public struct AccountBannerViewModel: Codable, Sendable {
  /// The subscription plan; a raw-value-less enum, on the wire as Swift's synthesized
  /// `Codable` writes it: `{"pro": {}}`.
  public enum Plan: Codable, Sendable, Hashable, CaseIterable {
    case free, light, pro
  }

  public let headline: AppLocalizedString
  public let plan: Plan
  public let planDisplay: AppLocalizedString
  public let vmId: AppViewModelId

  public init(plan: Plan) {
    headline = AppLocalizedString("AccountBannerViewModel.headline")
    self.plan = plan
    planDisplay = AppLocalizedString("AccountBannerViewModel.Plan.\(plan)")
    vmId = AppViewModelId(type: Self.self)
  }

  /// The stub of `variant`: `default`, or `free` for an account without a plan.
  public static func stub(_ variant: String) -> Self {
    .init(plan: variant == "free" ? .free : .light)
  }
}
