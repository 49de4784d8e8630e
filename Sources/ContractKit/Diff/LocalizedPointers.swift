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
    guard payloads.count > 1 else { return [] }
    var found = Set<String>()
    walk(payloads, path: "", into: &found)
    return found
  }

  private static func walk(_ values: [JSONValue], path: String, into found: inout Set<String>) {
    guard let first = values.first else { return }
    switch first {
    case .string(let text):
      // Every value a string, and not all the same.
      var differs = false
      for value in values.dropFirst() {
        guard case .string(let other) = value else { return }
        differs = differs || other != text
      }
      if differs { found.insert(path) }
    case .object(let members):
      for key in members.keys {
        let children = values.compactMap { $0[key] }
          .filter { !WireIdentity.isIdentityObject($0, key: key) }
        if children.count > 1 {
          walk(children, path: JSONPointer.appending(key, to: path), into: &found)
        }
      }
    case .array:
      // Each locale's elements under their stable tokens, in first-seen order.
      var order: [String] = []
      var children: [String: [JSONValue]] = [:]
      for value in values {
        guard case .array(let elements) = value else { continue }
        let tokens = StablePaths.identityTokens(elements) ?? elements.indices.map(String.init)
        for (token, element) in zip(tokens, elements) {
          if children[token] == nil { order.append(token) }
          children[token, default: []].append(element)
        }
      }
      for token in order {
        guard let group = children[token], group.count > 1 else { continue }
        walk(group, path: JSONPointer.appending(token, to: path), into: &found)
      }
    case .null, .bool, .number:
      return
    }
  }
}
