import Foundation
import ContractKitRuntime

/// What a wire contract's producer is asked for: the payload of one variant for one locale
/// and system version, as the app's own encoder writes it.
public struct WireRequest: Sendable, Hashable {
  /// The contract's name.
  public let contract: String
  /// The stub variant, `"default"` for the default stub.
  public let variant: String
  /// The BCP-47 locale to encode for (`"pt-BR"`).
  public let locale: String
  /// The catalog's base locale, which every other falls back to.
  public let baseLocale: String
  /// The system version whose wire to produce.
  public let version: SystemVersion

  /// The Foundation locale of ``locale``, for an encoder that formats numbers and dates.
  public var foundationLocale: Locale { Locale(identifier: locale) }

  /// The case this request produces.
  var contractCase: ContractCase {
    ContractCase(contract: contract, version: version, locale: locale, variant: variant)
  }
}
