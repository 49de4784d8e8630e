/// What a check sums over all its groups: translation coverage per locale and the keys
/// resolved. Folded in as each group finishes, so a check holds one total rather than a
/// set and a table per contract version.
struct CheckTotals {
  private var coverageByLocale: [String: LocaleCoverage] = [:]
  private(set) var resolvedKeys: Set<String> = []

  /// Takes `outcome`'s coverage and keys, leaving it without them.
  mutating func take(from outcome: inout GroupCheck.Outcome) {
    for (locale, part) in outcome.coverage {
      let total = coverageByLocale[locale]
        ?? LocaleCoverage(locale: locale, resolved: 0, fellBack: 0, missing: 0)
      coverageByLocale[locale] = LocaleCoverage(
        locale: locale, resolved: total.resolved + part.resolved,
        fellBack: total.fellBack + part.fellBack, missing: total.missing + part.missing)
    }
    resolvedKeys.formUnion(outcome.resolvedKeys)
    outcome.coverage = [:]
    outcome.resolvedKeys = []
  }

  /// Coverage of each of `locales`, in that order.
  func coverage(locales: [String]) -> [LocaleCoverage] {
    locales.map {
      coverageByLocale[$0] ?? LocaleCoverage(locale: $0, resolved: 0, fellBack: 0, missing: 0)
    }
  }
}
