/// Classifies the changes between two versions of one payload file in a tree diff, where no
/// Swift type is at hand: the payload diff, plus the problems the new file has that the old
/// one did not (an emptied translation, a fallback to the base locale, an unresolved
/// placeholder, colliding identities).
///
/// One change, one finding: a regression at a path replaces the plain `text-changed` or
/// `value-changed` there, and rows that now share a `vmId` are one `identity-collision`, not
/// also an `identity-changed` per row. A problem the old file already had is not new, even
/// when its row moved: problems are compared by ``StablePaths``, not by index.
struct FileDiff {
  let location: DiffLocation
  let roles: PathRoles
  /// The base locale's payloads (old, new) of the same contract, version and variant.
  let base: (old: JSONValue?, new: JSONValue?)?

  func findings(old: JSONValue, new: JSONValue) -> [Finding] {
    let changes = PayloadDiff(location: location, roles: roles).findings(baseline: old, current: new)
    var oldPaths = StablePaths(old)
    var newPaths = StablePaths(new)
    let oldProblems = Set(problems(in: old, base: base?.old).map { Self.key($0, &oldPaths) })
    let regressions = problems(in: new, base: base?.new).filter {
      !oldProblems.contains(Self.key($0, &newPaths))
    }
    let superseded = Set(regressions.compactMap(\.path))
    let collided = Self.collidingIdentities(regressions, in: new)
    return regressions + changes.filter { change in
      switch change.kind {
      case .textChanged, .valueChanged: !superseded.contains(change.path ?? "")
      case .identityChanged: !collided.contains(change.path ?? "")
      default: true
      }
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

  /// The `vmId` pointers of the rows that new `identity-collision`s are about.
  private static func collidingIdentities(_ regressions: [Finding], in payload: JSONValue)
    -> Set<String>
  {
    var pointers = Set<String>()
    for finding in regressions where finding.kind == .identityCollision {
      guard let arrayPointer = finding.path, let id = finding.current?.stringValue,
        case .array(let elements)? = JSONPointer.value(at: arrayPointer, in: payload)
      else { continue }
      for (index, element) in elements.enumerated() where element["vmId"]?.stringValue == id {
        pointers.insert(JSONPointer.appending("vmId", to: JSONPointer.appending(index, to: arrayPointer)))
      }
    }
    return pointers
  }

  private static func key(_ finding: Finding, _ paths: inout StablePaths) -> [String] {
    [finding.kind.rawValue, finding.path.map { paths.path(of: $0) } ?? "",
     finding.current.map(CanonicalJSON.string) ?? ""]
  }
}

/// Names places in one payload so that a row keeps its name when it moves: an array index
/// is replaced by the element's `vmId` where the array's identities are unique (the rows
/// ``ArrayMatching`` matches by identity), and kept elsewhere.
struct StablePaths {
  private let document: JSONValue
  /// Whether the array at a pointer is matched by identity, computed once per array.
  private var byIdentity: [String: Bool] = [:]

  init(_ document: JSONValue) { self.document = document }

  /// The stable name of `pointer`; equal names in two versions of a payload are one place.
  mutating func path(of pointer: String) -> String {
    var current: JSONValue? = document
    var walked = ""
    var name = ""
    for token in JSONPointer.tokens(of: pointer) {
      var stableToken = token
      switch current {
      case .object(let members)?:
        current = members[token]
      case .array(let elements)?:
        guard let index = Int(token), elements.indices.contains(index) else {
          current = nil
          break
        }
        current = elements[index]
        if identified(elements, at: walked), let id = elements[index]["vmId"]?.stringValue {
          stableToken = "\u{1}" + id
        }
      default:
        current = nil
      }
      walked = JSONPointer.appending(token, to: walked)
      name = JSONPointer.appending(stableToken, to: name)
    }
    return name
  }

  private mutating func identified(_ elements: [JSONValue], at pointer: String) -> Bool {
    if let known = byIdentity[pointer] { return known }
    let matched = ArrayMatching.identities(elements) != nil
    byIdentity[pointer] = matched
    return matched
  }
}
