import ContractKitRuntime

/// What the report of a `--shard I/N` run carries beyond the fixed JSON shape, so that
/// `contracts merge` can recompute the unsharded verdict without trusting any claim.
///
/// A shard checks its own contracts, but some findings belong to the whole catalog: a key
/// is unused only when no shard resolved it, and `Baselines.md` is stale against the
/// coverage of every shard together. A shard cannot decide those; it records what the merge
/// needs (the keys it left unresolved, its coverage, the committed coverage table), and
/// which run and slice it is, so a merge refuses a set with a shard missing, a shard twice,
/// or shards of different runs. Reports of unsharded runs carry none of this.
package struct ShardRecord: Sendable, Hashable {
  /// 1-based.
  package var index: Int
  package var count: Int
  /// The run's fingerprint: equal for every shard of one run (the same catalog, store,
  /// tree inventory, `Baselines.md` and shard count), different otherwise.
  package var run: String
  /// `check` or `report`.
  package var command: String
  /// The least severity that failed this shard's own gate.
  package var failOn: Severity
  /// The baseline directory as the run named it, for file paths in merged annotations.
  package var directory: String
  /// The catalog's versions, oldest first, and locales, base first.
  package var versions: [SystemVersion]
  package var locales: [String]
  /// This shard's contracts with their variants: its cases are every contract, version,
  /// variant and locale.
  package var contracts: [ShardContract]
  /// Lookups of this shard's encodings, per locale in catalog order.
  package var coverage: [LocaleCoverage]
  /// Store keys this shard's encodings did not resolve: unused when no shard resolved them.
  package var unresolvedKeys: [UnresolvedKey]
  /// What decides whether `Baselines.md` is stale.
  package var document: DocumentState
  /// What this shard compared and its contracts' changes that bear on the required bump
  /// (``ReleaseComparison``): the merge adds them up into the unsharded run's.
  package var comparison: ReleaseComparison?
  /// For each locale, what its lost texts fall back to and its translation files: how the
  /// merge words a locale that lost most of its texts (one finding, as an unsharded run's).
  package var translations: [LocaleTranslations] = []

  package init(index: Int, count: Int, run: String, command: String, failOn: Severity,
              directory: String, versions: [SystemVersion], locales: [String],
              contracts: [ShardContract], coverage: [LocaleCoverage],
              unresolvedKeys: [UnresolvedKey], document: DocumentState,
              comparison: ReleaseComparison? = nil)
  {
    self.index = index
    self.count = count
    self.run = run
    self.command = command
    self.failOn = failOn
    self.directory = directory
    self.versions = versions
    self.locales = locales
    self.contracts = contracts
    self.coverage = coverage
    self.unresolvedKeys = unresolvedKeys
    self.document = document
    self.comparison = comparison
  }

  /// The cases this shard checked, in catalog order (contract, version, variant, locale).
  package var cases: [ContractCase] {
    ContractCase.grid(
      contracts: contracts.map { ($0.name, $0.variants) }, versions: versions, locales: locales)
  }

  /// How many cases ``cases`` holds, without spelling them; `nil` when it overflows.
  package var caseCount: Int? {
    var total = 0
    for contract in contracts {
      guard case (let perVersion, false) = contract.variants.count
          .multipliedReportingOverflow(by: locales.count),
        case (let cases, false) = perVersion.multipliedReportingOverflow(by: versions.count),
        case (let sum, false) = total.addingReportingOverflow(cases)
      else { return nil }
      total = sum
    }
    return total
  }
}

/// One contract a shard checked, with its variants (`default` first).
package struct ShardContract: Sendable, Hashable {
  package var name: String
  package var variants: [String]

  package init(name: String, variants: [String]) {
    self.name = name
    self.variants = variants
  }
}

/// A store key a shard's encodings did not resolve, and where it is written.
package struct UnresolvedKey: Sendable, Hashable {
  package var locale: String
  package var key: String
  package var source: TranslationLocation?

  package init(locale: String, key: String, source: TranslationLocation?) {
    self.locale = locale
    self.key = key
    self.source = source
  }
}

/// The committed `Baselines.md` as a shard sees it: stale unless it exists, matches the
/// tree in everything but its coverage table, and that table matches every shard's
/// coverage together.
package struct DocumentState: Sendable, Hashable {
  /// The file as messages name it.
  package var path: String
  package var exists: Bool
  /// The committed coverage rows when the rest of the document is what the tree gives;
  /// `nil` when the document is stale whatever the coverage (or missing).
  package var coverageRows: [String]?

  package init(path: String, exists: Bool, coverageRows: [String]?) {
    self.path = path
    self.exists = exists
    self.coverageRows = coverageRows
  }
}

/// What a locale's texts fall back to, and which translation files it has: what a finding
/// about a locale that lost most of its texts says (`translation-lost`).
package struct LocaleTranslations: Sendable, Hashable {
  package var locale: String
  /// The locale its lost texts now show (`en`).
  package var fallback: String
  /// `read Localization/fr.yml`, or which file is missing.
  package var files: String

  package init(locale: String, fallback: String, files: String) {
    self.locale = locale
    self.fallback = fallback
    self.files = files
  }
}
