/// Checks every case of one contract at one version, and what only the whole group shows:
/// removed enum cases and stale `contract.json`.
struct GroupCheck {
  let catalog: Catalog
  let contract: Contract
  let version: SystemVersion
  let files: BaselineFiles

  struct Outcome: Sendable {
    var findings: [Finding] = []
    var coverage: [String: LocaleCoverage] = [:]
    var resolvedKeys: Set<String> = []
    let contract: String
    let version: SystemVersion
    /// Where in ``GroupCheck/cases`` the cases lie whose baseline is missing or differs, for
    /// `record`: four bytes a case, not a ``ContractCase`` (72 and more), which a cold
    /// `record` of 20,000 files would otherwise hold for every file until it writes.
    var changedCases: [UInt32] = []
    var baselineCount = 0
    /// Whether `contract.json` differs from what the types say now. The document itself is
    /// not kept (a cold `record` of 20,000 files would hold thousands): `record` builds it
    /// again with ``GroupCheck/currentMetadata()``.
    var metadataChanged = false
  }

  var metadataPath: String {
    BaselineLayout.metadataPath(contract: contract.name, version: version.versionString)
  }

  func run() throws -> Outcome {
    let committed = try CommittedMetadata(
      contract: contract.name, version: version.versionString, in: files)
    var outcome = Outcome(contract: contract.name, version: version)
    var metadata = emptyMetadata
    for (position, (variant, contractCase)) in cases.enumerated() {
      let result = try CaseCheck(
        catalog: catalog, contract: contract, variant: variant, contractCase: contractCase,
        files: files, committedMetadata: committed,
        collectsAnnotations: contractCase.locale == annotatedLocale
      ).run()
      outcome.findings += result.findings
      metadata.merge(result.payload.annotations)
      outcome.baselineCount += 1
      if result.baselineState != .equal { outcome.changedCases.append(UInt32(position)) }
      tally(result.payload.lookups, locale: contractCase.locale, into: &outcome)
      outcome.resolvedKeys.formUnion(Self.enumKeys(in: result.payload.annotations))
    }
    let metadataBytes = CanonicalJSON.encode(metadata.json)
    // Unchanged metadata lists the same cases; only a change is worth parsing the file for.
    if !sameBytes(committed.bytes, metadataBytes) {
      outcome.metadataChanged = true
      outcome.findings += enumCaseFindings(committed: try committed.metadata(), current: metadata)
    }
    if outcome.metadataChanged, outcome.changedCases.isEmpty {
      outcome.findings.append(Finding(
        .baselinesStale, contract: contract.name, version: version.versionString,
        message: "\(files.displayPath(metadataPath)) does not match the Swift types; "
          + "run 'contracts record'"))
    }
    return outcome
  }

  /// The group's cases: each variant in every catalog locale, in that order.
  var cases: [(variant: Contract.Variant, contractCase: ContractCase)] {
    contract.variants.flatMap { variant in
      catalog.locales.map { locale in
        (variant, ContractCase(contract: contract.name, version: version, locale: locale,
                               variant: variant.name))
      }
    }
  }

  /// The locale whose encodings record path metadata: the types decide it, not the locale,
  /// so one encoding per variant is enough.
  private var annotatedLocale: String { catalog.locales.first ?? catalog.baseLocale }

  private var emptyMetadata: ContractMetadata {
    ContractMetadata(
      contract: contract.name, version: version.versionString, baseLocale: catalog.baseLocale,
      locales: catalog.locales, variants: contract.variants.map(\.name), annotations: [:])
  }

  /// The `contract.json` the types give now, from what ``run()`` collects too: one
  /// encoding per variant, in the annotated locale.
  func currentMetadata() throws -> ContractMetadata {
    var metadata = emptyMetadata
    for variant in contract.variants {
      let contractCase = ContractCase(contract: contract.name, version: version,
                                      locale: annotatedLocale, variant: variant.name)
      metadata.merge(try catalog.encode(variant, for: contractCase).annotations)
    }
    return metadata
  }

  /// Every case's display key of the enums a payload carries: a case the stub does not
  /// show is still one the server can send, so its translation is not unused.
  static func enumKeys(in annotations: [String: [PathAnnotation]]) -> Set<String> {
    var keys = Set<String>()
    for list in annotations.values {
      for case .enumeration(let type, let cases) in list {
        keys.formUnion(cases.map { "\(type).\($0)" })
      }
    }
    return keys
  }

  private func tally(_ lookups: [KeyLookup], locale: String, into outcome: inout Outcome) {
    var coverage = outcome.coverage[locale] ?? .empty(locale)
    for lookup in lookups {
      outcome.resolvedKeys.insert(lookup.key)
      switch lookup.resolution {
      case .resolved(.string("")), .missing, .flawed: coverage.missing += 1
      case .resolved: coverage.resolved += 1
      case .fellBack: coverage.fellBack += 1
      }
    }
    outcome.coverage[locale] = coverage
  }

  /// A case a committed `contract.json` lists for an enum path that the type lost.
  private func enumCaseFindings(committed: ContractMetadata?, current: ContractMetadata)
    -> [Finding]
  {
    EnumCases.removed(old: committed, new: current).map { removal in
      Finding(
        .enumCaseRemoved, contract: contract.name, version: version.versionString,
        path: removal.pattern,
        message: "\(removal.type) no longer has case '\(removal.caseName)' at '\(removal.pattern)'; "
          + "clients still sending or expecting it fail to decode")
    }
  }
}

/// Compares the enum cases two metadata documents list.
enum EnumCases {
  struct Removal: Hashable {
    let pattern: String
    let type: String
    let caseName: String
  }

  /// Cases listed in `old` at a path where `new` still has the enum but not the case.
  static func removed(old: ContractMetadata?, new: ContractMetadata?) -> [Removal] {
    guard let old, let new else { return [] }
    let newCases = new.enumCases
    var removals: [Removal] = []
    for (pattern, entry) in old.enumCases.sorted(by: { codePointOrder($0.key, $1.key) }) {
      guard let current = newCases[pattern] else { continue }
      for name in entry.cases where !current.cases.contains(name) {
        removals.append(Removal(pattern: pattern, type: entry.type, caseName: name))
      }
    }
    return removals
  }
}
