import ContractKit
import Foundation

/// One order's tracking screen.
///
/// Two fields changed in 2.0.0: `estimatedDelivery` is pre-formatted text for 1.x clients
/// and an ISO 8601 date for 2.0 clients, and `total` changed type from formatted text to a
/// structured ``Money`` amount that 2.0 clients format with their own currency rules. The
/// custom `encode(to:)` keeps both wire shapes; `init(from:)` still decodes both.
public struct OrderStatusViewModel: ViewModel {
  public let orderNumber: String
  public let status: OrderStatus
  public let statusText: LocalizableString
  public let title: LocalizableSubstitutions
  public let estimatedDelivery: Date
  public let total: Money
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
      substitutions: ["number": orderNumber])
    self.estimatedDelivery = estimatedDelivery
    self.total = Money(amountMinor: Int((total * 100).rounded()), currency: "EUR")
    self.itemCount = itemCount
    vmId = .init(id: orderNumber)
    self.trackingURL = trackingURL
  }

  public static func stub() -> Self {
    .init(orderNumber: "ORD-58213", status: .shipped, estimatedDelivery: SampleDates.march18,
          total: 149.9, itemCount: 3,
          trackingURL: URL(string: "https://track.example.com/ORD-58213"))
  }

  /// An amount in minor units (cents) and its ISO 4217 currency.
  public struct Money: Codable, Sendable, Hashable {
    public let amountMinor: Int
    public let currency: String

    /// The amount as 1.x clients received it: text formatted per locale.
    var formatted: LocalizableDouble {
      LocalizableDouble(value: Double(amountMinor) / 100, fractionDigits: 2)
    }
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
    if let version = encoder.systemVersion, version < .v2_0 {
      try container.encode(total.formatted, forKey: .total)
    } else {
      try container.encode(total, forKey: .total)
    }
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
    // 2.0 sends a Money object; 1.x sent display text.
    total = (try? container.decode(Money.self, forKey: .total)) ?? Money(amountMinor: 0, currency: "")
    itemCount = try container.decode(Int.self, forKey: .itemCount)
    _trackingURL = try container.decode(Versioned<URL>.self, forKey: .trackingURL)
    vmId = try container.decode(ViewModelId.self, forKey: .vmId)
  }
}
