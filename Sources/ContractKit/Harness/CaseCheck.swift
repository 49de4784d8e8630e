import Foundation
import ContractKitRuntime

/// Checks one case: encodes its stub, compares with its committed baseline, and reports.
///
/// The common case costs one encoding, one byte comparison and, for a `Decodable` contract,
/// one decode of today's payload: parsing the baseline, classifying differences and the
/// determinism probe only run where the bytes differ (or no baseline exists yet).
struct CaseCheck {
  let catalog: Catalog
  let contract: Contract
  let variant: Contract.Variant
  let contractCase: ContractCase
  let files: BaselineFiles
  /// The committed `contract.json` of this contract and version.
  let committedMetadata: CommittedMetadata
  /// Whether the first encoding records path metadata. The types, not the locale, decide
  /// it, so a group collects it from one locale per variant; a case that differs from its
  /// baseline is encoded again with it, to classify the differences.
  var collectsAnnotations = true
  /// Whether today's payload is decoded with today's type. ContractKit's encoder gives one
  /// version and variant the same shape in every locale, the texts aside, and its localized
  /// values decode whatever their text: a group decodes such a payload in one locale per
  /// variant (``GroupCheck``). An app's own wire is decoded in every locale where it is not
  /// the same, texts aside, as a payload decoded already (``decodedInAnotherLocale``).
  var decodesToday = true
  /// A payload of this variant, in another locale, that today's type decoded in this run
  /// (an app's wire, whose locales are each decoded): a payload equal to its baseline that
  /// differs from it in texts alone (``TextOnlyDifference``) decodes alike and is not decoded
  /// again. Any other difference (a member, a number, an array's length) and it is.
  var decodedInAnotherLocale: [UInt8]?
  /// The keys other encodings of this contract and version found, for a wire contract's
  /// texts that FOSMVVM wrote empty (``KnownKeys``).
  var knownKeys: KnownKeys = .none
  /// The base locale's committed payload of this case's variant, for whether a lost text
  /// was in this locale's own language; read only when a lookup no longer resolves here.
  var baseBaseline: () throws -> JSONValue? = { nil }

  /// What checking one case found.
  struct Outcome {
    enum BaselineState: Sendable { case missing, equal, different }
    var findings: [Finding]
    /// The canonical bytes encoded now.
    var current: [UInt8] { payload.bytes }
    var baselineState: BaselineState
    var payload: CasePayload
    /// The committed bytes, when they differ from ``current`` (a pending result's baseline).
    var differingBaseline: [UInt8]? = nil
    /// Whether today's type decoded today's payload without a failure in this check.
    var decodedToday = false
  }

  func run() throws -> Outcome {
    var payload = try catalog.encodeCase(
      variant, of: contract, for: contractCase, annotations: collectsAnnotations,
      knownKeys: knownKeys)
    let file = contractCase
    var findings = currentStateFindings(payload)
    let state: Outcome.BaselineState
    let baseline = try files.read(contractCase.relativePath)
    // The differences are classified with the paths' metadata. A missing baseline has none
    // to classify: its metadata is needed only if the probe finds a difference. A case that
    // differs is produced again with it, and that second production is the probe's: both
    // are compared, in every locale, so an unstable producer is never compared only once.
    var unstable: [Finding]?
    var annotated = payload
    if !collectsAnnotations, let baseline, !sameBytes(baseline, payload.bytes) {
      annotated = try catalog.encodeCase(variant, of: contract, for: contractCase,
                                         knownKeys: knownKeys)
      unstable = try differences(payload, annotated, annotated: annotated)
      // The first production is compared with the baseline; the second only lends it the
      // paths' metadata, which the types give the same in every production.
      if unstable?.isEmpty == true { payload = annotated }
    }
    let bytes = payload.bytes
    var decodedToday = false
    func decode(_ payload: CasePayload) -> [Finding] {
      let (found, decoded) = currentDecodeFindings(payload)
      decodedToday = decoded && found.isEmpty
      return found
    }
    if let baseline {
      if sameBytes(baseline, bytes) {
        state = .equal
        // The committed baseline is today's payload: today's type must read it on every
        // run, or this version's clients cannot read what the server sends; unless it read
        // one just like it, texts aside, in this run.
        let decodesAlike = decodedInAnotherLocale.map {
          TextOnlyDifference.holds(between: $0, and: bytes)
        } ?? false
        if !decodesAlike { findings += decode(payload) }
      } else {
        state = .different
        let old = try JSONParser.parse(baseline, file: files.displayPath(contractCase.relativePath))
        let roles = PathRoles(metadata: try metadata(merging: annotated), localizedPointers: [])
        // An identity that is random now is reported once, as random, not also as changed.
        // Rows that now share an identity are one identity-collision, not also changed rows.
        let explainedIdentities = Set(payload.randomIdentities)
          .union(FileDiff.collidingIdentities(findings, in: payload.value))
        var changes = PayloadDiff(file: file, roles: roles)
          .findings(baseline: old, current: payload.value)
          .filter {
            ![.identityChanged, .identityStabilized].contains($0.kind)
              || !explainedIdentities.contains($0.path ?? "")
          }
        // An emptied text a wire contract's hints name is lost like a looked-up one.
        let emptied = findings.filter { $0.kind == .translationMissing }.compactMap(\.path)
        let lost = try TranslationLoss.findings(
          payload.lookups, emptied: emptied, in: file, baseline: old, current: payload.value,
          isBaseLocale: file.locale == catalog.baseLocale, baseBaseline: baseBaseline,
          home: home)
        // A lost text is one finding: not also missing, fallen back or a changed text; a
        // text that went missing or fell back is not also a changed text.
        (findings, changes) = Self.superseding(findings, changes, by: lost)
        findings += lost
        findings += changes
        findings += try unstable ?? probe(first: payload, bytes: bytes)
        // A decode failure where the diff already reports a breaking change, or inside what
        // it reports (a removed child's identity), says nothing new.
        let explained = changes.filter { $0.kind.breakDirection != nil }.compactMap(\.path)
        findings += decode(payload)
        if !findings.contains(where: { $0.kind == .decodeFailed }) {
          findings += decodeFindings(old, live: payload.live, isCurrent: false)
            .filter { failure in
              let path = failure.path ?? ""
              return !explained.contains { path == $0 || path.hasPrefix($0 + "/") }
            }
        }
      }
    } else {
      state = .missing
      findings.append(.baselineMissing(file))
      findings += try probe(first: payload, bytes: bytes, isAnnotated: collectsAnnotations)
      findings += decode(payload)
    }
    return Outcome(findings: findings, baselineState: state, payload: payload,
                   differingBaseline: state == .different ? baseline : nil,
                   decodedToday: decodedToday)
  }

  /// Problems in the encoding itself: random ids, translations, placeholders, collisions.
  private func currentStateFindings(_ payload: CasePayload) -> [Finding] {
    let file = contractCase
    var findings = randomIdentityFindings(payload)
    for lookup in payload.lookups {
      switch lookup.resolution {
      case .missing:
        let elsewhere = catalog.store.location(
          ofKey: lookup.key, inFirstOf: [catalog.baseLocale] + catalog.locales)
        findings.append(.untranslated(
          key: lookup.key, at: lookup.pointer, in: file, elsewhere: elsewhere,
          home: elsewhere == nil ? home(lookup.key) : nil))
      case .resolved(.string("")):
        let source = catalog.store.location(ofKey: lookup.key, locale: file.locale)
        findings.append(
          .emptyTranslation(key: lookup.key, at: lookup.pointer, in: file, source: source))
      case .flawed(_, let issue):
        findings.append(.unshowable(key: lookup.key, issue: issue, at: lookup.pointer, in: file))
      case .fellBack(_, let fallback):
        findings.append(.fallback(key: lookup.key, from: fallback, at: lookup.pointer, in: file))
      case .resolved:
        break
      }
    }
    // Several lookups at one place (a compound text's pieces) are one problem there.
    var placed = Set<String>()
    findings = findings.filter { finding in
      guard [.translationMissing, .translationFallback].contains(finding.kind),
        let path = finding.path else { return true }
      return placed.insert(path).inserted
    }
    // ContractKit's encoder logs every lookup; for the app's own payloads the hints say which
    // texts are localized, and an empty one is a missing translation (FOSMVVM writes "").
    // The bytes say whether the lint can find anything; nearly always it cannot, and the
    // payload's value (and the roles) are then never made.
    let isWire = contract.isWire
    if payload.facts.mayHaveLintFindings(checksEmptyStrings: isWire) {
      let roles = isWire
        ? PathRoles(metadata: metadata(annotations: contract.hintedAnnotations),
                    localizedPointers: [])
        : nil
      // A text the lookups already found missing is one finding, not also an empty text.
      let looked = Set(findings.compactMap(\.path))
      findings += PayloadLint.findings(in: payload.value, file: file, roles: roles).filter {
        $0.kind != .translationMissing || !looked.contains($0.path ?? "")
      }
    }
    return findings
  }

  /// `identity-nondeterministic` for each random identity no declaration accepts, naming the
  /// property that makes it where reflection finds one.
  private func randomIdentityFindings(_ payload: CasePayload) -> [Finding] {
    guard !payload.randomIdentities.isEmpty else { return [] }
    let root = contract.reflectedValue(of: variant, live: payload.live ?? payload.value)
    return payload.randomIdentities.map { pointer in
      .randomIdentity(at: pointer, in: contractCase,
                      madeBy: root.flatMap { DeclaringProperty.name(of: pointer, in: $0) })
    }
  }

  /// The YAML file `key`'s translation belongs in, in this case's locale.
  private func home(_ key: String) -> String {
    TranslationHome.file(forKey: key, locale: contractCase.locale, store: catalog.store,
                         baseLocale: catalog.baseLocale)
  }

  /// `findings` (the encoding's own) and `changes` (against the baseline) without what the
  /// `lost` translations already say (that the text is missing or fell back), and without
  /// the change of a text any of them is about (at its place, or in a list of texts below).
  static func superseding(_ findings: [Finding], _ changes: [Finding], by lost: [Finding])
    -> (findings: [Finding], changes: [Finding])
  {
    let translation: Set<FindingKind> = [.translationMissing, .translationFallback]
    func places(_ findings: [Finding]) -> Set<String> { Set(findings.compactMap(\.path)) }
    func isIn(_ places: Set<String>, _ path: String?) -> Bool {
      guard let path else { return false }
      return places.contains(path) || places.contains { path.hasPrefix($0 + "/") }
    }
    let lostPlaces = places(lost)
    let kept = findings.filter { !translation.contains($0.kind) || !isIn(lostPlaces, $0.path) }
    let explained = lostPlaces.union(places(kept.filter { translation.contains($0.kind) }))
    return (kept, changes.filter {
      ![.textChanged, .valueChanged].contains($0.kind) || !isIn(explained, $0.path)
    })
  }

  /// Encodes a fresh stub again: any difference is identity churn or a volatile value.
  ///
  /// A random `ViewModelId()` differs too, but the encoding already reported it where it was
  /// made; it is not reported twice.
  private func probe(first: CasePayload, bytes: [UInt8], isAnnotated: Bool = true) throws
    -> [Finding]
  {
    let second = try catalog.encodeCase(
      variant, of: contract, for: contractCase, annotations: false)
    guard !sameBytes(second.bytes, bytes) else { return [] }
    // The first encoding may have skipped the paths' metadata (a missing baseline in a
    // locale other than the annotated one); the types give the same in every encoding.
    let annotated = isAnnotated ? first
      : try catalog.encodeCase(variant, of: contract, for: contractCase)
    return try differences(first, second, annotated: annotated)
  }

  /// The differences between two productions of one case, as instability; `annotated`
  /// is a production that carries the paths' metadata.
  private func differences(_ first: CasePayload, _ second: CasePayload,
                           annotated: CasePayload) throws -> [Finding]
  {
    guard !sameBytes(first.bytes, second.bytes) else { return [] }
    let roles = PathRoles(metadata: try metadata(merging: annotated), localizedPointers: [])
    let random = Set(first.randomIdentities)
    return PayloadDiff(file: contractCase, roles: roles)
      .findings(baseline: first.value, current: second.value)
      .filter { !random.contains($0.path ?? "") }
      .map { difference in
        .unstable(at: difference.path, in: contractCase,
                  isIdentity: [.identityChanged, .identityStabilized].contains(difference.kind),
                  first: difference.baseline, second: difference.current)
      }
  }

  /// Decodes today's payload with today's type: its value before redaction where values
  /// may have been redacted, else its canonical bytes as they are, so the common case parses
  /// and writes nothing again.
  /// Whether it was decoded comes along.
  private func currentDecodeFindings(_ payload: CasePayload) -> (findings: [Finding], decoded: Bool)
  {
    guard decodesToday, contract.decode != nil else { return ([], false) }
    if let live = payload.live {
      return (decodeFindings(bytes: CanonicalJSON.encode(live), payload: { live },
                             isCurrent: true), true)
    }
    return (decodeFindings(bytes: payload.bytes, payload: { payload.value }, isCurrent: true),
            true)
  }

  /// Decodes `payload` with today's type: the committed baseline (`isCurrent` false), or
  /// today's own payload (`isCurrent`), which fails whatever the guarantee. Where it holds
  /// redaction placeholders, the live values of today's encoding stand in, since the type
  /// may well not decode `"<redacted>"` as a date.
  private func decodeFindings(_ payload: JSONValue, live: JSONValue?, isCurrent: Bool)
    -> [Finding]
  {
    guard contract.decode != nil else { return [] }
    let decodable = live.map { contract.redactor.restore(payload, from: $0) } ?? payload
    return decodeFindings(bytes: CanonicalJSON.encode(decodable), payload: { decodable },
                          isCurrent: isCurrent)
  }

  /// Decodes `bytes` with today's type; `payload` gives their value, for the wire path of a
  /// failure.
  private func decodeFindings(bytes: [UInt8], payload: () -> JSONValue, isCurrent: Bool)
    -> [Finding]
  {
    guard let decode = contract.decode else { return [] }
    do {
      _ = try decode(Data(bytes))
      return []
    } catch {
      let (pointer, reason) = BaselineDecoder.describe(error, in: payload())
      return [isCurrent
        ? .undecodablePayload(at: pointer, in: contractCase, reason: reason)
        : .decodeFailed(at: pointer, in: contractCase, reason: reason,
                        guarantee: catalog.compatibility)]
    }
  }

  private func metadata(merging payload: CasePayload) throws -> ContractMetadata {
    var metadata = try committedMetadata.metadata() ?? self.metadata(annotations: [:])
    metadata.merge(payload.annotations)
    return metadata
  }

  /// This case's contract and version described by `annotations` alone.
  private func metadata(annotations: [String: [PathAnnotation]]) -> ContractMetadata {
    ContractMetadata(
      contract: contract.name, version: contractCase.version.versionString,
      baseLocale: catalog.baseLocale, locales: catalog.locales,
      variants: contract.variants.map(\.name), annotations: annotations,
      redactions: contract.redactor.declaredPatterns)
  }
}
