import ContractKitRuntime

/// What a finding is about: one baseline file, a version folder, a contract, or something
/// that belongs to no contract (the store, the tree, the run).
///
/// The scope decides where a finding is shown (which test case, which file a CI annotation
/// names) and what `record` does about it; no code guesses it from which coordinates are
/// missing. The JSON report spells a scope as four nullable fields.
package enum FindingScope: Sendable, Hashable {
  /// The baseline tree as a whole, such as `Baselines.md`.
  case catalog
  /// One entry of the baseline tree that fits no layout rule (a stray file, a link), by its
  /// path relative to the tree's root.
  case entry(String)
  /// One locale of the localization store (an unused key, a placeholder mismatch), and the
  /// translation file and line the finding is about, where known.
  case store(locale: String, source: TranslationLocation? = nil)
  /// A release as a whole (the version it declares).
  case release(SystemVersion)
  /// A contract with all its versions.
  case contract(String)
  /// One version folder of a contract.
  case version(ContractVersion)
  /// All variants of one locale in a version folder.
  case locale(ContractVersion, locale: String)
  /// One payload file.
  case file(ContractCase)
}

extension FindingScope {
  /// The contract's name, where the scope is inside a contract.
  package var contract: String? {
    switch self {
    case .catalog, .entry, .store, .release: nil
    case .contract(let name): name
    case .version(let folder), .locale(let folder, _): folder.contract
    case .file(let file): file.contract
    }
  }

  /// The system version, where one applies.
  package var version: SystemVersion? {
    switch self {
    case .catalog, .entry, .store, .contract: nil
    case .release(let version): version
    case .version(let folder), .locale(let folder, _): folder.version
    case .file(let file): file.version
    }
  }

  /// The locale, where one applies.
  package var locale: String? {
    switch self {
    case .catalog, .entry, .release, .contract, .version: nil
    case .store(let locale, _), .locale(_, let locale): locale
    case .file(let file): file.locale
    }
  }

  /// The stub variant, where one applies.
  package var variant: String? {
    if case .file(let file) = self { return file.variant }
    return nil
  }

  /// The payload file, when the scope is one.
  package var file: ContractCase? {
    if case .file(let file) = self { return file }
    return nil
  }

  /// Whether the scope belongs to no single contract: the tree, the store or the release.
  package var isCatalogWide: Bool { contract == nil }

  /// The scope that the JSON report's four fields spell (contract, version, locale,
  /// variant, each `nil` where it does not apply), or `nil` when they spell none.
  ///
  /// The report's shape cannot tell a stray tree entry from the whole tree; both read as
  /// ``catalog``.
  package init?(contract: String?, version: SystemVersion?, locale: String?, variant: String?) {
    switch (contract, version, locale, variant) {
    case (nil, nil, nil, nil): self = .catalog
    case (nil, nil, let locale?, nil): self = .store(locale: locale)
    case (nil, let version?, nil, nil): self = .release(version)
    case (let contract?, nil, nil, nil): self = .contract(contract)
    case (let contract?, let version?, nil, nil):
      self = .version(ContractVersion(contract: contract, version: version))
    case (let contract?, let version?, let locale?, nil):
      self = .locale(ContractVersion(contract: contract, version: version), locale: locale)
    case (let contract?, let version?, let locale?, let variant?):
      self = .file(ContractCase(contract: contract, version: version, locale: locale,
                                variant: variant))
    default: return nil
    }
  }

  /// The scope as the JSON report's four fields spell it: a tree entry reads as the tree,
  /// a store finding without its translation file.
  package var asReported: FindingScope {
    switch self {
    case .entry: .catalog
    case .store(let locale, _): .store(locale: locale)
    default: self
    }
  }

  /// The translation file and line of a store finding.
  package var source: TranslationLocation? {
    if case .store(_, let source) = self { return source }
    return nil
  }

  /// Contract, version, locale and variant as report order compares them: absent ones as
  /// `""`, versions as spelled.
  var orderKey: [String] {
    [contract ?? "", version?.versionString ?? "", locale ?? "", variant ?? ""]
  }

  /// Whether `lhs` comes before `rhs` in report order: contract, version, locale, variant,
  /// each in code-point order. Findings and report test cases share this one order.
  static func precedes(_ lhs: FindingScope, _ rhs: FindingScope) -> Bool {
    for (left, right) in zip(lhs.orderKey, rhs.orderKey) where left != right {
      return codePointOrder(left, right)
    }
    return false
  }
}
