/// The SPEC's shape rule for localized text: a string whose value differs between the
/// locales of the same contract, version and variant.
enum LocalizedPointers {
  /// Pointers of strings that are not the same in every one of `payloads`.
  static func find(in payloads: [JSONValue]) -> Set<String> {
    guard payloads.count > 1 else { return [] }
    var found = Set<String>()
    walk(payloads, pointer: "", into: &found)
    return found
  }

  private static func walk(_ values: [JSONValue], pointer: String, into found: inout Set<String>) {
    guard let first = values.first else { return }
    switch first {
    case .string:
      let texts = values.compactMap(\.stringValue)
      if texts.count == values.count, Set(texts).count > 1 { found.insert(pointer) }
    case .object(let members):
      for key in members.keys {
        let children = values.compactMap { $0[key] }
        if children.count > 1 {
          walk(children, pointer: JSONPointer.appending(key, to: pointer), into: &found)
        }
      }
    case .array(let elements):
      for index in elements.indices {
        let children = values.compactMap { value -> JSONValue? in
          if case .array(let items) = value, index < items.count { return items[index] }
          return nil
        }
        if children.count > 1 {
          walk(children, pointer: JSONPointer.appending(index, to: pointer), into: &found)
        }
      }
    case .null, .bool, .number:
      return
    }
  }
}
