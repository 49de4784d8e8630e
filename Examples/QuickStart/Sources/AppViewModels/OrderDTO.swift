import Foundation

/// A plain Codable DTO of the order export, which old clients still decode.
public struct OrderDTO: Codable, Sendable {
  public let id: Int
  public let totalCents: Int
  public let currency: String
  public let placedAt: Date                         // ISO 8601 in UTC on the wire

  public static let sample = OrderDTO(
    id: 1001, totalCents: 14_990, currency: "EUR",
    placedAt: Date(timeIntervalSince1970: 1_773_480_600))
}
