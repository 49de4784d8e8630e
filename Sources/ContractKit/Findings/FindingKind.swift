/// The fixed vocabulary of differences and problems the harness reports.
///
/// Raw values are the wire names used in every report format; do not rename them.
public enum FindingKind: String, Sendable, Hashable, Codable, CaseIterable {
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
  case valueChanged = "value-changed"
  case decodeFailed = "decode-failed"
  // Identity.
  case identityChanged = "identity-changed"
  case identityNondeterministic = "identity-nondeterministic"
  case identityCollision = "identity-collision"
  case volatileValue = "volatile-value"
  // Localization.
  case translationMissing = "translation-missing"
  case translationFallback = "translation-fallback"
  case placeholderUnresolved = "placeholder-unresolved"
  case placeholderMismatch = "placeholder-mismatch"
  case textChanged = "text-changed"
  case keyUnused = "key-unused"
  // Process.
  case versionBumpRequired = "version-bump-required"
  case baselinesStale = "baselines-stale"

  /// The severity the SPEC assigns to this kind.
  public var defaultSeverity: Severity {
    switch self {
    case .contractAdded, .fieldAdded, .becameNonNull, .valueChanged, .textChanged: .info
    case .versionRemoved, .translationFallback, .keyUnused, .baselinesStale: .warning
    default: .error
    }
  }

  /// How a difference of this kind bears on the release version between two versions.
  ///
  /// Wire-breaking kinds require a major bump, additions a minor one, changed values and
  /// texts a patch. Problems that are not wire changes (an unstable stub, an unused key, a
  /// stale document, a retired version) require none.
  public var bump: VersionBump {
    switch self {
    case .contractRemoved, .localeRemoved, .fieldRemoved, .typeChanged, .becameNull,
      .enumCaseRemoved, .decodeFailed, .identityChanged:
      .major
    case .contractAdded, .baselineMissing, .fieldAdded, .becameNonNull:
      .minor
    case .valueChanged, .textChanged, .translationMissing, .translationFallback,
      .placeholderUnresolved:
      .patch
    case .versionRemoved, .identityNondeterministic, .identityCollision, .volatileValue,
      .placeholderMismatch, .keyUnused, .versionBumpRequired, .baselinesStale:
      .none
    }
  }
}
