import Foundation

extension Catalog {
  /// Every case of the catalog in a fixed order: contract, version, variant, locale.
  public var cases: [ContractCase] {
    ContractCase.grid(
      contracts: contracts.map { ($0.name, $0.variants.map(\.name)) }, versions: versions,
      locales: locales)
  }

  /// The cases of the contracts in `shard` (all of them without one).
  public func cases(in shard: Shard?) -> [ContractCase] {
    guard let shard else { return cases }
    return cases.filter { shard.includes($0.contract) }
  }

  /// Produces one variant of `contract` for a case's locale and version: ContractKit's
  /// encoding of a stub, or the app's own bytes for a wire contract, with its redactions.
  /// - Parameter annotations: whether to record path metadata (`contract.json`); the check's
  ///   fast path skips it.
  /// - Throws: ``EncodingFailure`` naming the case when the stub or the app's encoder fails.
  func encode(_ variant: Contract.Variant, of contract: Contract, for contractCase: ContractCase,
              annotations: Bool = true) throws -> EncodedPayload
  {
    switch variant.source {
    case .stub(let make):
      var encoder = LocalizingEncoder(
        locale: contractCase.locale, baseLocale: baseLocale, store: store,
        version: contractCase.version)
      encoder.collectsAnnotations = annotations
      let payload: EncodedPayload
      do {
        payload = try encoder.encode(make())
      } catch {
        throw EncodingFailure(contractCase: contractCase, reason: EncodingFailure.reason(error))
      }
      return contract.redactor.isEmpty ? payload : payload.redacted(by: contract.redactor)
    case .wire(let produce):
      _ = WireProduction.utcPinned
      let request = WireRequest(
        contract: contract.name, variant: contractCase.variant, locale: contractCase.locale,
        baseLocale: baseLocale, version: contractCase.version)
      let bytes: [UInt8]
      do {
        bytes = try produce(request)
      } catch {
        throw EncodingFailure(contractCase: contractCase, reason: EncodingFailure.reason(error))
      }
      let value: JSONValue
      do {
        value = try JSONParser.parse(bytes, file: "the app's payload")
      } catch {
        throw EncodingFailure(contractCase: contractCase,
                              reason: "the app's encoder wrote invalid JSON: \(error)")
      }
      return EncodedPayload(
        value: contract.redactor.apply(to: value), lookups: [],
        annotations: annotations ? contract.hintedAnnotations : [:],
        randomIdentities: WireIdentity.randomPointers(in: value), live: value)
    }
  }
}

/// What every run of the app's own encoder shares.
enum WireProduction {
  /// The process's time zone, pinned to UTC before the first producer runs: FOSMVVM (and any
  /// `DateFormatter` left at its default) formats dates in the process's time zone.
  static let utcPinned: Void = {
    setenv("TZ", "UTC", 1)
    tzset()
    if let utc = TimeZone(identifier: "UTC") { NSTimeZone.default = utc }
  }()
}

/// A stub that cannot be encoded (a NaN, an error thrown by its `encode(to:)`), with the case
/// it was encoded for.
public struct EncodingFailure: Error, Sendable, Hashable, CustomStringConvertible {
  public let contractCase: ContractCase
  /// What the encoder said.
  public let reason: String

  public var description: String { "\(contractCase) cannot be encoded: \(reason)" }

  /// The sentence an encoding error carries, rather than its whole debug dump.
  static func reason(_ error: any Error) -> String {
    if case .invalidValue(_, let context)? = error as? EncodingError {
      return context.debugDescription
    }
    return "\(error)"
  }
}

extension EncodedPayload {
  /// This payload with `redactor`'s placeholders, keeping the live value for decoding.
  func redacted(by redactor: Redactor) -> EncodedPayload {
    EncodedPayload(value: redactor.apply(to: value), lookups: lookups, annotations: annotations,
                   randomIdentities: randomIdentities, live: value)
  }
}
