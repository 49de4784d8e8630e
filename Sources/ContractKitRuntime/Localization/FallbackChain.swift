/// The locales a lookup for one locale tries, in order: the locale itself, its less specific
/// parents, then the base locale and its parents, without repeats.
///
/// `zh-Hant-TW` with base `en` tries `zh-Hant-TW`, `zh-Hant`, `zh`, `en`. Computed once per
/// encoding rather than once per lookup.
struct FallbackChain: Sendable, Hashable {
  /// The locale asked for.
  let locale: String
  /// Every locale tried, `locale` first.
  let candidates: [String]

  init(locale: String, baseLocale: String) {
    self.locale = locale
    var chain: [String] = []
    for tag in [locale, baseLocale] {
      var parts = tag.split(separator: "-", omittingEmptySubsequences: false)
      while !parts.isEmpty {
        let candidate = parts.joined(separator: "-")
        if !candidate.isEmpty, !chain.contains(candidate) { chain.append(candidate) }
        parts.removeLast()
      }
    }
    candidates = chain
  }
}

extension LocalizationStore {
  /// Looks `key` up along `chain`: the one place that decides resolved, fell back, flawed or
  /// missing. The first locale that has the key decides, as in FOSMVVM, which stops at the
  /// first locale with an entry even when it cannot show it.
  func resolve(_ key: String, along chain: FallbackChain, expecting: Expectation)
    -> Resolution
  {
    for candidate in chain.candidates {
      guard let entry = entry(forKey: key, locale: candidate) else { continue }
      if let problem = entry.issue(expecting: expecting) {
        return .flawed(shown: problem.shown, problem.issue)
      }
      // An entry without a value always has an issue; the guard only unwraps.
      guard let value = entry.value else { return .missing }
      return candidate == chain.locale ? .resolved(value) : .fellBack(value, from: candidate)
    }
    return .missing
  }
}
