import Foundation

/// Checks one case: encodes its stub, compares with its committed baseline, and reports.
///
/// The common case costs one encoding and one byte comparison: parsing the baseline,
/// classifying differences, the determinism probe and the decode check only run where the
/// bytes differ (or no baseline exists yet).
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

  /// What checking one case found.
  struct Outcome: Sendable {
    enum BaselineState: Sendable { case missing, equal, different }
    var findings: [Finding]
    /// The canonical bytes encoded now.
    var current: [UInt8]
    var baselineState: BaselineState
    var payload: EncodedPayload
  }

  func run() throws -> Outcome {
    var payload = try catalog.encode(variant, for: contractCase, annotations: collectsAnnotations)
    var bytes = CanonicalJSON.encode(payload.value)
    let location = contractCase.location
    var findings = currentStateFindings(payload, location: location)
    let state: Outcome.BaselineState
    let baseline = try files.read(contractCase.relativePath)
    if !collectsAnnotations, !sameBytes(baseline, bytes) {
      payload = try catalog.encode(variant, for: contractCase)
      bytes = CanonicalJSON.encode(payload.value)
    }
    if let baseline {
      if sameBytes(baseline, bytes) {
        state = .equal
      } else {
        state = .different
        let old = try JSONParser.parse(baseline, file: files.displayPath(contractCase.relativePath))
        let roles = PathRoles(metadata: try metadata(merging: payload), localizedPointers: [])
        let changes = PayloadDiff(location: location, roles: roles)
          .findings(baseline: old, current: payload.value)
        findings += changes
        findings += try probe(first: payload, bytes: bytes, location: location)
        // A decode failure where the diff already reports a breaking change says nothing new.
        let explained = Set(changes.filter { $0.severity == .error }.compactMap(\.path))
        findings += decodeFindings(baseline, location: location)
          .filter { !explained.contains($0.path ?? "") }
      }
    } else {
      state = .missing
      findings.append(location.finding(
        .baselineMissing, at: nil,
        "no committed baseline yet; run 'contracts record' or set CONTRACTKIT_RECORD=missing"))
      findings += try probe(first: payload, bytes: bytes, location: location)
    }
    return Outcome(findings: Self.unique(findings), current: bytes, baselineState: state,
                   payload: payload)
  }

  /// Problems in the encoding itself: random ids, translations, placeholders, collisions.
  private func currentStateFindings(_ payload: EncodedPayload, location: DiffLocation)
    -> [Finding]
  {
    var findings: [Finding] = payload.randomIdentities.map { pointer in
      location.finding(
        .identityNondeterministic, at: pointer,
        "'\(pointer)' is a random ViewModelId(); use ViewModelId(type:) or ViewModelId(id:)")
    }
    for lookup in payload.lookups {
      switch lookup.resolution {
      case .missing:
        findings.append(location.finding(
          .translationMissing, at: lookup.pointer,
          "key '\(lookup.key)' has no translation here or in any fallback locale"))
      case .resolved(.string("")):
        findings.append(location.finding(
          .translationMissing, at: lookup.pointer,
          "key '\(lookup.key)' has an empty translation"))
      case .flawed(_, let issue):
        findings.append(location.finding(
          .translationMissing, at: lookup.pointer, "key '\(lookup.key)': \(issue.message)"))
      case .fellBack(_, let fallback):
        findings.append(location.finding(
          .translationFallback, at: lookup.pointer,
          "key '\(lookup.key)' has no translation here; shown in \(fallback) instead"))
      case .resolved:
        break
      }
    }
    findings += PayloadLint.findings(in: payload.value, location: location, roles: nil)
    return findings
  }

  /// Encodes a fresh stub again: any difference is identity churn or a volatile value.
  private func probe(first: EncodedPayload, bytes: [UInt8], location: DiffLocation) throws
    -> [Finding]
  {
    let second = try catalog.encode(variant, for: contractCase, annotations: false)
    guard !sameBytes(CanonicalJSON.encode(second.value), bytes) else { return [] }
    let roles = PathRoles(metadata: try metadata(merging: first), localizedPointers: [])
    return PayloadDiff(location: location, roles: roles)
      .findings(baseline: first.value, current: second.value)
      .map { difference in
        let identity = difference.kind == .identityChanged
        return location.finding(
          identity ? .identityNondeterministic : .volatileValue, at: difference.path,
          identity
            ? "two encodings of one stub give different vmIds at '\(difference.path ?? "")'"
            : "two encodings of one stub differ at '\(difference.path ?? "")' "
              + "(Date(), UUID() or randomness in the stub?)",
          baseline: difference.baseline, current: difference.current)
      }
  }

  private func decodeFindings(_ baseline: [UInt8], location: DiffLocation) -> [Finding] {
    guard let decode = contract.decode else { return [] }
    do {
      try decode(Data(baseline))
      return []
    } catch {
      let (pointer, reason) = BaselineDecoder.describe(error)
      return [location.finding(
        .decodeFailed, at: pointer,
        "today's type cannot decode \(files.displayPath(contractCase.relativePath)): \(reason)")]
    }
  }

  private func metadata(merging payload: EncodedPayload) throws -> ContractMetadata {
    var metadata = try committedMetadata.metadata() ?? ContractMetadata(
      contract: contract.name, version: contractCase.version.versionString,
      baseLocale: catalog.baseLocale, locales: catalog.locales,
      variants: contract.variants.map(\.name), annotations: [:])
    metadata.merge(payload.annotations)
    return metadata
  }

  /// Drops repeats of the same kind at the same path (a random id is seen by the encoder
  /// and by the probe).
  static func unique(_ findings: [Finding]) -> [Finding] {
    var seen = Set<[String]>()
    return findings.filter { finding in
      let message = finding.kind == .identityNondeterministic ? "" : finding.message
      return seen.insert([finding.kind.rawValue, finding.path ?? "", message]).inserted
    }
  }
}
