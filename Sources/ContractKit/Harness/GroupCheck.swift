import ContractKitRuntime

/// Checks every case of one contract at one version, and what only the whole group shows:
/// changed enum cases, stale translations and a stale `contract.json`.
struct GroupCheck {
  let catalog: Catalog
  let contract: Contract
  let version: SystemVersion
  let files: BaselineFiles
  /// For the current version: the newest released version before it, whose baselines
  /// today's encodings are compared with for the bump the next release needs.
  var releasedBefore: SystemVersion?
  /// ``releasedBefore``'s baselines as its own group read them (``Outcome/baselines``).
  var releasedBaselines: [String: [UInt8]?] = [:]
  /// Whether the outcome keeps the baselines read (``Outcome/baselines``): for the version
  /// the current one is compared with.
  var keepsBaselines = false
  /// Where `record` stages what it will write (``StagedWrites``).
  var staging: StagedWrites?
  /// The cases whose stale translations `record --confirm-translations` confirms as still
  /// right: no longer reported, no longer kept in `contract.json`.
  var confirmsTranslations: [CaseSelector] = []
  /// Where `check` keeps the cases that differ as pending results (``PendingCollector``).
  var pending: PendingCollector?
  /// The contract's declarations no earlier version's payloads satisfied: only these are
  /// looked for (``HintCoverage``), and none once every one is.
  var declarations: [PathDeclaration]

  init(catalog: Catalog, contract: Contract, version: SystemVersion, files: BaselineFiles) {
    self.catalog = catalog
    self.contract = contract
    self.version = version
    self.files = files
    declarations = contract.declarations
  }

  struct Outcome: Sendable {
    var findings: [Finding] = []
    var coverage: [String: LocaleCoverage] = [:]
    var resolvedKeys = ResolvedKeys()
    let contract: String
    let version: SystemVersion
    /// Where in ``GroupCheck/cases`` the cases lie whose baseline is missing or differs, for
    /// `record`: four bytes a case, not a ``ContractCase`` (72 and more), which a cold
    /// `record` of 20,000 files would otherwise hold for every file until it writes.
    var changedCases: [UInt32] = []
    /// The cases checked, whether or not their baseline exists.
    var baselineCount = 0
    /// Whether `contract.json` differs from what the types say now. The document itself is
    /// not kept (a cold `record` of 20,000 files would hold thousands): `record` has it
    /// staged (``GroupCheck/staging``).
    var metadataChanged = false
    /// The kinds of change from ``GroupCheck/releasedBefore``'s baselines to today's
    /// encodings of this version.
    var releaseChanges: Set<FindingKind> = []
    /// The declarations some payload of the group satisfied, the random identities whose
    /// places it has with stable identities only, and whether any payload was looked at
    /// (none is when every case failed to encode).
    var satisfiedDeclarations: Set<PathDeclaration> = []
    var presentDeclarations: Set<PathDeclaration> = []
    var lookedForDeclarations = false
    /// The committed bytes of each case, by relative path (`nil` where there is no file),
    /// when ``GroupCheck/keepsBaselines``.
    var baselines: [String: [UInt8]?] = [:]
  }

  /// The version folder checked.
  var folder: ContractVersion { ContractVersion(contract: contract.name, version: version) }

  func run() throws -> Outcome {
    let committed = try CommittedMetadata(folder, in: files)
    var outcome = Outcome(contract: contract.name, version: version)
    var metadata = emptyMetadata
    // What `record` writes as contract.json: the annotated locale's encodings alone, one per
    // variant, in variant order.
    var recordedMetadata = emptyMetadata
    let release = releasedBefore.map {
      VersionComparison(files: files, previous: $0, read: releasedBaselines)
    }
    // One variant's locales at a time: stale translations compare them with each other.
    var variantLocales: [StaleTranslations.Locale] = []
    let keptSources = try committed.translationSources()
    var sources: [TranslationSource] = []
    let confirming = confirmsTranslations
    // A payload recorded for the first time takes its folder's contract.json along, even
    // where only missing baselines are written (`--missing`): the tree is then what a full
    // `record` of those cases leaves.
    var stagedMissing = false
    // A case that failed to encode leaves the metadata incomplete: not worth a finding, and
    // never written.
    var encodedEveryCase = true
    // The variants whose payload of today was decoded in one locale (``CaseCheck/decodesToday``).
    var decodedVariants: Set<String> = []
    // An app's wire: a payload of each variant that today's type decoded, by variant
    // (``CaseCheck/decodedInAnotherLocale``).
    var decodedWire: [String: [UInt8]] = [:]
    // The keys a wire contract's encodings found, for texts another locale shows empty.
    let knownKeys = contract.keyType == nil ? KnownKeys.none : KnownKeys(committed: committed)
    let baseLocale = catalog.baseLocale
    for (position, (variant, contractCase)) in cases.enumerated() {
      let result: CaseCheck.Outcome
      do {
        var check = CaseCheck(
          catalog: catalog, contract: contract, variant: variant, contractCase: contractCase,
          files: files, committedMetadata: committed,
          collectsAnnotations: contractCase.locale == annotatedLocale,
          decodesToday: contract.isWire || !decodedVariants.contains(variant.name))
        check.knownKeys = knownKeys
        check.decodedInAnotherLocale = decodedWire[variant.name]
        let base = folder.file(locale: baseLocale, variant: variant.name)
        let baselines = files
        check.baseBaseline = {
          try baselines.read(base.relativePath).map {
            try JSONParser.parse($0, file: baselines.displayPath(base.relativePath))
          }
        }
        result = try check.run()
        decodedVariants.insert(variant.name)
        if contract.isWire, result.decodedToday, decodedWire[variant.name] == nil {
          decodedWire[variant.name] = result.current
        }
      } catch let failure as EncodingFailure where !failure.isDeclarationMistake {
        // One case that cannot be encoded is its finding; the others are still checked. A
        // mistake in a type's declaration stops the run (exit 2), naming the type.
        outcome.findings.append(failure.finding)
        outcome.baselineCount += 1
        encodedEveryCase = false
        if contractCase.locale == catalog.locales.last {
          outcome.findings += StaleTranslations.findings(
            in: variantLocales, baseLocale: catalog.baseLocale)
          variantLocales = []
        }
        continue
      }
      outcome.findings += result.findings
      // The paths are the same in every locale: one locale per variant is enough.
      if contractCase.locale == annotatedLocale, !declarations.isEmpty {
        let survey = HintCoverage.survey(declarations, in: result.payload)
        outcome.satisfiedDeclarations.formUnion(survey.satisfied)
        outcome.presentDeclarations.formUnion(survey.present)
        outcome.lookedForDeclarations = true
      }
      metadata.merge(result.payload.annotations)
      if contractCase.locale == annotatedLocale {
        recordedMetadata.merge(result.payload.annotations)
        if contract.keyType != nil { knownKeys.learn(result.payload.annotations) }
      }
      outcome.baselineCount += 1
      if keepsBaselines {
        outcome.baselines[contractCase.relativePath] =
          result.baselineState == .equal ? result.current : result.differingBaseline
      }
      if result.baselineState != .equal {
        outcome.changedCases.append(UInt32(position))
        if let staging, staging.stagesCase(contractCase, result.baselineState == .missing) {
          try staging.stage(result.current, at: contractCase.relativePath)
          stagedMissing = stagedMissing || result.baselineState == .missing
        }
        pending?.keep(contractCase, baseline: result.differingBaseline, current: result.current)
      }
      tally(result.payload.lookups, locale: contractCase.locale, into: &outcome)
      if let release {
        let roles = PathRoles(metadata: metadata, localizedPointers: [])
        let payload = result.payload
        let changes = try release.changes(
          to: { payload.value }, bytes: result.current, of: contractCase, roles: roles)
        outcome.releaseChanges.formUnion(changes?.map(\.kind) ?? [.contractAdded])
      }
      let payload = result.payload
      variantLocales.append(.init(file: contractCase, findings: result.findings,
                                  reading: { payload.value }))
      if contractCase.locale == catalog.locales.last {
        let stale = StaleTranslations.evaluate(
          in: variantLocales, baseLocale: catalog.baseLocale, committed: keptSources,
          isConfirmed: { file in confirming.contains { $0.matches(file) } })
        outcome.findings += stale.findings
        sources += stale.sources
        variantLocales = []
      }
    }
    metadata.translationSources = sources
    recordedMetadata.translationSources = sources
    // Every case's annotations are merged into `metadata`, keys and cases unioned: its
    // declared keys are theirs, taken once rather than once per case.
    Self.insertDeclaredKeys(of: metadata.annotations, into: &outcome.resolvedKeys,
                            store: catalog.store)
    let metadataBytes = metadata.canonicalBytes
    // Unchanged metadata lists the same cases; only a change is worth parsing the file for.
    var enumChanges: [Finding] = []
    if !sameBytes(committed.bytes, metadataBytes) {
      outcome.metadataChanged = true
      enumChanges = EnumCaseDiff.changes(
        old: try committed.metadata(), new: metadata, in: folder,
        released: catalog.isReleased(version))
      outcome.findings += enumChanges
    }
    if let previous = releasedBefore {
      let old = try ContractMetadata.read(
        ContractVersion(contract: contract.name, version: previous), in: files)
      outcome.releaseChanges.formUnion(
        EnumCaseDiff.changes(old: old, new: metadata, in: folder, released: true).map(\.kind))
    }
    if outcome.metadataChanged, encodedEveryCase, let staging,
      staging.stagesMetadata(folder, committed.bytes == nil || stagedMissing)
    {
      let recorded = recordedMetadata.canonicalBytes
      if !sameBytes(committed.bytes, recorded) {
        try staging.stage(recorded, at: folder.metadataPath)
      }
    }
    // A contract.json whose change an enum finding already names is not also stale.
    if outcome.metadataChanged, encodedEveryCase, outcome.changedCases.isEmpty,
      enumChanges.isEmpty
    {
      outcome.findings.append(
        .staleMetadata(folder, display: files.displayPath(folder.metadataPath)))
    }
    return outcome
  }

  /// The group's cases: each variant in every catalog locale, in that order.
  var cases: [(variant: Contract.Variant, contractCase: ContractCase)] {
    contract.variants.flatMap { variant in
      catalog.locales.map { locale in (variant, folder.file(locale: locale, variant: variant.name)) }
    }
  }

  /// The locale whose encodings record path metadata: the types decide it, not the locale,
  /// so one encoding per variant is enough.
  private var annotatedLocale: String { catalog.locales.first ?? catalog.baseLocale }

  private var emptyMetadata: ContractMetadata {
    var metadata = ContractMetadata(
      contract: contract.name, version: version.versionString, baseLocale: catalog.baseLocale,
      locales: catalog.locales, variants: contract.variants.map(\.name), annotations: [:],
      redactions: contract.redactor.declaredPatterns)
    // The app's own decoder is recorded; ContractKit's, which most contracts use, is not.
    metadata.decoder = contract.decoderDeclaration.flatMap { $0 == .contractKit ? nil : $0 }
    return metadata
  }

  /// Adds to `keys` the keys a payload's metadata names: every case's display key of its
  /// enums (a case the stub does not show is still one the server can send, so its
  /// translation is not unused), and the keys of its localized texts (a wire contract's hints
  /// name them, since the app's encoder looks them up where ContractKit cannot see).
  static func insertDeclaredKeys(of annotations: [String: [PathAnnotation]],
                                 into keys: inout ResolvedKeys, store: LocalizationStore)
  {
    for list in annotations.values {
      for annotation in list {
        switch annotation {
        case .enumeration(let type, let cases):
          for name in cases { keys.insert("\(type).\(name)", of: store) }
        case .localized(let localizedKeys):
          for key in localizedKeys { keys.insert(key, of: store) }
        default: break
        }
      }
    }
  }

  private func tally(_ lookups: [KeyLookup], locale: String, into outcome: inout Outcome) {
    var coverage = outcome.coverage[locale] ?? .empty(locale)
    let store = catalog.store
    for lookup in lookups {
      outcome.resolvedKeys.insert(lookup.key, of: store)
      switch lookup.resolution {
      case .resolved(.string("")), .missing, .flawed: coverage.missing += 1
      case .resolved: coverage.resolved += 1
      case .fellBack: coverage.fellBack += 1
      }
    }
    outcome.coverage[locale] = coverage
  }
}
