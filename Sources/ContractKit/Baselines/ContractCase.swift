import ContractKitRuntime

/// One (contract, version, locale, variant): one baseline file, one test case, and the place
/// of every finding about one payload.
///
/// The one coordinate of the harness: the encoder's cases, a tree's files, findings and
/// report test cases all use it, and ``relativePath`` is the one spelling of a payload's path.
public struct ContractCase: Sendable, Hashable, CustomStringConvertible {
  public let contract: String
  public let version: SystemVersion
  public let locale: String
  /// The stub variant, ``BaselineLayout/defaultVariant`` for the default stub.
  public let variant: String

  public init(contract: String, version: SystemVersion, locale: String, variant: String) {
    self.contract = contract
    self.version = version
    self.locale = locale
    self.variant = variant
  }

  /// The contract and version folder this case's file lies in.
  package var folder: ContractVersion { ContractVersion(contract: contract, version: version) }

  /// The payload file's path relative to the baseline directory:
  /// `<Contract>/<version>/<locale>.json`, or `<locale>.<variant>.json` for a named variant.
  public var relativePath: String {
    folder.path + "/" + BaselineLayout.fileName(locale: locale, variant: variant)
  }

  /// `DashboardViewModel 1.0.0 pt-BR empty`: how test names and reports spell a case.
  public var description: String { "\(contract) \(version) \(locale) \(variant)" }

  /// Every case of `contracts` (each with its variants) at every version and locale, in the
  /// one order of a catalog: contract, version, variant, locale.
  static func grid(contracts: [(name: String, variants: [String])], versions: [SystemVersion],
                   locales: [String]) -> [ContractCase]
  {
    contracts.flatMap { contract in
      versions.flatMap { version in
        contract.variants.flatMap { variant in
          locales.map {
            ContractCase(contract: contract.name, version: version, locale: $0, variant: variant)
          }
        }
      }
    }
  }
}

/// One contract at one version: a version folder of the baseline tree, with its
/// `contract.json`.
package struct ContractVersion: Sendable, Hashable, CustomStringConvertible {
  package let contract: String
  package let version: SystemVersion

  package init(contract: String, version: SystemVersion) {
    self.contract = contract
    self.version = version
  }

  /// The folder's path relative to the baseline directory: `<Contract>/<version>`.
  package var path: String { contract + "/" + version.versionString }

  /// The metadata file's path relative to the baseline directory.
  package var metadataPath: String { path + "/" + BaselineLayout.metadataFileName }

  /// The case of `locale` and `variant` in this folder.
  package func file(locale: String, variant: String) -> ContractCase {
    ContractCase(contract: contract, version: version, locale: locale, variant: variant)
  }

  /// `DashboardViewModel 1.0.0`.
  package var description: String { "\(contract) \(version)" }
}
