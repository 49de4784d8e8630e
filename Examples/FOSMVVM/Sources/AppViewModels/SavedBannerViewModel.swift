import FOSMVVM

/// "Saved": a transient banner whose identity is random by design.
@ViewModel
public struct SavedBannerViewModel {
  @LocalizedString public var message
  public let vmId: ViewModelId

  public init() { vmId = ViewModelId() }

  public static func stub() -> Self { .init() }
}
