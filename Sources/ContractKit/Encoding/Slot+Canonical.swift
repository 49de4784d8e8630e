/// The encoder's own tree written as canonical JSON directly, without freezing it into a
/// ``JSONValue`` first: no `[String: JSONValue]` is built and hashed per object, only to be
/// sorted and thrown away by the writer. A check, whose payloads nearly all equal their
/// baselines, needs the bytes alone; the value is frozen only when something asks for it.
extension Slot: CanonicalNode {
  /// A member's key: spelled by its object's ``KeyLayout``, or as text.
  enum Key {
    case text(String)
    case laidOut(LaidOutKey)
  }

  /// The key at a position of a layout's ``KeyLayout/order``.
  struct LaidOutKey {
    /// Layouts live as long as their thread's cache, longer than any tree.
    unowned(unsafe) let layout: KeyLayout
    let position: Int
  }

  var canonicalContent: CanonicalContent<Slot> {
    switch self {
    case .empty: .object([])
    case .value(let value):
      switch value {
      case .array(let elements): .array(elements.map(Slot.value))
      case .object(let members): .object(Self.textMembers(members))
      case .null, .bool, .number, .string: .leaf
      }
    case .object(let box): .object(box.canonicalMembers)
    case .array(let box): .array(box.elements)
    case .deferred(let encoder): encoder.slot.canonicalContent
    }
  }

  func appendCanonicalLeaf(to bytes: inout [UInt8]) {
    switch self {
    case .value(let value): CanonicalJSON.appendScalar(value, to: &bytes)
    case .deferred(let encoder): encoder.slot.appendCanonicalLeaf(to: &bytes)
    case .empty, .object, .array: break
    }
  }

  func appendCanonicalKey(_ key: Key, to bytes: inout [UInt8]) {
    switch key {
    case .text(let text): CanonicalJSON.appendKey(text, to: &bytes)
    case .laidOut(let key):
      bytes.append(contentsOf: key.layout.spellings[key.layout.ranges[key.position]])
    }
  }

  /// A dictionary's members, sorted, as slots.
  fileprivate static func textMembers(_ members: [String: JSONValue])
    -> [(key: Key, value: Slot)]
  {
    members.sorted { codePointOrder($0.key, $1.key) }.map { (.text($0.key), .value($0.value)) }
  }
}

extension ObjectBox {
  /// The members ``frozen`` would hold, sorted by code point.
  ///
  /// Written with one `CodingKey` type, each key once and in ASCII (nearly every object):
  /// the writes themselves in their type's cached ``KeyLayout``, the omitted ones left out.
  /// A key written twice or a non-ASCII key takes the dictionary, whose rules decide which
  /// write survives.
  var canonicalMembers: [(key: Slot.Key, value: Slot)] {
    let writes = self.writes
    guard let keyType, let layout = KeyLayouts.current.layout(of: writes, keyType: keyType)
    else {
      return Slot.textMembers(frozen)
    }
    var members: [(key: Slot.Key, value: Slot)] = []
    members.reserveCapacity(writes.count)
    for (position, index) in layout.order.enumerated() {
      guard let slot = writes[index].slot else { continue }
      members.append((.laidOut(Slot.LaidOutKey(layout: layout, position: position)), slot))
    }
    return members
  }
}
