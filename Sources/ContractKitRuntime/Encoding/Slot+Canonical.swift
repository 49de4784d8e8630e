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

  func appendCanonicalChildren(to children: inout [CanonicalChild<Slot>]) -> CanonicalShape {
    switch self {
    case .empty:
      return .object
    case .value(let value):
      switch value {
      case .array(let elements):
        for element in elements {
          children.append(CanonicalChild(key: nil, value: .value(element)))
        }
        return .array
      case .object(let members):
        Self.appendTextMembers(members, to: &children)
        return .object
      case .null, .bool, .number, .string:
        return .leaf
      }
    case .object(let box):
      box.appendCanonicalMembers(to: &children)
      return .object
    case .array(let box):
      for element in box.elements { children.append(CanonicalChild(key: nil, value: element)) }
      return .array
    case .deferred(let encoder):
      return encoder.slot.appendCanonicalChildren(to: &children)
    }
  }

  func appendCanonicalLeaf(to output: inout CanonicalOutput) {
    switch self {
    case .value(let value): CanonicalJSON.appendScalar(value, to: &output)
    case .deferred(let encoder): encoder.slot.appendCanonicalLeaf(to: &output)
    case .empty, .object, .array: break
    }
  }

  func appendCanonicalKey(_ key: Key, to output: inout CanonicalOutput) {
    switch key {
    case .text(let text): CanonicalJSON.appendKey(text, to: &output)
    case .laidOut(let key):
      key.layout.spellings.withUnsafeBufferPointer {
        output.append(UnsafeBufferPointer(rebasing: $0[key.layout.ranges[key.position]]))
      }
    }
  }

  /// A dictionary's members, sorted, as slots.
  fileprivate static func appendTextMembers(
    _ members: [String: JSONValue], to children: inout [CanonicalChild<Slot>]
  ) {
    for (key, value) in members.sorted(by: { codePointOrder($0.key, $1.key) }) {
      children.append(CanonicalChild(key: .text(key), value: .value(value)))
    }
  }
}

extension ObjectBox {
  /// Appends the members ``frozen`` would hold, sorted by code point.
  ///
  /// Written with one `CodingKey` type, each key once and in ASCII (nearly every object):
  /// the writes themselves in their type's cached ``KeyLayout``, the omitted ones left out.
  /// A key written twice or a non-ASCII key takes the dictionary, whose rules decide which
  /// write survives.
  func appendCanonicalMembers(to children: inout [CanonicalChild<Slot>]) {
    let writes = self.writes
    guard let keyType, let layout = KeyLayouts.current.layout(of: writes, keyType: keyType)
    else {
      Slot.appendTextMembers(frozen, to: &children)
      return
    }
    for (position, index) in layout.order.enumerated() {
      guard let slot = writes[index].slot else { continue }
      let key = Slot.LaidOutKey(layout: layout, position: position)
      children.append(CanonicalChild(key: .laidOut(key), value: slot))
    }
  }
}
