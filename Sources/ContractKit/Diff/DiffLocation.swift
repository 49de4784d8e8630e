/// Which payload file a diff is about; stamped on every finding it produces.
public struct DiffLocation: Sendable, Hashable {
  public var contract: String
  public var version: String
  public var locale: String
  public var variant: String

  public init(contract: String, version: String, locale: String, variant: String) {
    self.contract = contract
    self.version = version
    self.locale = locale
    self.variant = variant
  }

  /// A finding at `path` in this file.
  func finding(_ kind: FindingKind, at path: String?, _ message: String,
               baseline: JSONValue? = nil, current: JSONValue? = nil) -> Finding
  {
    Finding(kind, contract: contract, version: version, locale: locale, variant: variant,
            path: path, message: message, baseline: baseline, current: current)
  }
}
