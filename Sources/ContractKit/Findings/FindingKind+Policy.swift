import ContractKitRuntime

/// What each kind of finding means for a release: how severe it is by default, whether it
/// breaks clients, which version bump it requires, what `record` does about it, and what
/// fixes it. Every decision about kinds reads these; none reads a message.
extension FindingKind {
  /// Every decision about this kind, in one exhaustive table: a new kind does not compile
  /// until each of them is made.
  var policy: KindPolicy {
    switch self {
    // Trees and files.
    case .contractRemoved:
      KindPolicy(.error, breaks: true, bump: .major, values: .baselineAndCurrent, .removes)
    case .contractAdded:
      KindPolicy(.info, breaks: false, bump: .minor, values: .baselineAndCurrent, .writes)
    case .baselineMissing:
      KindPolicy(.error, breaks: false, bump: .minor, values: .baselineAndCurrent, .writes)
    // Retiring a version breaks no client still supported, but clients of it lose their
    // contract: its removal is logged like a break.
    case .versionRemoved:
      KindPolicy(.warning, breaks: false, bump: .none, values: .baselineAndCurrent, .removes)
    case .localeRemoved:
      KindPolicy(.error, breaks: true, bump: .major, values: .baselineAndCurrent, .removes)
    // Wire shape and values.
    case .fieldRemoved:
      KindPolicy(.error, breaks: true, bump: .major, values: .baselineAndCurrent, .needsReason)
    case .fieldAdded:
      KindPolicy(.info, breaks: false, bump: .minor, values: .baselineAndCurrent, .writes)
    case .typeChanged:
      KindPolicy(.error, breaks: true, bump: .major, values: .baselineAndCurrent, .needsReason)
    case .becameNull:
      KindPolicy(.error, breaks: true, bump: .major, values: .baselineAndCurrent, .needsReason)
    case .becameNonNull:
      KindPolicy(.info, breaks: false, bump: .minor, values: .baselineAndCurrent, .writes)
    case .enumCaseRemoved:
      KindPolicy(.error, breaks: true, bump: .major, values: .baselineAndCurrent, .needsReason)
    // A new case breaks released clients (one unknown case fails the whole view model), but
    // between two versions it is an addition: clients of the new version know the case.
    case .enumCaseAdded:
      KindPolicy(.error, breaks: true, bump: .minor, values: .baselineAndCurrent, .needsReason)
    case .valueChanged:
      KindPolicy(.info, breaks: false, bump: .patch, values: .baselineAndCurrent, .writes)
    // Today's type cannot read an older payload: the forward direction, which only a
    // `full` guarantee promises (``KindPolicy/under(_:)``). It requires no bump of its own:
    // the wire change behind it (a new field, a changed type) does.
    case .decodeFailed:
      KindPolicy(.error, breaks: .forward, bump: .none, values: .baselineAndCurrent,
                 .needsReason)
    // Nothing to compare: the stub, the encoder or the app's producer threw for this case.
    case .encodingFailed:
      KindPolicy(.error, breaks: false, bump: .none, values: .currentOnly, .keeps)
    // The release's code itself rejects today's payload: recording changes nothing about it.
    case .clientDecodeFailed:
      KindPolicy(.error, breaks: true, bump: .major, values: .currentOnly, .keeps)
    // Identity.
    case .identityChanged:
      KindPolicy(.error, breaks: true, bump: .major, values: .baselineAndCurrent, .needsReason)
    // Random to stable: no decoder minds an `id` appearing, and SwiftUI stops rebuilding the
    // view on every refresh. A change of the wire all the same, so a patch.
    case .identityStabilized:
      KindPolicy(.info, breaks: false, bump: .patch, values: .baselineAndCurrent, .writes)
    case .identityNondeterministic:
      KindPolicy(.error, breaks: false, bump: .none, values: .twoEncodings, .refuses)
    case .identityCollision:
      KindPolicy(.error, breaks: false, bump: .none, values: .currentOnly, .keeps)
    case .volatileValue:
      KindPolicy(.error, breaks: false, bump: .none, values: .twoEncodings, .refuses)
    // Localization.
    // A text with no translation: `record` refuses to commit it without a reason, and the
    // finding stays until the YAML has the text.
    case .translationMissing:
      KindPolicy(.error, breaks: false, bump: .patch, values: .currentOnly, .needsReason)
    // Clients in the locale show another language's text, or nothing, where they showed
    // their own: a regression of what released clients show.
    case .translationLost:
      KindPolicy(.error, breaks: true, bump: .patch, values: .baselineAndCurrent, .needsReason)
    case .translationFallback:
      KindPolicy(.warning, breaks: false, bump: .patch, values: .currentOnly, .keeps)
    case .placeholderUnresolved:
      KindPolicy(.error, breaks: false, bump: .patch, values: .currentOnly, .keeps)
    case .placeholderMismatch:
      KindPolicy(.error, breaks: false, bump: .none, values: .baselineAndCurrent, .keeps)
    case .textChanged:
      KindPolicy(.info, breaks: false, bump: .patch, values: .baselineAndCurrent, .writes)
    case .translationStale:
      KindPolicy(.warning, breaks: false, bump: .none, values: .currentOnly, .keeps)
    case .keyUnused:
      KindPolicy(.warning, breaks: false, bump: .none, values: .baselineAndCurrent, .keeps)
    // Process.
    case .versionBumpRequired:
      KindPolicy(.error, breaks: false, bump: .none, values: .baselineAndCurrent, .keeps)
    case .baselinesStale:
      KindPolicy(.warning, breaks: false, bump: .none, values: .baselineAndCurrent, .writes)
    // Fixed in the registration's code; never a blocker.
    case .declarationUnused:
      KindPolicy(.warning, breaks: false, bump: .none, values: .currentOnly, .keeps)
    // The break itself bears on the bump since the release; this finding is about its log.
    case .breakUnlogged:
      KindPolicy(.error, breaks: false, bump: .none, values: .baselineAndCurrent, .keeps)
    }
  }

  /// Every decision about this kind under the catalog's `guarantee`.
  func policy(under guarantee: Compatibility) -> KindPolicy { policy.under(guarantee) }

  /// The severity a finding of this kind has unless a report says otherwise, under the
  /// default `backward` guarantee.
  package var defaultSeverity: Severity { policy(under: .backward).severity }

  /// Whether a change of this kind breaks clients of released versions, which read what
  /// today's server sends (the backward direction).
  package var breaksClients: Bool { policy.direction == .backward }

  /// Which way a change of this kind breaks compatibility, `nil` when it breaks nothing.
  package var breakDirection: BreakDirection? { policy.direction }

  /// How a difference of this kind bears on the release version between two versions:
  /// breaking kinds require major, additions minor, changed values and texts patch, and
  /// problems that are not wire changes none.
  package var bump: VersionBump { policy.bump }

  /// What a finding of this kind's two values are: the probe's two encodings, today's
  /// encoding alone (a problem no baseline shows), or the baseline and today's encoding.
  package var valuePair: ValuePair { policy.valuePair }

  /// What `record` does about a finding of this kind, under the default `backward`
  /// guarantee.
  package var recording: RecordingEffect { policy(under: .backward).recording }
}

extension Finding {
  /// What `record` does about this finding when the catalog guarantees `guarantee`: a
  /// break in a direction the guarantee does not promise is written without a reason.
  ///
  /// Today's own payload that today's type cannot decode (`decode-failed` in the backward
  /// direction) is kept: no recording fixes the type or its decoder.
  package func recording(under guarantee: Compatibility) -> RecordingEffect {
    if kind == .decodeFailed, direction == .backward { return .keeps }
    return kind.policy.with(direction: direction).under(guarantee).recording
  }

  /// The severity a finding of `kind` breaking in `direction` has under `guarantee`.
  static func severity(of kind: FindingKind, direction: BreakDirection?,
                       under guarantee: Compatibility) -> Severity
  {
    kind.policy.with(direction: direction).under(guarantee).severity
  }
}

/// The decisions a finding kind carries; ``FindingKind/policy`` makes them for every kind.
///
/// A row states the kind as it is when the catalog's guarantee covers the direction it breaks
/// in; ``under(_:)`` gives it under a guarantee that does not: a warning that `record` writes
/// without a reason and that requires no bump.
struct KindPolicy {
  let severity: Severity
  /// Which way the kind breaks compatibility, `nil` when it breaks nothing.
  let direction: BreakDirection?
  let bump: VersionBump
  let valuePair: ValuePair
  let recording: RecordingEffect

  /// A kind that breaks clients of released versions (`breaks`), or nothing.
  init(_ severity: Severity, breaks: Bool, bump: VersionBump, values: ValuePair,
       _ recording: RecordingEffect) {
    self.init(severity, breaks: breaks ? .backward : nil, bump: bump, values: values, recording)
  }

  /// A kind that breaks in `direction`.
  init(_ severity: Severity, breaks direction: BreakDirection?, bump: VersionBump,
       values: ValuePair, _ recording: RecordingEffect) {
    self.severity = severity
    self.direction = direction
    self.bump = bump
    self.valuePair = values
    self.recording = recording
  }

  /// This policy for a catalog that guarantees `guarantee`.
  func under(_ guarantee: Compatibility) -> KindPolicy {
    guard let direction, !guarantee.guards(direction) else { return self }
    return KindPolicy(.warning, breaks: direction, bump: .none, values: valuePair, .writes)
  }

  /// This policy for one finding that knows its direction better than its kind does.
  func with(direction: BreakDirection?) -> KindPolicy {
    guard let direction else { return self }
    return KindPolicy(severity, breaks: direction, bump: bump, values: valuePair, recording)
  }
}

/// What `record` does about a finding of some kind.
package enum RecordingEffect: Sendable, Hashable {
  /// Recording writes the new encoding, and the finding is gone.
  case writes
  /// On a released version recording refuses unless `--accept-breaking --reason` says why
  /// (old clients break); on the unreleased version it writes.
  case needsReason
  /// Recording refuses whatever the reason: the encoding itself is not stable.
  case refuses
  /// Recording changes nothing about it: it is fixed in code, translations or by hand.
  case keeps
  /// Baselines that no contract produces any more (a contract, version or locale gone from
  /// the catalog): recording deletes them, and on a released version only with
  /// `--accept-breaking --reason`, which `Baselines.md` logs; without one it refuses.
  case removes
}

extension Finding {
  /// Whether this finding is about baseline files that no contract owns any more: `record`
  /// lists them and never deletes them.
  package var isLeftover: Bool {
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

  /// The pattern that declares this finding's path in a registration: its array indices
  /// written `*` (`/rows/*/vmId` for `/rows/3/vmId`), since rows are all made alike.
  package var declarationPattern: String {
    let tokens = JSONPointer.tokens(of: path ?? "")
    return tokens.reduce("") { pattern, token in
      let isIndex = !token.isEmpty && token.allSatisfy { $0.isASCII && $0.isNumber }
      return JSONPointer.appending(isIndex ? "*" : token, to: pattern)
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
  ///   - onCI: Whether the run is on CI, which never records: no remedy names
  ///     `CONTRACTKIT_RECORD` there.
  package func remedy(command: String, isReleased: Bool = true, onCI: Bool = false) -> String {
    remedy(command: command, isReleased: isReleased, onCI: onCI, blockers: RecordBlockers([]))
  }

  /// ``remedy(command:isReleased:onCI:)`` in a run whose `blockers` make `record` refuse:
  /// a remedy never suggests a command that refuses. Where recording is the fix, it names
  /// `record --only` the narrowest selection that holds this finding and no blocker, or,
  /// where none does, says to fix the blockers first.
  package func remedy(command: String, isReleased: Bool = true, onCI: Bool = false,
                      blockers: RecordBlockers) -> String
  {
    let text = plainRemedy(command: command, isReleased: isReleased, onCI: onCI)
    let record = "\(command) record"
    guard !blockers.isEmpty, kind.recording != .refuses, text.contains(record) else {
      return text
    }
    let environment = " (or CONTRACTKIT_RECORD=missing swift test)"
    guard let selector = blockers.selector(for: self) else {
      return "Record refuses while \(blockers.summary) \(blockers.count == 1 ? "remains" : "remain"): "
        + "fix \(blockers.count == 1 ? "it" : "them") first. "
        + text.replacingOccurrences(of: environment, with: "")
    }
    return text.replacingOccurrences(of: environment, with: "")
      .replacingOccurrences(of: record, with: "\(record) --only \(selector)")
      + " (--only: record refuses while \(blockers.summary) elsewhere "
      + "\(blockers.count == 1 ? "remains" : "remain").)"
  }

  private func plainRemedy(command: String, isReleased: Bool, onCI: Bool) -> String {
    let removeWithReason = "\(command) record --accept-breaking --reason \"…\" (it deletes "
      + "the baselines and logs why)"
    let recordIfIntended = "If the change is intended, run: \(command) record"
    if [.needsReason, .removes].contains(kind.recording) && !isReleased
      && kind.valuePair != .currentOnly
    {
      return "\(scope.version.map { "\($0)" } ?? "This version") is unreleased, so no reason "
        + "is needed: if the change is intended, run: \(command) record"
    }
    switch kind {
    case .baselineMissing:
      return onCI
        ? "Record it on a development machine and commit it: \(command) record (CI never "
          + "records)."
        : "Record it: \(command) record (or CONTRACTKIT_RECORD=missing swift test)."
    case .enumCaseAdded:
      return "Clients of released versions fail to decode the new case. Make it available from "
        + "the unreleased version only (ViewModelEnum.caseAvailability), or if the break is "
        + "intended run: \(command) record --accept-breaking --reason \"…\""
    case .decodeFailed where direction == .backward:
      return "Clients of this version cannot read the payload the app sends: fix the type, or "
        + "give its decoder the encoder's key and date strategies. Recording cannot fix this."
    case .decodeFailed:
      // An error only where the catalog guarantees `full` compatibility.
      return "Today's type cannot read payloads of this version that servers still send "
        + "(rolling deploys, caches): make the new member optional or @Versioned(since:). "
        + "Released clients are not affected."
        + (severity == .error
          ? " The catalog guarantees full compatibility: if the break is intended, run: "
            + "\(command) record --accept-breaking --reason \"…\"" : "")
    case .fieldRemoved, .typeChanged, .becameNull, .enumCaseRemoved, .identityChanged:
      return "Clients of released versions break. Revert the change; if the break is intended, "
        + "run: \(command) record --accept-breaking --reason \"…\""
    case .encodingFailed:
      return "Fix the stub, the producer or its encoder so that this case encodes; every other "
        + "case was still checked. Recording cannot fix this."
    case .identityNondeterministic:
      return "Give it a stable identity where it is made (a property default such as `vmId = "
        + "ViewModelId()`, or an initializer that stub() calls): ViewModelId(type: Self.self) "
        + "for a screen or a child shown once, ViewModelId(id:) from its data for a row. If it "
        + "is random by design, declare it in the contract's registration: randomIdentities: "
        + "[\"\(declarationPattern)\"]. Recording cannot fix this."
    case .volatileValue:
      return "Fix the stub: no Date(), UUID() or randomness in stub(); or, if the value is "
        + "volatile by design, redact it in the contract's registration (redacting: or "
        + ".redacted(\"\(declarationPattern)\")). Recording cannot fix this."
    case .identityStabilized:
      return "No client breaks and view churn ends: record it, no reason needed: "
        + "\(command) record. A randomIdentities declaration of this path is no longer needed."
    case .declarationUnused:
      return "Remove the declaration from the contract's registration, or fix its path. "
        + "Recording cannot fix this."
    case .identityCollision:
      return "Fix the stub: give each row its own ViewModelId(id:) from its data. Recording "
        + "cannot fix this."
    case .translationMissing:
      return "Add the translation to the YAML files. Recording cannot fix this (record refuses "
        + "to commit a missing text without --accept-breaking --reason)."
    case .translationLost:
      return "Clients in this locale no longer show their own language here. Restore the "
        + "translation in the YAML files; if the loss is intended, run: \(command) record "
        + "--accept-breaking --reason \"…\""
    case .translationFallback, .placeholderMismatch:
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
      return "Register the contract again. To retire it, run: \(removeWithReason)"
    case .localeRemoved:
      return "Add the locale back to the catalog. To drop it, run: \(removeWithReason)"
    case .versionRemoved:
      return "Once no client runs this version, run: \(removeWithReason)"
    case .breakUnlogged:
      return "Baselines.md's log has no row for this break since the release (the baselines "
        + "were edited by hand, or the row removed): restore the release's baseline (git "
        + "checkout <ref> -- <file>), then run: \(command) record --accept-breaking --reason "
        + "\"…\", which writes the change again and logs why"
    case .clientDecodeFailed:
      return "Clients of this release fail to decode today's payload. Change today's code so "
        + "that the release's own decoder accepts it, or stop supporting the release."
    case .versionBumpRequired:
      return "Declare a version at least as large as the required bump."
    case .baselinesStale:
      return isLeftover
        ? "Rename or delete it: it fits no baseline of the catalog." : recordIfIntended
    case .contractAdded, .fieldAdded, .becameNonNull, .valueChanged, .textChanged:
      return recordIfIntended
    }
  }
}
