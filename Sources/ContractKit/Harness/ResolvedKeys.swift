import ContractKitRuntime

/// The store's keys that some encoding resolved or some `contract.json` declares: one bit per
/// key the store has a value for (``LocalizationStore/keyNumber(_:)``). A group's keys, a
/// contract's and a whole check's are unioned word by word, where a set of strings hashed
/// every key again at each of the three levels. Only the store's keys are kept, since only
/// they can be unused (``StoreFindings/unusedKeys(_:resolved:)``).
struct ResolvedKeys: Sendable {
  private var words: [UInt64] = []

  /// Adds `key`, when `store` has a value for it in some locale.
  mutating func insert(_ key: String, of store: LocalizationStore) {
    guard let number = store.keyNumber(key) else { return }
    let word = number / UInt64.bitWidth
    if word >= words.count {
      words.append(contentsOf: repeatElement(0, count: word - words.count + 1))
    }
    words[word] |= 1 << UInt64(number % UInt64.bitWidth)
  }

  /// Adds every key of `other`.
  mutating func formUnion(_ other: ResolvedKeys) {
    if words.count < other.words.count {
      words.append(contentsOf: repeatElement(0, count: other.words.count - words.count))
    }
    for index in other.words.indices { words[index] |= other.words[index] }
  }

  /// Whether `key` was added (with the same `store`).
  func contains(_ key: String, of store: LocalizationStore) -> Bool {
    guard let number = store.keyNumber(key) else { return false }
    let word = number / UInt64.bitWidth
    return word < words.count && words[word] & (1 << UInt64(number % UInt64.bitWidth)) != 0
  }
}
