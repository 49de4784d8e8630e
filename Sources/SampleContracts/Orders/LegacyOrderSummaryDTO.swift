import Foundation

/// A plain Codable DTO (not a ViewModel) that version 1 of the mobile app still decodes
/// from the order export endpoint: ContractKit guards any `Encodable`, not only ViewModels.
public struct LegacyOrderSummaryDTO: Codable, Sendable {
  public let id: Int
  public let reference: String
  public let totalCents: Int
  public let currency: String
  public let createdAt: Date
  public let tags: [String]
  public let giftMessage: String?

  public static let sample = LegacyOrderSummaryDTO(
    id: 58_213, reference: "ORD-58213", totalCents: 14_990, currency: "EUR",
    createdAt: Date(timeIntervalSince1970: 1_773_480_600), tags: ["priority", "gift"],
    giftMessage: nil)
}
