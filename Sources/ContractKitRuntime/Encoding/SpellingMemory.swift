/// A value a ``SpellingMemory`` remembers a spelling for: equal values are spelled alike.
protocol SpellingKey: Equatable {
  /// Bits that differ between most unequal keys. They are mixed before use, so they need not
  /// be spread; equal keys must give equal bits.
  var spellingBits: UInt64 { get }
}

/// What one formatter spelled lately, by what it was asked: a formatter's output depends on
/// its locale and settings, which are fixed for a pooled formatter, and on the value.
///
/// ICU takes far longer to format a value than a table to find it. Two generations of at
/// most ``capacity`` entries each bound the memory: the older is dropped when the newer
/// fills. Each generation is an open-addressing table twice ``capacity`` long, found by a
/// multiplication of the key's bits rather than by `Hasher`, whose seeding and finishing
/// cost a check about as much as the lookups themselves; an equal key is still required.
struct SpellingMemory<Key: SpellingKey> {
  private var newer = Generation()
  private var older = Generation()
  /// Entries per generation: more than one payload's values in one locale.
  static var capacity: Int { 512 }

  subscript(key: Key) -> String? {
    get {
      let slot = Generation.home(of: key)
      return newer.find(key, from: slot) ?? older.find(key, from: slot)
    }
    set {
      guard let newValue else { return }
      if newer.count >= Self.capacity {
        swap(&older, &newer)
        newer.empty()
      }
      newer.insert(key, newValue, from: Generation.home(of: key))
    }
  }

  /// One generation's table: at most half full, so a search always ends at an empty slot.
  private struct Generation {
    private var slots: [(key: Key, text: String)?] = []
    private(set) var count = 0

    /// Slots in a table: a power of two, twice the capacity.
    private static var size: Int { 2 * SpellingMemory.capacity }

    /// The slot a search for `key` starts at: the top bits of a Fibonacci multiplication.
    static func home(of key: Key) -> Int {
      let shift = UInt64(64 - size.trailingZeroBitCount)
      return Int(truncatingIfNeeded: (key.spellingBits &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    func find(_ key: Key, from home: Int) -> String? {
      guard count > 0 else { return nil }
      var index = home
      while let entry = slots[index] {
        if entry.key == key { return entry.text }
        index = (index + 1) & (Self.size - 1)
      }
      return nil
    }

    mutating func insert(_ key: Key, _ text: String, from home: Int) {
      if slots.isEmpty { slots = Array(repeating: nil, count: Self.size) }
      var index = home
      while let entry = slots[index] {
        if entry.key == key {
          slots[index] = (key, text)
          return
        }
        index = (index + 1) & (Self.size - 1)
      }
      slots[index] = (key, text)
      count += 1
    }

    /// Forgets every entry, keeping the table's storage.
    mutating func empty() {
      guard count > 0 else { return }
      for index in slots.indices { slots[index] = nil }
      count = 0
    }
  }
}

/// A bit pattern (a date's time interval) is its own key.
extension UInt64: SpellingKey {
  var spellingBits: UInt64 { self }
}
