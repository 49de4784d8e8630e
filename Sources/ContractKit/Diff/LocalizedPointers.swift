import ContractKitRuntime

/// The shape rule for localized text: a string whose value differs between the
/// locales of the same contract, version and variant.
///
/// Locales are compared place by place as ``StablePaths`` name places, so rows carrying a
/// `vmId` are compared with the same row of the other locales even when a locale orders its
/// rows differently (a list sorted by translated title, say).
enum LocalizedPointers {
  /// Stable paths (see ``StablePaths``) of strings that are not the same in every one of
  /// `payloads` that has them.
  static func find(in payloads: [JSONValue]) -> Set<String> {
    var found = Set<String>()
    visit(payloads, at: { "" }, into: &found)
    return found
  }

  /// Looks at `values`, the locales' values at one place, when more than one locale has it;
  /// the place's pointer is spelled only for a string that differs, or to walk inside.
  private static func visit(_ values: [JSONValue], at path: () -> String,
                            into found: inout Set<String>)
  {
    guard values.count > 1, let first = values.first else { return }
    switch first {
    case .string(let text):
      // Every value a string, and not all the same.
      var differs = false
      for value in values.dropFirst() {
        guard case .string(let other) = value else { return }
        differs = differs || other != text
      }
      if differs { found.insert(path()) }
    case .object(let members):
      let path = path()
      for key in members.keys {
        var children: [JSONValue] = []
        children.reserveCapacity(values.count)
        for value in values {
          if let child = value[key], !WireIdentity.isIdentityObject(child, key: key) {
            children.append(child)
          }
        }
        visit(children, at: { JSONPointer.appending(key, to: path) }, into: &found)
      }
    case .array:
      walkArrays(values, path: path(), into: &found)
    case .null, .bool, .number:
      return
    }
  }

  /// Each locale's elements under their stable tokens, in first-seen order; by index alone
  /// (no token spelled) where no locale's array is matched by identity.
  private static func walkArrays(_ values: [JSONValue], path: String,
                                 into found: inout Set<String>)
  {
    var arrays: [[JSONValue]] = []
    var identityTokens: [[String]?] = []
    for value in values {
      guard case .array(let elements) = value else { continue }
      arrays.append(elements)
      identityTokens.append(StablePaths.identityTokens(elements))
    }
    if identityTokens.allSatisfy({ $0 == nil }) {
      let longest = arrays.map(\.count).max() ?? 0
      for index in 0..<longest {
        let group = arrays.compactMap { $0.indices.contains(index) ? $0[index] : nil }
        visit(group, at: { JSONPointer.appending(index, to: path) }, into: &found)
      }
      return
    }
    var order: [String] = []
    var children: [String: [JSONValue]] = [:]
    for (elements, identities) in zip(arrays, identityTokens) {
      let tokens = identities ?? elements.indices.map(String.init)
      for (token, element) in zip(tokens, elements) {
        if children[token] == nil { order.append(token) }
        children[token, default: []].append(element)
      }
    }
    for token in order {
      guard let group = children[token] else { continue }
      visit(group, at: { JSONPointer.appending(token, to: path) }, into: &found)
    }
  }
}
