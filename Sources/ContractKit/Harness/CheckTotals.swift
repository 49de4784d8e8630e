import ContractKitRuntime

/// What a check sums over all its groups: translation coverage per locale and the keys
/// resolved. Folded in as each group finishes, so a check holds one total rather than a
/// set and a table per contract version.
struct CheckTotals {
  private var coverageByLocale: [String: LocaleCoverage] = [:]
  private(set) var resolvedKeys = ResolvedKeys()

  /// Takes `outcome`'s coverage and keys, leaving it without them.
  mutating func take(from outcome: inout GroupCheck.Outcome) {
    for (locale, part) in outcome.coverage {
      add(part, in: locale)
    }
    resolvedKeys.formUnion(outcome.resolvedKeys)
    outcome.coverage = [:]
    outcome.resolvedKeys = ResolvedKeys()
  }

  /// Adds `other`'s coverage and keys.
  mutating func add(_ other: CheckTotals) {
    for (locale, part) in other.coverageByLocale {
      add(part, in: locale)
    }
    resolvedKeys.formUnion(other.resolvedKeys)
  }

  private mutating func add(_ part: LocaleCoverage, in locale: String) {
    var total = coverageByLocale[locale] ?? .empty(locale)
    total.resolved += part.resolved
    total.fellBack += part.fellBack
    total.missing += part.missing
    coverageByLocale[locale] = total
  }

  /// Coverage of each of `locales`, in that order.
  func coverage(locales: [String]) -> [LocaleCoverage] {
    locales.map {
      coverageByLocale[$0] ?? .empty($0)
    }
  }
}
