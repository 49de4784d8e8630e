import ContractKitRuntime

/// Classifies the changes between two versions of one payload file in a tree diff, where no
/// Swift type is at hand: the payload diff, plus the problems the new file has that the old
/// one did not (an emptied translation, a fallback to the base locale, an unresolved
/// placeholder, colliding identities).
///
/// One change, one finding: a regression at a path replaces the plain `text-changed` or
/// `value-changed` there, and rows that now share a `vmId` are one `identity-collision`, not
/// also an `identity-changed` per row. A problem the old file already had is not new, even
/// when its row moved: problems are compared by ``StablePaths``, not by index (and fallbacks
/// by pattern and text).
struct FileDiff {
  /// The payload file compared.
  let file: ContractCase
  /// What the new file's paths mean (its pointers)…
  let roles: PathRoles
  /// …and the old file's, whose rows may be in another order: the same metadata and shape
  /// rule, resolved in the old file.
  let oldRoles: PathRoles
  /// The base locale's payloads (old, new) of the same contract, version and variant.
  let base: (old: JSONValue?, new: JSONValue?)?

  func findings(old: JSONValue, new: JSONValue) -> [Finding] {
    let changes = PayloadDiff(file: file, roles: roles).findings(baseline: old, current: new)
    var oldPaths = StablePaths(old)
    var newPaths = StablePaths(new)
    let oldProblems = Set(PayloadLint.findings(in: old, file: file, roles: oldRoles)
      .map { Self.key($0, &oldPaths) })
    var problems = PayloadLint.findings(in: new, file: file, roles: roles).filter {
      !oldProblems.contains(Self.key($0, &newPaths))
    }
    problems += newFallbacks(old: old, new: new, oldPaths: &oldPaths, newPaths: &newPaths)
    let regressions = Self.strongest(problems).map { lost($0, old: old, new: new) }
    let superseded = Set(regressions.compactMap(\.path))
    let collided = Self.collidingIdentities(regressions, in: new)
    return regressions + changes.filter { change in
      switch change.kind {
      case .textChanged, .valueChanged: !superseded.contains(change.path ?? "")
      case .identityChanged, .identityStabilized: !collided.contains(change.path ?? "")
      default: true
      }
    }
  }

  /// The new file's fallbacks the old file did not have (compared by ``key(_:_:)``).
  ///
  /// A text the new file shows at the pointer where the old one showed it, with the rows on
  /// the way matched alike (``ArrayMatching/namedAlike(_:_:)``), is one place with one role
  /// in both files: ``StablePaths`` resolves the shape rule's places to that pointer in both
  /// or in neither, and both files have the same metadata. So it is a fallback in both or in
  /// neither, never a new one (``FallbackCandidates/new(in:base:roles:old:oldBase:oldRoles:)``
  /// leaves it out). Only the other texts are given a role, so a change that touches no such
  /// text never makes the shape rule walk its group's locales.
  private func newFallbacks(old: JSONValue, new: JSONValue, oldPaths: inout StablePaths,
                            newPaths: inout StablePaths) -> [Finding]
  {
    guard let baseNew = base?.new else { return [] }
    let candidates = FallbackCandidates.new(in: new, base: baseNew, roles: roles, old: old,
                                            oldBase: base?.old, oldRoles: oldRoles)
    var oldFallbacks: Set<[String]>?
    var found: [Finding] = []
    for candidate in candidates {
      guard let fallback = candidate.fallback(in: file, roles: roles) else { continue }
      let known = oldFallbacks ?? Set(
        (base?.old.map { FallbackCandidates.all(in: old, base: $0, roles: oldRoles) } ?? [])
          .compactMap { $0.fallback(in: file, roles: oldRoles) }
          .map { Self.key($0, &oldPaths) })
      oldFallbacks = known
      if !known.contains(Self.key(fallback, &newPaths)) { found.append(fallback) }
    }
    return found
  }

  /// `regression` as `translation-lost` where it is a text that emptied or fell back to the
  /// base locale's, and the old file held it in its own language: not empty, and (outside
  /// the base locale) not the base locale's old text.
  private func lost(_ regression: Finding, old: JSONValue, new: JSONValue) -> Finding {
    guard [.translationMissing, .translationFallback].contains(regression.kind),
      let path = regression.path, let was = JSONPointer.value(at: path, in: old),
      case .string(let text) = was, !text.isEmpty,
      let now = JSONPointer.value(at: path, in: new), now != was
    else { return regression }
    if let base, base.old.flatMap({ JSONPointer.value(at: path, in: $0) }) == was {
      return regression
    }
    let how = regression.kind == .translationFallback
      ? "clients here now see the base locale's text" : "clients here now see nothing"
    return .translationLost(keys: [], at: path, in: file, how: how, home: nil, was: was, now: now)
  }

  /// One regression per path: an unresolved placeholder in a text that also equals the base
  /// locale's is the placeholder error, not also a fallback warning.
  private static func strongest(_ regressions: [Finding]) -> [Finding] {
    let placeholders = Set(regressions.filter { $0.kind == .placeholderUnresolved }.compactMap(\.path))
    return regressions.filter {
      $0.kind != .translationFallback || !placeholders.contains($0.path ?? "")
    }
  }

  /// The `vmId` pointers of the rows that new `identity-collision`s are about: one change is
  /// one finding, so those rows' `identity-changed` is not reported too.
  static func collidingIdentities(_ regressions: [Finding], in payload: JSONValue)
    -> Set<String>
  {
    var pointers = Set<String>()
    for finding in regressions where finding.kind == .identityCollision {
      guard let arrayPointer = finding.path, let id = finding.current?.stringValue,
        case .array(let elements)? = JSONPointer.value(at: arrayPointer, in: payload)
      else { continue }
      for (index, element) in elements.enumerated() where WireIdentity.stableText(of: element) == id {
        pointers.insert(JSONPointer.appending(
          WireIdentity.key, to: JSONPointer.appending(index, to: arrayPointer)))
      }
    }
    return pointers
  }

  /// What makes two problems one: kind, place and value. A fallback's place is its pattern:
  /// a text the old file already showed in the base locale's words at that pattern (a word
  /// that is the same in both languages) is not a new fallback in a moved or added row.
  private static func key(_ finding: Finding, _ paths: inout StablePaths) -> [String] {
    let place = finding.path.map {
      finding.kind == .translationFallback ? paths.pattern(of: $0) : paths.path(of: $0)
    }
    return [finding.kind.rawValue, place ?? "", finding.current.map(CanonicalJSON.string) ?? ""]
  }
}
