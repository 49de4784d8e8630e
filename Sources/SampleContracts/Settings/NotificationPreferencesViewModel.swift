import ContractKit

/// Which notifications a user receives, one toggle per channel.
public struct NotificationPreferencesViewModel: ViewModel {
  /// A delivery channel, shown through localization.
  public enum Channel: ViewModelEnum {
    case email, push, sms
  }

  /// One toggle row; its identity is the channel, stable across renders.
  public struct Toggle: Codable, Sendable {
    public let channel: Channel
    public let label: LocalizableString
    public let isOn: Bool
    public let vmId: ViewModelId
  }

  @LocalizedString public var title
  @LocalizedString public var footnote
  public let toggles: [Toggle]
  public let vmId: ViewModelId

  public init(enabled: Set<Channel>) {
    toggles = Channel.allCases.map {
      Toggle(channel: $0, label: $0.displayText, isOn: enabled.contains($0),
             vmId: .init(id: $0.caseName))
    }
    vmId = .init(type: Self.self)
  }

  public static func stub() -> Self { .init(enabled: [.email, .push]) }
}
