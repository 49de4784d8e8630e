/// Text made of several localizable pieces joined by a separator, such as a full name.
///
/// ```swift
/// LocalizableCompound([.constant("Ana"), .constant("Souza")], separator: .constant(" "))
/// // "Ana Souza"
/// LocalizableCompound([.localized(key: "OrderViewModel.prefix"), .constant("4242")])
/// // pieces may be translated: "Order 4242" in en, "Pedido 4242" in es
/// ```
/// Empty pieces are skipped, so a missing middle name never leaves a double space.
public struct LocalizableCompound: Sendable, Hashable {
  public let pieces: [LocalizableString]
  public let separator: LocalizableString
  private let decodedText: String?

  public init(_ pieces: [LocalizableString], separator: LocalizableString = .constant(" ")) {
    self.pieces = pieces
    self.separator = separator
    decodedText = nil
  }
}

extension LocalizableCompound: Localizable {
  package func localizedText(in context: LocalizationContext) -> String {
    if let decodedText { return decodedText }
    let texts = pieces.map { $0.localizedText(in: context) }.filter { !$0.isEmpty }
    return texts.joined(separator: separator.localizedText(in: context))
  }

  package var annotation: PathAnnotation {
    let keys = (pieces + [separator]).compactMap { piece -> String? in
      if case .localized(let key) = piece { return key }
      return nil
    }
    return keys.isEmpty ? .text : .localized(keys: keys)
  }

  public init(from decoder: any Decoder) throws {
    decodedText = try decodeLocalizedText(from: decoder)
    pieces = []
    separator = .empty
  }

  public func encode(to encoder: any Encoder) throws {
    try encodeLocalized(to: encoder, fallback: decodedText ?? "")
  }
}
