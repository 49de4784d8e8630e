/// Classifies the changes between two versions of one payload file in a tree diff, where no
/// Swift type is at hand: the payload diff, plus the problems the new file has that the old
/// one did not (an emptied translation, a fallback to the base locale, an unresolved
/// placeholder, colliding identities).
///
/// A regression finding at a path replaces the plain `text-changed` or `value-changed` there:
/// one change, one finding.
struct FileDiff {
  let location: DiffLocation
  let roles: PathRoles
  /// The base locale's payloads (old, new) of the same contract, version and variant.
  let base: (old: JSONValue?, new: JSONValue?)?

  func findings(old: JSONValue, new: JSONValue) -> [Finding] {
    let changes = PayloadDiff(location: location, roles: roles).findings(baseline: old, current: new)
    let oldProblems = Set(problems(in: old, base: base?.old).map(Self.key))
    let regressions = problems(in: new, base: base?.new).filter { !oldProblems.contains(Self.key($0)) }
    let superseded = Set(regressions.compactMap(\.path))
    return regressions + changes.filter { change in
      !((change.kind == .textChanged || change.kind == .valueChanged)
        && superseded.contains(change.path ?? ""))
    }
  }

  private func problems(in payload: JSONValue, base: JSONValue?) -> [Finding] {
    var problems = PayloadLint.findings(in: payload, location: location, roles: roles)
    if let base { problems += fallbacks(in: payload, base: base, pointer: "", pattern: "") }
    return problems
  }

  /// Localized strings equal to the base locale's non-empty text at the same path.
  private func fallbacks(in value: JSONValue, base: JSONValue, pointer: String, pattern: String)
    -> [Finding]
  {
    switch (value, base) {
    case (.string(let text), .string(let baseText)):
      guard !text.isEmpty, text == baseText,
        roles.role(pointer: pointer, pattern: pattern, key: nil) == .localized
      else { return [] }
      return [location.finding(
        .translationFallback, at: pointer,
        "'\(pointer)' in \(location.locale) shows the base locale's text (a fallback?)",
        current: value)]
    case (.object(let members), .object(let baseMembers)):
      return members.keys.sorted(by: codePointOrder).flatMap { key -> [Finding] in
        guard let member = members[key], let baseMember = baseMembers[key] else { return [] }
        return fallbacks(in: member, base: baseMember,
                         pointer: JSONPointer.appending(key, to: pointer),
                         pattern: JSONPointer.appending(key, to: pattern))
      }
    case (.array(let elements), .array(let baseElements)):
      let elementPattern = JSONPointer.appending("*", to: pattern)
      return ArrayMatching.pairs(baseElements, elements).flatMap { pair -> [Finding] in
        guard let baseIndex = pair.old, let index = pair.new else { return [] }
        return fallbacks(in: elements[index], base: baseElements[baseIndex],
                         pointer: JSONPointer.appending(index, to: pointer),
                         pattern: elementPattern)
      }
    default:
      return []
    }
  }

  private static func key(_ finding: Finding) -> [String] {
    [finding.kind.rawValue, finding.path ?? "", finding.current.map(CanonicalJSON.string) ?? ""]
  }
}
