import Foundation

/// A transient banner ("Saved") shown once and gone: its identity is random on purpose
/// (FOSMVVM's `ViewModelId()`), which the catalog declares for review rather than redacting
/// silently.
public struct FlashBannerViewModel: Codable, Sendable {
  public let message: AppLocalizedString
  public let vmId: AppViewModelId

  public init() {
    message = AppLocalizedString("FlashBannerViewModel.message")
    vmId = AppViewModelId()
  }

  /// The banner after a save.
  public static func stub() -> Self { .init() }
}
