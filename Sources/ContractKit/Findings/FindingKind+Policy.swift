/// What each kind of finding means for a release: how severe it is by default, whether it
/// breaks clients, which version bump it requires, what `record` does about it, and what
/// fixes it. Every decision about kinds reads these; none reads a message.
extension FindingKind {
  /// The severity a finding of this kind has unless a report says otherwise.
  public var defaultSeverity: Severity {
    switch self {
    case .contractAdded, .fieldAdded, .becameNonNull, .valueChanged, .textChanged: .info
    case .versionRemoved, .translationFallback, .translationStale, .keyUnused, .baselinesStale:
      .warning
    default: .error
    }
  }

  /// Whether a change of this kind breaks clients that decode the committed baseline.
  ///
  /// A new enum case does: a client meeting a case it does not know fails to decode the
  /// whole view model. Between two versions it is still only an addition (clients of the new
  /// version know the case), which is why its ``bump`` is minor.
  public var breaksClients: Bool {
    switch self {
    case .contractRemoved, .localeRemoved, .fieldRemoved, .typeChanged, .becameNull,
      .enumCaseRemoved, .enumCaseAdded, .decodeFailed, .identityChanged:
      true
    default:
      false
    }
  }

  /// How a difference of this kind bears on the release version between two versions.
  ///
  /// Breaking kinds require a major bump, additions a minor one, changed values and texts a
  /// patch. Problems that are not wire changes (an unstable stub, an unused key, a stale
  /// document, a retired version) require none.
  public var bump: VersionBump {
    switch self {
    case .contractAdded, .baselineMissing, .fieldAdded, .becameNonNull, .enumCaseAdded:
      return .minor
    case _ where breaksClients:
      return .major
    case .valueChanged, .textChanged, .translationMissing, .translationFallback,
      .placeholderUnresolved:
      return .patch
    default:
      return .none
    }
  }

  /// What a finding of this kind's two values are: the probe's two encodings, today's
  /// encoding alone (a problem no baseline shows), or the baseline and today's encoding.
  public var valuePair: ValuePair {
    switch self {
    case .volatileValue, .identityNondeterministic: .twoEncodings
    case .identityCollision, .translationMissing, .translationFallback, .translationStale,
      .placeholderUnresolved:
      .currentOnly
    default: .baselineAndCurrent
    }
  }

  /// What `record` does about a finding of this kind.
  public var recording: RecordingEffect {
    switch self {
    case .fieldRemoved, .typeChanged, .becameNull, .enumCaseRemoved, .enumCaseAdded,
      .decodeFailed, .identityChanged:
      .needsReason
    case .identityNondeterministic, .volatileValue:
      .refuses
    case .baselineMissing, .fieldAdded, .becameNonNull, .valueChanged, .textChanged,
      .baselinesStale, .contractAdded:
      .writes
    case .contractRemoved, .versionRemoved, .localeRemoved, .identityCollision,
      .translationMissing, .translationFallback, .translationStale, .placeholderUnresolved,
      .placeholderMismatch, .keyUnused, .versionBumpRequired:
      .keeps
    }
  }
}

/// What `record` does about a finding of some kind.
public enum RecordingEffect: Sendable, Hashable {
  /// Recording writes the new encoding, and the finding is gone.
  case writes
  /// On a released version recording refuses unless `--accept-breaking --reason` says why
  /// (old clients break); on the unreleased version it writes.
  case needsReason
  /// Recording refuses whatever the reason: the encoding itself is not stable.
  case refuses
  /// Recording changes nothing about it: it is fixed in code, translations or by hand.
  case keeps
}

extension Finding {
  /// Whether this finding is about baseline files that no contract owns any more: `record`
  /// lists them and never deletes them.
  public var isLeftover: Bool {
    switch kind {
    case .contractRemoved, .versionRemoved, .localeRemoved: return true
    case .baselinesStale:
      switch scope {
      case .entry, .file: return true
      default: return false
      }
    default: return false
    }
  }

  /// What fixes this finding: the one sentence every test failure ends with.
  ///
  /// ```swift
  /// finding.remedy(command: "swift run app-contracts")
  /// // field-removed: "Clients of released versions break. Revert the change; if the break
  /// //   is intended, run: swift run app-contracts record --accept-breaking --reason "…""
  /// // translation-missing: "Fix the translation in the YAML files. Recording cannot fix this."
  /// ```
  /// - Parameters:
  ///   - command: The user's own command line over the catalog, such as
  ///     `swift run app-contracts`, named wherever recording is (part of) the fix.
  ///   - isReleased: Whether the finding's version is released: a breaking change to the
  ///     unreleased version is recorded without a reason.
  public func remedy(command: String, isReleased: Bool = true) -> String {
    let recordAfterwards = "(record never deletes baselines), then run: \(command) record"
    switch kind {
    case .baselineMissing:
      return "Record it: \(command) record (or CONTRACTKIT_RECORD=missing swift test)."
    case _ where kind.recording == .needsReason && !isReleased:
      return "\(scope.version.map { "\($0)" } ?? "This version") is unreleased, so no reason "
        + "is needed: if the change is intended, run: \(command) record"
    case .enumCaseAdded:
      return "Clients of released versions fail to decode the new case. Make it available from "
        + "the unreleased version only (ViewModelEnum.caseAvailability), or if the break is "
        + "intended run: \(command) record --accept-breaking --reason \"…\""
    case _ where kind.recording == .needsReason:
      return "Clients of released versions break. Revert the change; if the break is intended, "
        + "run: \(command) record --accept-breaking --reason \"…\""
    case .identityNondeterministic, .volatileValue:
      return "Fix the stub: no ViewModelId(), Date(), UUID() or randomness in stub(). "
        + "Recording cannot fix this."
    case .identityCollision:
      return "Fix the stub: give each row its own ViewModelId(id:) from its data. Recording "
        + "cannot fix this."
    case .translationMissing, .translationFallback, .placeholderMismatch:
      return "Fix the translation in the YAML files. Recording cannot fix this."
    case .translationStale:
      return "Check this locale's translation against the base locale's new text, and update "
        + "it in the YAML files."
    case .placeholderUnresolved:
      return "Fix the translation, or give the placeholder a substitution in code. Recording "
        + "cannot fix this."
    case .keyUnused:
      return "Delete the key from the YAML files, or use it."
    case .contractRemoved:
      return "Register the contract again. To retire it, delete its baselines "
        + recordAfterwards
    case .localeRemoved:
      return "Add the locale back to the catalog. To drop it, delete its baselines "
        + recordAfterwards
    case .versionRemoved:
      return "Once no client runs this version, delete its baselines " + recordAfterwards
    case .versionBumpRequired:
      return "Declare a version at least as large as the required bump."
    case .baselinesStale where isLeftover:
      return "Rename or delete it: it fits no baseline of the catalog."
    default:
      return "If the change is intended, run: \(command) record"
    }
  }
}
