import ContractKitRuntime

/// What a wire contract's registration says about its payload's paths, since no Swift types
/// of its own tell ContractKit: localized texts, identities, enum fields with their cases,
/// volatile values to redact.
///
/// ```swift
/// hints: [
///   .localized("/rows/*/title"),
///   .identity("/rows/*/orderNumber"),
///   .enumeration("/rows/*/state", OrderState.self),   // cases from CaseIterable
///   .redacted("/meta/requestId"),
/// ]
/// ```
/// `record` writes them into `contract.json` like the metadata of built-in contracts, so
/// diffs of trees classify a wire contract as precisely. Patterns are JSON Pointers with `*`
/// for any one array index or key; redactions may also use `**` for any number of levels.
public struct WireHint: Sendable, Hashable {
  enum Fact: Sendable, Hashable {
    case annotation(pattern: String, PathAnnotation)
    /// A redaction pattern, validated when the contract is registered.
    case redaction(String)
  }

  let fact: Fact

  /// Text the app localizes per locale, optionally with the translation keys it comes from
  /// (they then count as used for `key-unused`).
  public static func localized(_ pattern: String, keys: [String] = []) -> WireHint {
    WireHint(fact: .annotation(pattern: pattern, .localized(keys: keys)))
  }

  /// An identity other than a `vmId` member: a change there is `identity-changed`.
  public static func identity(_ pattern: String) -> WireHint {
    WireHint(fact: .annotation(pattern: pattern, .identity))
  }

  /// An enum field and every case it can carry, named as Swift's `Codable` writes them.
  public static func enumeration(_ pattern: String, type: String, cases: [String]) -> WireHint {
    WireHint(fact: .annotation(pattern: pattern, .enumeration(type: type, cases: cases)))
  }

  /// An enum field of `type`, whose cases are its `allCases` spelled as Swift's synthesized
  /// `Codable` spells them (the case name).
  public static func enumeration<E: CaseIterable>(_ pattern: String, _ type: E.Type) -> WireHint {
    enumeration(pattern, type: contractTypeName(type),
                cases: type.allCases.map { String(describing: $0) })
  }

  /// A value that changes on every encoding by design (a server time stamp, a request id):
  /// baselines hold a placeholder of its type there.
  ///
  /// `pattern` is `""` or starts with `/`; registering a contract with any other pattern
  /// throws a ``CatalogError`` naming the contract and the pattern.
  public static func redacted(_ pattern: String) -> WireHint {
    WireHint(fact: .redaction(pattern))
  }

  /// The pattern the hint is about.
  var pattern: String {
    switch fact {
    case .annotation(let pattern, _): pattern
    case .redaction(let pattern): pattern
    }
  }
}
