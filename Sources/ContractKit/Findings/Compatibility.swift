import ContractKitRuntime
/// Which compatibility a catalog guarantees, as schema registries name it.
///
/// ```swift
/// var catalog = try Catalog(versions: …, locales: …, localizations: …, baselines: …)
/// catalog.compatibility = .full   // rolling deploys, cached payloads
/// ```
public enum Compatibility: String, Sendable, Hashable, Codable, CaseIterable {
  /// Clients of every released version read what today's server sends them (the default).
  case backward
  /// Also: today's clients read what servers of each supported version send (rolling
  /// deploys, cached payloads).
  case full

  /// Whether a break in `direction` breaks what this guarantee promises.
  package func guards(_ direction: BreakDirection) -> Bool {
    self == .full || direction == .backward
  }
}

/// Which way a breaking change breaks, and so whom it affects.
package enum BreakDirection: String, Sendable, Hashable, Codable {
  /// Clients of a released version can no longer read what today's server sends them.
  case backward
  /// Today's type can no longer read what servers of a supported version send (a cached
  /// payload, a server not yet redeployed).
  case forward

  /// Whom a break in this direction affects, for messages: `clients of released versions`.
  package var affected: String {
    switch self {
    case .backward: "clients of released versions"
    case .forward: "today's clients reading payloads of older servers (rolling deploys, caches)"
    }
  }
}
