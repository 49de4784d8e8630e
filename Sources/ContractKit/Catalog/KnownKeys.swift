import ContractKitRuntime

/// The translation keys other encodings of one contract and version found at each path
/// pattern: the committed `contract.json`'s, and those of this run's annotated locale.
///
/// FOSMVVM writes `""` where a locale lacks a text, and `""` names no key: a text whose key
/// only its words revealed (a `propertyName:`, an `index:` into a list) keeps the key its
/// words named elsewhere. Asked only for such a text, so the committed document is parsed
/// only when one is seen. A group's check owns one, on one thread.
final class KnownKeys {
  private let committed: CommittedMetadata?
  private var committedKeys: [String: [String]]?
  private var found: [String: [String]] = [:]

  init(committed: CommittedMetadata?) {
    self.committed = committed
  }

  /// No keys known.
  static var none: KnownKeys { KnownKeys(committed: nil) }

  /// Keeps the keys `annotations` name, as this run's encodings found them.
  func learn(_ annotations: [String: [PathAnnotation]]) {
    Self.merge(annotations, into: &found)
  }

  /// The keys found at `pattern`, this run's first.
  func keys(at pattern: String) -> [String] {
    if committedKeys == nil {
      var keys: [String: [String]] = [:]
      // A committed document that cannot be read is reported by the check itself.
      let metadata = (try? committed?.metadata()) ?? nil
      Self.merge(metadata?.annotations ?? [:], into: &keys)
      committedKeys = keys
    }
    var keys = found[pattern] ?? []
    for key in committedKeys?[pattern] ?? [] where !keys.contains(key) { keys.append(key) }
    return keys
  }

  private static func merge(_ annotations: [String: [PathAnnotation]],
                            into keys: inout [String: [String]])
  {
    for (pattern, list) in annotations {
      for case .localized(let named) in list {
        for key in named where keys[pattern]?.contains(key) != true {
          keys[pattern, default: []].append(key)
        }
      }
    }
  }
}
