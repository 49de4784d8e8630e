@testable import ContractKit
@testable import ContractKitRuntime

extension Finding {
  /// A finding whose scope is spelled as the JSON report spells it, for reporter tests.
  init(
    _ kind: FindingKind, severity: Severity? = nil, contract: String? = nil,
    version: String? = nil, locale: String? = nil, variant: String? = nil, path: String? = nil,
    message: String, baseline: JSONValue? = nil, current: JSONValue? = nil
  ) {
    let parsed = version.map { try! SystemVersion(parsing: $0) }
    guard let scope = FindingScope(
      contract: contract, version: parsed, locale: locale, variant: variant)
    else { preconditionFailure("no scope has these coordinates") }
    self.init(kind, severity: severity, scope: scope, path: path, message: message,
              baseline: baseline, current: current)
  }
}

extension ContractCase {
  /// `Contract 1.0.0 en default` from its parts, the version spelled as in paths.
  init(_ contract: String, _ version: String, _ locale: String, _ variant: String = "default") {
    self.init(contract: contract, version: try! SystemVersion(parsing: version), locale: locale,
              variant: variant)
  }
}
