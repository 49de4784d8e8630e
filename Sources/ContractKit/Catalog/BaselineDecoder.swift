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

  /// A one-line description of a decoding error with its coding path as a JSON Pointer into
  /// `payload`, the JSON that was decoded: a wire path (`/line_items/0/product_name`), never
  /// the Swift names a key strategy turned it into (`/lineItems/0/productName`).
  static func describe(_ error: any Error, in payload: JSONValue? = nil)
    -> (pointer: String, reason: String)
  {
    guard let error = error as? DecodingError else { return ("", "\(error)") }
    func pointer(_ path: [any CodingKey]) -> String {
      wirePointer(path.map { $0.intValue.map(PathStep.index) ?? .key($0.stringValue) },
                  in: payload)
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

  /// One step of a coding path.
  enum PathStep: Equatable {
    case key(String)
    case index(Int)
  }

  /// The pointer `steps` name in `payload`: each Swift key is the member of its object that
  /// spells the same words (`lineItems` is `line_items`), and a key the object lacks is
  /// spelled as its siblings are (snake case among snake-case members).
  static func wirePointer(_ steps: [PathStep], in payload: JSONValue?) -> String {
    var pointer = ""
    var value = payload
    for step in steps {
      switch step {
      case .index(let index):
        pointer = JSONPointer.appending(index, to: pointer)
        if case .array(let elements)? = value, elements.indices.contains(index) {
          value = elements[index]
        } else {
          value = nil
        }
      case .key(let key):
        guard case .object(let members)? = value else {
          pointer = JSONPointer.appending(key, to: pointer)
          value = nil
          continue
        }
        let name = members[key] != nil ? key
          : members.keys.sorted(by: codePointOrder).first { words($0) == words(key) }
            ?? (members.keys.contains { $0.contains("_") } ? snakeCase(key) : key)
        pointer = JSONPointer.appending(name, to: pointer)
        value = members[name]
      }
    }
    return pointer
  }

  /// A key's letters and digits, lowercased: `lineItems` and `line_items` spell the same.
  private static func words(_ key: String) -> String {
    String(key.lowercased().filter { $0 != "_" && $0 != "-" })
  }

  /// `signOutButton` as `.convertToSnakeCase` spells it: `sign_out_button`.
  static func snakeCase(_ key: String) -> String {
    var result = ""
    for character in key {
      if character.isUppercase, !result.isEmpty { result.append("_") }
      result += character.lowercased()
    }
    return result
  }
}
