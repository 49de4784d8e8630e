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
        let place = store.location(ofKey: key, locale: locale).map { "\($0.file):\($0.line)" }
        findings.append(.placeholderMismatch(
          key: key, locale: locale, place: place, found: found, baseLocale: baseLocale,
          expected: expected))
      }
    }
    return findings
  }

  /// Keys defined in any locale that no encoding resolved.
  static func unusedKeys(_ store: LocalizationStore, resolved: Set<String>) -> [Finding] {
    var findings: [Finding] = []
    for locale in store.locales {
      for key in store.keys(in: locale) where !resolved.contains(key) {
        findings.append(.keyUnused(key, locale: locale))
      }
    }
    return findings
  }
}
