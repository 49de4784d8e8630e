import Foundation

/// A plain Codable DTO the order export endpoint sends through a `JSONEncoder` configured
/// with `.convertToSnakeCase` and `.iso8601`: ContractKit guards the snake_case bytes the
/// clients receive, not a camelCase re-encoding.
public struct OrderExportDTO: Codable, Sendable {
  public struct LineItem: Codable, Sendable {
    public let sku: String
    public let quantity: Int
    public let unitPriceMinor: Int
  }

  public let orderNumber: String
  public let placedAt: Date
  public let totalMinor: Int
  public let currency: String
  public let lineItems: [LineItem]
  public let giftMessage: String?
  /// Made per request by the server: volatile by design, so redacted in baselines.
  public let requestId: String
  /// When the export ran: volatile by design, so redacted in baselines.
  public let exportedAt: Date

  public static func stub() -> Self {
    .init(
      orderNumber: "ORD-58213", placedAt: Date(timeIntervalSince1970: 1_773_480_600),
      totalMinor: 14_990, currency: "EUR",
      lineItems: [
        LineItem(sku: "TEA-ASSAM-250", quantity: 2, unitPriceMinor: 4_995),
        LineItem(sku: "MUG-STONE", quantity: 1, unitPriceMinor: 5_000),
      ],
      giftMessage: nil, requestId: UUID().uuidString, exportedAt: Date())
  }

  /// The encoder the export endpoint uses.
  public static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }

  /// The decoder its clients use.
  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }
}
