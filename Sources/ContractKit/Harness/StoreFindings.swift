import ContractKitRuntime

/// Findings about the localization store as a whole, independent of any one payload.
enum StoreFindings {
  /// Translations whose `%{…}` placeholders differ from the base locale's.
  static func placeholderMismatches(_ store: LocalizationStore, baseLocale: String) -> [Finding] {
    var findings: [Finding] = []
    for key in store.keys(in: baseLocale) {
      guard case .string(let base)? = store.value(forKey: key, locale: baseLocale) else {
        continue
      }
      let expected = Set(Placeholders.names(in: base))
      for locale in store.locales where locale != baseLocale {
        guard case .string(let text)? = store.value(forKey: key, locale: locale) else { continue }
        let found = Set(Placeholders.names(in: text))
        guard found != expected else { continue }
        findings.append(.placeholderMismatch(
          key: key, locale: locale, source: store.location(ofKey: key, locale: locale),
          found: found, baseLocale: baseLocale, expected: expected))
      }
    }
    return findings
  }

  /// Keys defined in any locale that no encoding resolved.
  static func unusedKeys(_ store: LocalizationStore, resolved: ResolvedKeys) -> [Finding] {
    unresolvedKeys(store, resolved: resolved).map {
      .keyUnused($0.key, locale: $0.locale, source: $0.source)
    }
  }

  /// Keys defined in any locale that are not among `resolved`, with where they are written:
  /// a shard's candidates for `key-unused`, which only a merge of every shard decides.
  static func unresolvedKeys(_ store: LocalizationStore, resolved: ResolvedKeys)
    -> [UnresolvedKey]
  {
    store.locales.flatMap { locale in
      store.keys(in: locale).filter { !resolved.contains($0, of: store) }.map {
        UnresolvedKey(locale: locale, key: $0, source: store.location(ofKey: $0, locale: locale))
      }
    }
  }
}
