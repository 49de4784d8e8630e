/// Where the encoder is in the payload, as a cheap linked list built only as deep as it goes.
///
/// Coding paths as `[CodingKey]` arrays are copied at every level; this shares parents and
/// spells a JSON Pointer only when something asks for one (an annotation, a finding).
final class EncodingPath: @unchecked Sendable {
  // Immutable after init; @unchecked because `CodingKey` existentials are not Sendable.
  let parent: EncodingPath?
  let key: any CodingKey

  init(parent: EncodingPath?, key: any CodingKey) {
    self.parent = parent
    self.key = key
  }

  /// The RFC 6901 pointer: `/cards/0/title`.
  var pointer: String { spell(wildcardIndices: false) }

  /// The pointer with array indices as `*`: `/cards/*/title`, the form `contract.json` uses.
  var pattern: String { spell(wildcardIndices: true) }

  /// The coding path as Codable reports it.
  var codingPath: [any CodingKey] {
    var keys: [any CodingKey] = []
    var node: EncodingPath? = self
    while let current = node {
      keys.append(current.key)
      node = current.parent
    }
    return keys.reversed()
  }

  private func spell(wildcardIndices: Bool) -> String {
    var tokens: [String] = []
    var node: EncodingPath? = self
    while let current = node {
      if let index = current.key as? IndexKey {
        tokens.append(wildcardIndices ? "*" : String(index.index))
      } else {
        tokens.append(current.key.stringValue)
      }
      node = current.parent
    }
    return tokens.reversed().reduce("") { JSONPointer.appending($1, to: $0) }
  }
}

extension Optional where Wrapped == EncodingPath {
  var pointer: String { self?.pointer ?? "" }
  var pattern: String { self?.pattern ?? "" }
}

/// The key of an array element.
struct IndexKey: CodingKey {
  let index: Int
  init(_ index: Int) { self.index = index }
  init?(intValue: Int) { index = intValue }
  init?(stringValue: String) { nil }
  var intValue: Int? { index }
  var stringValue: String { String(index) }
}

/// A key for `superEncoder()`, as Foundation spells it.
struct SuperKey: CodingKey {
  init() {}
  init?(intValue: Int) { nil }
  init?(stringValue: String) { nil }
  var intValue: Int? { nil }
  var stringValue: String { "super" }
}
