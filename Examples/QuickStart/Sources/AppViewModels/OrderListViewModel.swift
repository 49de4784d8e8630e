import ContractKitRuntime
import Foundation

/// A customer's orders, one row each.
public struct OrderListViewModel: ViewModel {
  /// Wire: "shipped"; text: the key "OrderListViewModel.Status.shipped".
  public enum Status: ViewModelEnum { case placed, shipped, delivered }

  public struct Row: Codable, Sendable {
    public let number: String
    public let status: Status
    public let statusText: LocalizableString        // status.displayText, translated
    public let placedOn: LocalizableDate
    public let vmId: ViewModelId                    // per row, from its data: .init(id:)

    public init(number: String, status: Status, placedOn: Date) {
      self.number = number
      self.status = status
      statusText = status.displayText
      self.placedOn = LocalizableDate(value: placedOn)
      vmId = ViewModelId(id: number)
    }
  }

  @LocalizedString public var title
  public let rows: [Row]
  public let vmId: ViewModelId

  public init(rows: [Row]) {
    self.rows = rows
    vmId = ViewModelId(type: Self.self)
  }

  public static func stub() -> Self {
    .init(rows: [
      Row(number: "A-1001", status: .shipped, placedOn: Date(timeIntervalSince1970: 1_773_480_600)),
      Row(number: "A-0987", status: .delivered,
          placedOn: Date(timeIntervalSince1970: 1_770_000_000)),
    ])
  }
}
