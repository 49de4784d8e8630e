import ContractKitRuntime

/// The fixed vocabulary of differences and problems the harness reports.
///
/// Raw values are the wire names used in every report format; do not rename them. What each
/// kind means for a release is in `FindingKind+Policy.swift`.
package enum FindingKind: String, Sendable, Hashable, Codable, CaseIterable {
  // Trees and files.
  case contractRemoved = "contract-removed"
  case contractAdded = "contract-added"
  case baselineMissing = "baseline-missing"
  case versionRemoved = "version-removed"
  case localeRemoved = "locale-removed"
  // Wire shape and values.
  case fieldRemoved = "field-removed"
  case fieldAdded = "field-added"
  case typeChanged = "type-changed"
  case becameNull = "became-null"
  case becameNonNull = "became-non-null"
  case enumCaseRemoved = "enum-case-removed"
  case enumCaseAdded = "enum-case-added"
  case valueChanged = "value-changed"
  case decodeFailed = "decode-failed"
  case encodingFailed = "encoding-failed"
  /// A released client's own code (its type at a git ref) cannot decode today's payload.
  case clientDecodeFailed = "client-decode-failed"
  // Identity.
  case identityChanged = "identity-changed"
  /// A random identity became stable: view churn ends, and no client breaks.
  case identityStabilized = "identity-stabilized"
  case identityNondeterministic = "identity-nondeterministic"
  case identityCollision = "identity-collision"
  case volatileValue = "volatile-value"
  // Localization.
  case translationMissing = "translation-missing"
  /// A text the baseline holds in its locale's own language that now falls back or is empty
  /// (issue #31; not in the specification's original table).
  case translationLost = "translation-lost"
  case translationFallback = "translation-fallback"
  case placeholderUnresolved = "placeholder-unresolved"
  case placeholderMismatch = "placeholder-mismatch"
  case textChanged = "text-changed"
  case translationStale = "translation-stale"
  case keyUnused = "key-unused"
  // Process.
  case versionBumpRequired = "version-bump-required"
  case baselinesStale = "baselines-stale"
  /// A registration's declaration (a hint, a redaction, a random identity) that no payload
  /// needs any more.
  case declarationUnused = "declaration-unused"
  /// A break since the release `report --against REF` names that no row of `Baselines.md`'s
  /// log accepts (the baselines were edited by hand, or the row removed).
  case breakUnlogged = "break-unlogged"
}
