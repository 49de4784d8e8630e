import ContractKit
import Foundation

/// Shown when a signed-in session ends: when it expired and how to get back in.
public struct SessionExpiredErrorViewModel: ViewModel {
  @LocalizedString public var title
  public let message: LocalizableSubstitutions
  @LocalizedString public var signInAction
  public let expiredAt: Date
  public let vmId: ViewModelId

  public init(expiredAt: Date, idleMinutes: Int) {
    message = LocalizableSubstitutions(
      template: .localized(key: "SessionExpiredErrorViewModel.message"),
      substitutions: ["minutes": idleMinutes])
    self.expiredAt = expiredAt
    vmId = .init(type: Self.self)
  }

  public static func stub() -> Self { .init(expiredAt: SampleDates.march14, idleMinutes: 30) }
}
