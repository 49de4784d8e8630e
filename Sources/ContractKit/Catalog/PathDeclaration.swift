import ContractKitRuntime

/// A path a contract's registration names: a hint, a redaction, or an identity random by
/// design. Each must still describe some payload: a declaration that matches no path (a
/// child removed, a misspelt `/titel`), or a random identity that is stable everywhere now,
/// is `declaration-unused`, a warning naming it and its registration, while the rest of the
/// run goes on (``HintCoverage``).
struct PathDeclaration: Sendable, Hashable {
  enum Kind: Sendable, Hashable {
    /// `hints:` (``WireHint``): what a path means.
    case hint
    /// `redacting:` or `.redacted(…)`: a volatile value.
    case redaction
    /// `randomIdentities:`: an identity random by design.
    case randomIdentity
  }

  let kind: Kind
  let pattern: Redaction

  /// Whether a place this declaration matches is still what it declares: any place for a
  /// hint or a redaction; for a random identity, an identity object without `id`, or a
  /// string redacted as random (always, from an app's own encoder, whose random and stable
  /// strings look alike; only where it was random, from ContractKit's). Only a random
  /// identity's place is made into a value to be looked at.
  func isSatisfied(by value: () -> JSONValue) -> Bool {
    guard kind == .randomIdentity else { return true }
    let value = value()
    switch value {
    case .object: return WireIdentity(value) == .random
    case .string(let text): return text == Redaction.placeholderText
    default: return false
    }
  }

  /// The declaration as its registration writes it: `randomIdentities: ["/banner/vmId"]`.
  var spelled: String {
    switch kind {
    case .hint: "the hint at '\(pattern.declared)'"
    case .redaction: "the redaction of '\(pattern.declared)'"
    case .randomIdentity: "randomIdentities: [\"\(pattern.declared)\"]"
    }
  }
}
