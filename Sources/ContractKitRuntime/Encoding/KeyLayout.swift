/// The canonical order and spelling of the keys one `CodingKey` type writes in one object,
/// worked out once per thread rather than once per object.
///
/// A payload is mostly many objects of a few types (its rows), each writing the same keys
/// in the same order: sorting them by code point and escaping each key for every row was a
/// tenth of writing canonical JSON. A layout holds the keys in write order, the order the
/// writer visits them in, and each key spelled as `"key" : `.
final class KeyLayout {
  /// The keys in the order they are written, omitted members included.
  let keys: [String]
  /// Positions in ``keys``, in code-point order of their keys.
  let order: [Int]
  /// Each key of ``order`` spelled `"key" : `, one after the other.
  let spellings: [UInt8]
  /// Where each key of ``order`` is in ``spellings``.
  let ranges: [Range<Int>]

  /// The layout of `keys`, or `nil` when the dictionary's rules must decide the members: a
  /// key written twice, or a non-ASCII key, which `String` may find equal to another.
  init?(keys: [String]) {
    var keys = keys
    for index in keys.indices {
      guard keys[index].withUTF8({ $0.allSatisfy { $0 < 0x80 } }) else { return nil }
    }
    let order = keys.indices.sorted { codePointOrder(keys[$0], keys[$1]) }
    for position in order.indices.dropFirst()
    where keys[order[position - 1]] == keys[order[position]] {
      return nil
    }
    var spellings: [UInt8] = []
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(order.count)
    for index in order {
      let start = spellings.count
      spellings += CanonicalJSON.spelledKey(keys[index])
      ranges.append(start..<spellings.count)
    }
    self.keys = keys
    self.order = order
    self.spellings = spellings
    self.ranges = ranges
  }

  /// Whether this is the layout of exactly these writes' keys.
  func matches(_ writes: [(key: String, slot: Slot?)]) -> Bool {
    guard writes.count == keys.count else { return false }
    for index in writes.indices where writes[index].key != keys[index] { return false }
    return true
  }
}

/// A thread's key layouts by `CodingKey` type: the few shapes each type's objects take.
final class KeyLayouts {
  @exclusivity(unchecked) private var byType: [ObjectIdentifier: [KeyLayout]] = [:]

  /// Layouts kept per type: a type whose objects take more shapes than this (a dictionary's
  /// keys are its data) is laid out anew for every object.
  private static let shapesPerType = 8

  /// The calling thread's layouts.
  static var current: KeyLayouts { slot.current }

  private static let slot = ThreadSlot { KeyLayouts() }

  /// The layout of `writes`, made by an object whose keys are of the type `keyType`.
  func layout(of writes: [(key: String, slot: Slot?)], keyType: ObjectIdentifier) -> KeyLayout? {
    let known = byType[keyType] ?? []
    for layout in known where layout.matches(writes) { return layout }
    guard let layout = KeyLayout(keys: writes.map(\.key)) else { return nil }
    if known.count < Self.shapesPerType { byType[keyType, default: []].append(layout) }
    return layout
  }
}
