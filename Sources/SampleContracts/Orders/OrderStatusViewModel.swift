import ContractKit
import Foundation

/// One order's tracking screen.
///
/// Its `estimatedDelivery` changed type in 2.0.0: 1.x clients receive pre-formatted text,
/// 2.0 clients an ISO 8601 date they format themselves. The custom `encode(to:)` keeps both
/// wire shapes, and `init(from:)` still decodes both.
public struct OrderStatusViewModel: ViewModel {
  public let orderNumber: String
  public let status: OrderStatus
  public let statusText: LocalizableString
  public let title: LocalizableSubstitutions
  public let estimatedDelivery: Date
  public let total: LocalizableDouble
  public let itemCount: Int
  /// The carrier's tracking page, added in 1.1.0.
  @Versioned(since: .v1_1) public var trackingURL: URL?
  public let vmId: ViewModelId

  public init(orderNumber: String, status: OrderStatus, estimatedDelivery: Date, total: Double,
              itemCount: Int, trackingURL: URL?)
  {
    self.orderNumber = orderNumber
    self.status = status
    statusText = status.displayText
    title = LocalizableSubstitutions(
      template: .localized(key: "OrderStatusViewModel.title"),
      substitutions: ["number": .string(.constant(orderNumber))])
    self.estimatedDelivery = estimatedDelivery
    self.total = LocalizableDouble(value: total, fractionDigits: 2)
    self.itemCount = itemCount
    vmId = .init(id: orderNumber)
    self.trackingURL = trackingURL
  }

  public static func stub() -> Self {
    .init(orderNumber: "ORD-58213", status: .shipped, estimatedDelivery: SampleDates.march18,
          total: 149.9, itemCount: 3,
          trackingURL: URL(string: "https://track.example.com/ORD-58213"))
  }

  private enum CodingKeys: String, CodingKey {
    case orderNumber, status, statusText, title, estimatedDelivery, total, itemCount
    case trackingURL, vmId
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(orderNumber, forKey: .orderNumber)
    try container.encode(status, forKey: .status)
    try container.encode(statusText, forKey: .statusText)
    try container.encode(title, forKey: .title)
    if let version = encoder.systemVersion, version < .v2_0 {
      try container.encode(
        LocalizableDate(value: estimatedDelivery, dateStyle: .medium), forKey: .estimatedDelivery)
    } else {
      try container.encode(estimatedDelivery, forKey: .estimatedDelivery)
    }
    try container.encode(total, forKey: .total)
    try container.encode(itemCount, forKey: .itemCount)
    try container.encode(_trackingURL, forKey: .trackingURL)
    try container.encode(vmId, forKey: .vmId)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    orderNumber = try container.decode(String.self, forKey: .orderNumber)
    status = try container.decode(OrderStatus.self, forKey: .status)
    statusText = try container.decode(LocalizableString.self, forKey: .statusText)
    title = try container.decode(LocalizableSubstitutions.self, forKey: .title)
    // 2.0 sends a date; 1.x sent display text, which carries no instant to recover.
    estimatedDelivery = (try? container.decode(Date.self, forKey: .estimatedDelivery))
      ?? .distantFuture
    total = try container.decode(LocalizableDouble.self, forKey: .total)
    itemCount = try container.decode(Int.self, forKey: .itemCount)
    _trackingURL = try container.decode(Versioned<URL>.self, forKey: .trackingURL)
    vmId = try container.decode(ViewModelId.self, forKey: .vmId)
  }
}
