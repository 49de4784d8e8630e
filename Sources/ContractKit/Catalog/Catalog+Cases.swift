import Foundation
import ContractKitRuntime

extension Catalog {
  /// Every case of the catalog in a fixed order: contract, version, variant, locale.
  public var cases: [ContractCase] {
    ContractCase.grid(
      contracts: contracts.map { ($0.name, $0.variants.map(\.name)) }, versions: versions,
      locales: locales)
  }

  /// The cases of the contracts in `shard` (all of them without one).
  package func cases(in shard: Shard?) -> [ContractCase] {
    guard let shard else { return cases }
    return cases.filter { shard.includes($0.contract) }
  }

  /// Produces one variant of `contract` for a case's locale and version: ContractKit's
  /// encoding of a stub, or the app's own bytes for a wire contract, with its redactions.
  /// - Parameters:
  ///   - annotations: whether to record path metadata (`contract.json`); the check's fast
  ///     path skips it.
  ///   - knownKeys: the keys other encodings of the contract and version found, for a wire
  ///     contract's texts that FOSMVVM wrote empty (``KnownKeys``).
  /// - Throws: ``EncodingFailure`` naming the case when the stub or the app's encoder fails.
  func encode(_ variant: Contract.Variant, of contract: Contract, for contractCase: ContractCase,
              annotations: Bool = true, knownKeys: KnownKeys = .none) throws -> EncodedPayload
  {
    let payload = try encodeCase(variant, of: contract, for: contractCase,
                                 annotations: annotations, knownKeys: knownKeys)
    return EncodedPayload(
      value: payload.value, lookups: payload.lookups, annotations: payload.annotations,
      randomIdentities: payload.randomIdentities, live: payload.live)
  }

  /// ``encode(_:of:for:annotations:)`` as checks use it: the canonical bytes are made first,
  /// without the JSON value where nothing needs one yet (a stub without redactions, or a wire
  /// payload without identity objects or declared redactions, whose value only FOSMVVM's key
  /// rules read), and the value only if asked.
  func encodeCase(_ variant: Contract.Variant, of contract: Contract,
                  for contractCase: ContractCase, annotations: Bool = true,
                  knownKeys: KnownKeys = .none) throws -> CasePayload
  {
    switch variant.source {
    case .stub(let make):
      var encoder = LocalizingEncoder(
        locale: contractCase.locale, baseLocale: baseLocale, store: store,
        version: contractCase.version)
      encoder.collectsAnnotations = annotations
      do {
        guard contract.redactor.isEmpty else {
          let payload = try encoder.encode(make())
          let redacted = contract.redactor.knowingRandom(payload.randomIdentities)
            .apply(to: payload.value)
          return CasePayload(
            bytes: CanonicalJSON.encode(redacted), lookups: payload.lookups,
            annotations: payload.annotations,
            randomIdentities: contract.undeclaredRandomIdentities(payload.randomIdentities),
            live: payload.value, value: redacted)
        }
        let encoding = try encoder.encodeCanonical(make())
        return CasePayload(
          bytes: encoding.bytes, lookups: encoding.lookups, annotations: encoding.annotations,
          randomIdentities: encoding.randomIdentities, live: nil, making: { encoding.value })
      } catch {
        throw EncodingFailure(contractCase: contractCase, error: error)
      }
    case .wire, .wireAsync:
      let request = WireRequest(
        contract: contract.name, variant: contractCase.variant, locale: contractCase.locale,
        baseLocale: baseLocale, version: contractCase.version)
      let bytes: [UInt8]
      if case .wire(let produce) = variant.source {
        bytes = try ProducerCall.run(
          produce, for: request, limit: producerTimeLimit, stall: contract.stall)
      } else if case .wireAsync(let produce) = variant.source {
        bytes = try ProducerCall.run(
          produce, for: request, limit: producerTimeLimit, stall: contract.stall)
      } else {
        preconditionFailure("a wire source that is neither")
      }
      return try wirePayload(bytes, of: contract, for: contractCase, annotations: annotations,
                             knownKeys: knownKeys)
    }
  }

  /// The canonical payload of an app's own `bytes` for `contractCase`: respelled from the
  /// app's tokens where nothing is redacted or respelled (no identity objects, the only
  /// values a wire contract redacts undeclared; no declared redactions; dates already in
  /// UTC), else written from its parsed, redacted value. FOSMVVM's key rules read the value.
  private func wirePayload(_ bytes: [UInt8], of contract: Contract, for contractCase: ContractCase,
                           annotations: Bool, knownKeys: KnownKeys) throws -> CasePayload
  {
    let hints = annotations ? contract.hintedAnnotations : [:]
    let zone = ZoneNeutralDates.processZone
    let respellsDates = ZoneNeutralDates.differsFromUTC(zone)
    let keys = contract.keyType.flatMap { type in
      keyIndex.keys.isEmpty ? nil : FOSMVVMKeys(
        type: type, index: keyIndex, store: store, locale: contractCase.locale,
        baseLocale: baseLocale, knownKeys: knownKeys)
    }
    if !contract.redactor.hasDeclaredPatterns, !respellsDates,
      let (canonical, tokens) = JSONParser.canonicalDocument(of: bytes),
      case let facts = CanonicalFacts(canonical: canonical, tokens: tokens),
      !facts.hasIdentityObject
    {
      // Nothing is redacted, so decoding needs no live value back. The value is the canonical
      // bytes' own (keys in order, the parser's quick case): parsed when something reads it,
      // at once for FOSMVVM's key rules. Paths are followed down the tokens.
      guard let keys else {
        return CasePayload(
          bytes: canonical, lookups: [], annotations: hints, randomIdentities: [], live: nil,
          facts: facts, tokens: tokens, making: { CasePayload.parse(ownBytes: canonical) })
      }
      let value = CasePayload.parse(ownBytes: canonical)
      let found = keys.found(in: value)
      return CasePayload(
        bytes: canonical, lookups: found.lookups,
        annotations: annotations ? Self.merging(found.annotations, into: hints) : hints,
        randomIdentities: [], live: nil, facts: facts, value: value)
    }
    var value: JSONValue
    do {
      value = try JSONParser.parse(bytes, file: "the app's payload")
    } catch {
      throw EncodingFailure(contractCase: contractCase,
                            reason: "the app's encoder wrote invalid JSON: \(error)")
    }
    if respellsDates,
      let utc = ZoneNeutralDates(zone: zone, locale: contractCase.locale).apply(to: value)
    {
      value = utc
    }
    let found = keys?.found(in: value) ?? FOSMVVMKeys.Found()
    let redacted = contract.redactor.apply(to: value)
    return CasePayload(
      bytes: CanonicalJSON.encode(redacted), lookups: found.lookups,
      annotations: annotations ? Self.merging(found.annotations, into: hints) : hints,
      randomIdentities: contract.undeclaredRandomIdentities(WireIdentity.randomPointers(in: value)),
      live: value, value: redacted)
  }

  /// A wire contract's hints with what FOSMVVM's key rules found added, each annotation once.
  private static func merging(_ found: [String: [PathAnnotation]],
                              into hints: [String: [PathAnnotation]]) -> [String: [PathAnnotation]]
  {
    var annotated = hints
    for (pattern, list) in found {
      for annotation in list where !(annotated[pattern]?.contains(annotation) ?? false) {
        annotated[pattern, default: []].append(annotation)
      }
    }
    return annotated
  }
}

/// One case's payload as `check` and `record` use it: its canonical bytes, what encoding it
/// learned, and its JSON value, made only when something reads it. Nearly every payload of
/// a check equals its baseline, and its value is then never read: neither frozen into a
/// tree of dictionaries nor parsed.
///
/// A payload belongs to the check of one group, on one thread.
final class CasePayload {
  /// The canonical bytes, with redaction placeholders.
  let bytes: [UInt8]
  /// Every translation lookup, in encoding order.
  let lookups: [KeyLookup]
  /// What the types (or a wire contract's hints) say about each path pattern.
  let annotations: [String: [PathAnnotation]]
  /// Pointers of random identities.
  let randomIdentities: [String]
  /// The value before redaction, when some value may have been redacted: what the app's own
  /// type decodes where baselines hold placeholders.
  let live: JSONValue?
  /// What ``bytes`` show without parsing them.
  let facts: CanonicalFacts
  /// The tokens of the app's bytes that ``bytes`` were written from, where they were
  /// canonicalized without a value: paths are followed down them (``HintCoverage``).
  let tokens: JSONTokens?
  private var state: State

  private enum State {
    case made(JSONValue)
    case pending(() -> JSONValue)
  }

  /// A payload whose value is known.
  convenience init(bytes: [UInt8], lookups: [KeyLookup], annotations: [String: [PathAnnotation]],
                   randomIdentities: [String], live: JSONValue?, facts: CanonicalFacts? = nil,
                   value: JSONValue)
  {
    self.init(bytes: bytes, lookups: lookups, annotations: annotations,
              randomIdentities: randomIdentities, live: live,
              facts: facts ?? CanonicalFacts(canonical: bytes), state: .made(value))
  }

  /// A payload whose value `making` makes when it is first read.
  convenience init(bytes: [UInt8], lookups: [KeyLookup], annotations: [String: [PathAnnotation]],
                   randomIdentities: [String], live: JSONValue?, facts: CanonicalFacts? = nil,
                   tokens: JSONTokens? = nil, making: @escaping () -> JSONValue)
  {
    self.init(bytes: bytes, lookups: lookups, annotations: annotations,
              randomIdentities: randomIdentities, live: live,
              facts: facts ?? CanonicalFacts(canonical: bytes), tokens: tokens,
              state: .pending(making))
  }

  private init(bytes: [UInt8], lookups: [KeyLookup], annotations: [String: [PathAnnotation]],
               randomIdentities: [String], live: JSONValue?, facts: CanonicalFacts,
               tokens: JSONTokens? = nil, state: State)
  {
    self.bytes = bytes
    self.lookups = lookups
    self.annotations = annotations
    self.randomIdentities = randomIdentities
    self.live = live
    self.facts = facts
    self.tokens = tokens
    self.state = state
  }

  /// The wire JSON, with redaction placeholders: the value ``bytes`` spell.
  var value: JSONValue {
    switch state {
    case .made(let value):
      return value
    case .pending(let make):
      let value = make()
      state = .made(value)
      return value
    }
  }

  /// The value of canonical bytes this process wrote, which the parser always reads (they
  /// were read by it, or written from a value within its depth).
  static func parse(ownBytes bytes: [UInt8]) -> JSONValue {
    do {
      return try JSONParser.parse(bytes, file: "the canonical payload")
    } catch {
      preconditionFailure("canonical bytes that do not parse: \(error)")
    }
  }
}

/// A stub that cannot be encoded (a NaN, an error thrown by its `encode(to:)`), with the case
/// it was encoded for.
package struct EncodingFailure: Error, Sendable, Hashable, CustomStringConvertible {
  package let contractCase: ContractCase
  /// What the encoder said.
  package let reason: String
  /// Whether the type's declaration is the mistake (a ``DeclarationError``): the run stops
  /// (exit 2) rather than report one case.
  package let isDeclarationMistake: Bool

  package init(contractCase: ContractCase, reason: String) {
    self.contractCase = contractCase
    self.reason = reason
    isDeclarationMistake = false
  }

  /// The failure `error` caused while encoding `contractCase`.
  init(contractCase: ContractCase, error: any Error) {
    self.contractCase = contractCase
    reason = Self.reason(error)
    isDeclarationMistake = error is DeclarationError
  }

  package var description: String { "\(contractCase) cannot be encoded: \(reason)" }

  /// This failure as its case's `encoding-failed` finding: a run reports it and goes on.
  var finding: Finding { .encodingFailed(contractCase, reason: reason) }

  /// The sentence an encoding error carries, rather than its whole debug dump.
  static func reason(_ error: any Error) -> String {
    if case .invalidValue(_, let context)? = error as? EncodingError {
      return context.debugDescription
    }
    return "\(error)"
  }
}
