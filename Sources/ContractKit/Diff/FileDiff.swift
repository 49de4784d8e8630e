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
  /// neither, never a new one. Only the other texts are given a role, so a change that
  /// touches no such text never makes the shape rule walk its group's locales.
  private func newFallbacks(old: JSONValue, new: JSONValue, oldPaths: inout StablePaths,
                            newPaths: inout StablePaths) -> [Finding]
  {
    guard let baseNew = base?.new else { return [] }
    let candidates = fallbackCandidates(in: new, base: baseNew, roles: roles, old: old)
    guard !candidates.isEmpty else { return [] }
    let oldCandidates = base?.old.map {
      fallbackCandidates(in: old, base: $0, roles: oldRoles, old: nil)
    } ?? []
    var oldTexts: [String: String] = [:]
    for candidate in oldCandidates { oldTexts[candidate.pointer] = candidate.text }
    var oldFallbacks: Set<[String]>?
    var found: [Finding] = []
    for candidate in candidates {
      if candidate.isPlacedAlike, oldTexts[candidate.pointer] == candidate.text { continue }
      guard let fallback = candidate.fallback(in: file, roles: roles) else { continue }
      let known = oldFallbacks ?? Set(
        oldCandidates.compactMap { $0.fallback(in: file, roles: oldRoles) }
          .map { Self.key($0, &oldPaths) })
      oldFallbacks = known
      if !known.contains(Self.key(fallback, &newPaths)) { found.append(fallback) }
    }
    return found
  }

  /// A string equal to the base locale's non-empty text at the same place: a fallback where
  /// the place is localized.
  private struct Candidate {
    let pointer: String
    let pattern: String
    let text: String
    /// Whether the old file has a value at `pointer`, reached through containers of the same
    /// kinds, with every array on the way matched alike.
    let isPlacedAlike: Bool

    func fallback(in file: ContractCase, roles: PathRoles) -> Finding? {
      guard roles.role(pointer: pointer, pattern: pattern, key: nil) == .localized else {
        return nil
      }
      return .baseLocaleText(at: pointer, in: file, now: .string(text))
    }
  }

  /// The strings of `value` equal to `base`'s non-empty text at the same place, in the order
  /// of their paths; each placed alike or not in `old`, the old file, when there is one.
  private func fallbackCandidates(in value: JSONValue, base: JSONValue, roles: PathRoles,
                                  old: JSONValue?) -> [Candidate]
  {
    var found: [Candidate] = []
    fallbackCandidates(in: value, base: base, roles: roles, pointer: "", pattern: "",
                       old: old, into: &found)
    return found
  }

  /// Pointers are spelled only on the way to such a string, and an object's members are
  /// put in order only when some of them may hold one. `old` is the old file's value at
  /// `pointer`, while it is placed alike.
  private func fallbackCandidates(in value: JSONValue, base: JSONValue, roles: PathRoles,
                                  pointer: String, pattern: String, old: JSONValue?,
                                  into found: inout [Candidate])
  {
    switch (value, base) {
    case (.string(let text), .string):
      if Self.mayFallBack(value, base) {
        found.append(Candidate(pointer: pointer, pattern: pattern, text: text,
                               isPlacedAlike: old != nil))
      }
    case (.object(let members), .object(let baseMembers)):
      var oldMembers: [String: JSONValue]?
      if case .object(let membersThen)? = old { oldMembers = membersThen }
      var keys: [String] = []
      for (key, member) in members {
        guard let baseMember = baseMembers[key], Self.mayFallBack(member, baseMember),
          !WireIdentity.isIdentityObject(member, key: key)
        else { continue }
        keys.append(key)
      }
      for key in keys.sorted(by: codePointOrder) {
        guard let member = members[key], let baseMember = baseMembers[key] else { continue }
        fallbackCandidates(in: member, base: baseMember, roles: roles,
                           pointer: JSONPointer.appending(key, to: pointer),
                           pattern: JSONPointer.appending(key, to: pattern),
                           old: oldMembers?[key], into: &found)
      }
    case (.array(let elements), .array(let baseElements)):
      let elementPattern = JSONPointer.appending("*", to: pattern)
      let member = roles.identityMember(ofElementsAt: elementPattern)
      var oldElements: [JSONValue]?
      if case .array(let elementsThen)? = old, ArrayMatching.namedAlike(elementsThen, elements) {
        oldElements = elementsThen
      }
      for pair in ArrayMatching.pairs(baseElements, elements, identifiedBy: member) {
        guard let baseIndex = pair.old, let index = pair.new,
          Self.mayFallBack(elements[index], baseElements[baseIndex])
        else { continue }
        let oldElement = oldElements.flatMap { $0.indices.contains(index) ? $0[index] : nil }
        fallbackCandidates(in: elements[index], base: baseElements[baseIndex], roles: roles,
                           pointer: JSONPointer.appending(index, to: pointer),
                           pattern: elementPattern, old: oldElement, into: &found)
      }
    default:
      return
    }
  }

  /// Whether ``fallbackCandidates(in:base:roles:old:)`` could find anything in `value`:
  /// `false` for a number, a boolean, `null`, a value of another kind than the base's, and
  /// a string that is empty or not the base's.
  private static func mayFallBack(_ value: JSONValue, _ base: JSONValue) -> Bool {
    switch (value, base) {
    case (.string(let text), .string(let baseText)): !text.isEmpty && text == baseText
    case (.object, .object), (.array, .array): true
    default: false
    }
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
