import ContractKitRuntime
/// The base text one translation was made from, kept in `contract.json` while the
/// translation may be stale: the base locale's text changed and the translation did not.
///
/// ```json
/// "staleTranslations" : [
///   {"base" : "Sign out", "locale" : "de", "path" : "/title", "translation" : "Abmelden",
///    "variant" : "default"}
/// ]
/// ```
/// `translation-stale` is reported on every run while the base text differs from `base` and
/// the translation still reads `translation`; it goes when the translation changes, the
/// base text returns, or someone confirms the translation (`record --confirm-translations`).
struct TranslationSource: Sendable, Hashable {
  var locale: String
  var variant: String
  /// The JSON Pointer of the text in the payload.
  var path: String
  /// The base locale's text the translation was made from.
  var base: JSONValue
  /// The translation's text then.
  var translation: JSONValue

  /// The key `contract.json` keeps the sources under.
  static let key = "staleTranslations"

  /// Whether the translation is still stale given today's base text and translation.
  func isStale(base currentBase: JSONValue?, translation currentTranslation: JSONValue?) -> Bool {
    currentBase != base && currentTranslation == translation
  }

  /// The order `contract.json` lists sources in: locale, variant, path.
  static func precedes(_ lhs: TranslationSource, _ rhs: TranslationSource) -> Bool {
    for (a, b) in [(lhs.locale, rhs.locale), (lhs.variant, rhs.variant), (lhs.path, rhs.path)]
    where a != b {
      return codePointOrder(a, b)
    }
    return false
  }

  var json: JSONValue {
    .object([
      "locale": .string(locale), "variant": .string(variant), "path": .string(path),
      "base": base, "translation": translation,
    ])
  }

  /// Reads the sources of a `contract.json` document, `[]` when it keeps none.
  /// - Throws: ``InputError`` naming `file` and the pointer of a malformed entry.
  static func read<Node: JSONNode>(_ document: Node, file: String) throws(InputError)
    -> [TranslationSource]
  {
    guard let list = document[key] else { return [] }
    guard let items = list.elements else {
      throw InputError(file: file, reason: "expected an array at '/\(key)' in contract metadata")
    }
    var sources: [TranslationSource] = []
    for (index, item) in items.enumerated() {
      guard let locale = item["locale"]?.stringValue, let variant = item["variant"]?.stringValue,
        let path = item["path"]?.stringValue, let base = item["base"],
        let translation = item["translation"]
      else {
        throw InputError(
          file: file,
          reason: "expected locale, variant, path, base and translation at '/\(key)/\(index)' "
            + "in contract metadata")
      }
      sources.append(TranslationSource(locale: locale, variant: variant, path: path,
                                       base: base.value, translation: translation.value))
    }
    return sources
  }
}
