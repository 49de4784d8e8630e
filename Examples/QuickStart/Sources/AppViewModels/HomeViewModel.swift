import ContractKitRuntime
import Foundation

/// The first screen after sign-in.
public struct HomeViewModel: ViewModel {
  @LocalizedString public var title                 // key "HomeViewModel.title"
  public let greeting: LocalizableSubstitutions     // "Welcome back, %{name}!"
  public let unread: LocalizableInt                 // 1,204 / 1.204
  public let memberSince: LocalizableDate           // Jun 1, 2021 / 1 jun 2021
  @Versioned(since: "1.1.0") public var badge: Int? // on the wire from 1.1.0 only
  public let vmId: ViewModelId                      // one per screen: .init(type:)

  public init(name: String, unread: Int, memberSince: Date, badge: Int?) {
    greeting = LocalizableSubstitutions(
      template: .localized(key: "HomeViewModel.greeting"), substitutions: ["name": name])
    self.unread = LocalizableInt(value: unread)
    self.memberSince = LocalizableDate(value: memberSince)
    vmId = ViewModelId(type: Self.self)
    self.badge = badge                              // a wrapper: set after the other fields
  }

  // Fixed values only: Date(), UUID() or ViewModelId() would change on every encoding.
  public static func stub() -> Self {
    .init(name: "Ana", unread: 1204, memberSince: Date(timeIntervalSince1970: 1_622_505_600),
          badge: 3)
  }

  // Each variant has its own baselines: <locale>.new-user.json.
  public static var stubVariants: [StubVariant<Self>] {
    [StubVariant("new-user") {
      .init(name: "Ben", unread: 0, memberSince: Date(timeIntervalSince1970: 1_767_225_600),
            badge: nil)
    }]
  }
}
