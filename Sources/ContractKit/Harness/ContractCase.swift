/// One (contract, version, locale, variant): one baseline file, one test case.
public struct ContractCase: Sendable, Hashable, CustomStringConvertible {
  public let contract: String
  public let version: SystemVersion
  public let locale: String
  public let variant: String

  public init(contract: String, version: SystemVersion, locale: String, variant: String) {
    self.contract = contract
    self.version = version
    self.locale = locale
    self.variant = variant
  }

  /// The payload file's path relative to the baseline directory.
  public var relativePath: String {
    BaselineLayout.relativePath(contract: contract, version: version.versionString,
                                locale: locale, variant: variant)
  }

  var location: DiffLocation {
    DiffLocation(contract: contract, version: version.versionString, locale: locale,
                 variant: variant)
  }

  /// `DashboardViewModel 1.0.0 pt-BR empty`: how test names and reports spell a case.
  public var description: String { "\(contract) \(version) \(locale) \(variant)" }
}

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
  func encode(_ variant: Contract.Variant, for contractCase: ContractCase,
              annotations: Bool = true) throws -> EncodedPayload
  {
    var encoder = LocalizingEncoder(
      locale: contractCase.locale, baseLocale: baseLocale, store: store,
      version: contractCase.version)
    encoder.collectsAnnotations = annotations
    return try encoder.encode(variant.make())
  }
}
