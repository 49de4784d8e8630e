import ContractKit
import Foundation

/// The list of a user's past orders.
public struct OrderHistoryViewModel: ViewModel {
  /// One order in the list; its identity is the order number.
  public struct Row: Codable, Sendable {
    public let orderNumber: String
    public let status: OrderStatus
    public let statusText: LocalizableString
    public let placedOn: LocalizableDate
    public let total: LocalizableDouble
    public let vmId: ViewModelId

    public init(orderNumber: String, status: OrderStatus, placedOn: Date, total: Double) {
      self.orderNumber = orderNumber
      self.status = status
      statusText = status.displayText
      self.placedOn = LocalizableDate(value: placedOn, dateStyle: .short)
      self.total = LocalizableDouble(value: total, fractionDigits: 2)
      vmId = .init(id: orderNumber)
    }
  }

  @LocalizedString public var title
  @LocalizedString public var emptyMessage
  public let rows: [Row]
  public let vmId: ViewModelId

  public init(rows: [Row]) {
    self.rows = rows
    vmId = .init(type: Self.self)
  }

  public static func stub() -> Self {
    .init(rows: [
      Row(orderNumber: "ORD-58213", status: .shipped, placedOn: SampleDates.march14, total: 149.9),
      Row(orderNumber: "ORD-57990", status: .delivered, placedOn: SampleDates.june2021, total: 23.5),
      Row(orderNumber: "ORD-57121", status: .cancelled, placedOn: SampleDates.june2021, total: 1_204),
    ])
  }

  public static var stubVariants: [StubVariant<Self>] {
    [StubVariant("empty") { .init(rows: []) }]
  }
}
