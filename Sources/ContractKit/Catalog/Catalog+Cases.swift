extension Catalog {
  /// Every case of the catalog in a fixed order: contract, version, variant, locale.
  public var cases: [ContractCase] {
    contracts.flatMap { contract in
      versions.flatMap { version in
        contract.variants.flatMap { variant in
          locales.map {
            ContractCase(contract: contract.name, version: version, locale: $0,
                         variant: variant.name)
          }
        }
      }
    }
  }

  /// The cases of the contracts in `shard` (all of them without one).
  public func cases(in shard: Shard?) -> [ContractCase] {
    guard let shard else { return cases }
    return cases.filter { shard.includes($0.contract) }
  }

  /// Encodes one stub of `contract` for a case's locale and version.
  /// - Parameter annotations: whether to record path metadata (`contract.json`); the check's
  ///   fast path skips it.
  func encode(_ variant: Contract.Variant, for contractCase: ContractCase,
              annotations: Bool = true) throws -> EncodedPayload
  {
    var encoder = LocalizingEncoder(
      locale: contractCase.locale, baseLocale: baseLocale, store: store,
      version: contractCase.version)
    encoder.collectsAnnotations = annotations
    do {
      return try encoder.encode(variant.make())
    } catch {
      throw EncodingFailure(contractCase: contractCase, reason: EncodingFailure.reason(error))
    }
  }
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
