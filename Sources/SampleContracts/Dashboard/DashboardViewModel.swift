import ContractKit

/// The home screen: a welcome banner over a list of activity cards.
///
/// One per screen, so its identity comes from its type; each card's from its data.
public struct DashboardViewModel: ViewModel {
  @LocalizedString public var title
  @LocalizedString public var emptyMessage
  public let banner: WelcomeBannerViewModel
  public let cards: [ActivityCardViewModel]
  /// The unread badge, added in 1.1.0.
  @Versioned(since: .v1_1) public var unreadCount: Int?
  public let vmId: ViewModelId

  public init(banner: WelcomeBannerViewModel, cards: [ActivityCardViewModel], unreadCount: Int) {
    self.banner = banner
    self.cards = cards
    vmId = .init(type: Self.self)
    self.unreadCount = unreadCount
  }

  public static func stub() -> Self {
    stub(cards: [
      .stub(id: "act-1042", title: "Quarterly report", kind: .document),
      .stub(id: "act-1043", title: "Design review", kind: .meeting),
      .stub(id: "act-1044", title: "Invoice INV-2207", kind: .invoice),
    ])
  }

  public static func stub(cards: [ActivityCardViewModel], unreadCount: Int = 4) -> Self {
    .init(banner: .stub(), cards: cards, unreadCount: unreadCount)
  }

  public static var stubVariants: [StubVariant<Self>] {
    [
      StubVariant("empty") { stub(cards: [], unreadCount: 0) },
      StubVariant("long-text") {
        stub(cards: [
          .stub(
            id: "act-2001",
            title: "Consolidated quarterly financial report for the northern and southern "
              + "regional offices, including the restated figures from the previous audit",
            kind: .document),
        ], unreadCount: 12_345)
      },
    ]
  }
}
