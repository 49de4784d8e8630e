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
        let place = store.location(ofKey: key, locale: locale).map { " (\($0.file):\($0.line))" } ?? ""
        findings.append(Finding(
          .placeholderMismatch, locale: locale,
          message: "key '\(key)' in \(locale)\(place) has placeholders \(spell(found)) but "
            + "\(baseLocale) has \(spell(expected))"))
      }
    }
    return findings
  }

  /// Keys defined in any locale that no encoding resolved.
  static func unusedKeys(_ store: LocalizationStore, resolved: Set<String>) -> [Finding] {
    var findings: [Finding] = []
    for locale in store.locales {
      for key in store.keys(in: locale) where !resolved.contains(key) {
        findings.append(Finding(
          .keyUnused, locale: locale, message: "key '\(key)' is resolved by no contract"))
      }
    }
    return findings
  }

  private static func spell(_ names: Set<String>) -> String {
    names.isEmpty ? "none" : names.sorted().map { "%{\($0)}" }.joined(separator: ", ")
  }
}
