import Foundation
import ContractKitRuntime

/// Decodes a baseline with today's Swift type, the way a client in the field would.
///
/// Dates use the harness's wire spelling (ISO 8601, UTC); everything else is Foundation's
/// `JSONDecoder`, which is what FOSMVVM clients run.
enum BaselineDecoder {
  static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = WireDate.date(from: text) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "'\(text)' is not an ISO 8601 UTC date")
      }
      return date
    }
    return try decoder.decode(type, from: data)
  }

  /// A one-line description of a decoding error with its coding path as a JSON Pointer.
  static func describe(_ error: any Error) -> (pointer: String, reason: String) {
    guard let error = error as? DecodingError else { return ("", "\(error)") }
    func pointer(_ path: [any CodingKey]) -> String {
      path.reduce("") { result, key in
        key.intValue.map { JSONPointer.appending($0, to: result) }
          ?? JSONPointer.appending(key.stringValue, to: result)
      }
    }
    switch error {
    case .keyNotFound(let key, let context):
      return (pointer(context.codingPath + [key]), "required key '\(key.stringValue)' is missing")
    case .typeMismatch(let type, let context):
      return (pointer(context.codingPath), "expected \(type): \(context.debugDescription)")
    case .valueNotFound(let type, let context):
      return (pointer(context.codingPath), "expected \(type) but found null")
    case .dataCorrupted(let context):
      return (pointer(context.codingPath), context.debugDescription)
    @unknown default:
      return ("", "\(error)")
    }
  }
}
