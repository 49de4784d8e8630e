import ContractKitRuntime

/// The strings of a payload equal to the base locale's non-empty text at the same place:
/// fallbacks where the place is localized (``FileDiff``).
///
/// Pointers are spelled only on the way to such a string, and an object's members are put
/// in order only when some of them may hold one.
struct FallbackCandidates {
  /// A string equal to the base locale's text at its place.
  struct Candidate {
    let pointer: String
    let pattern: String
    let text: String

    func fallback(in file: ContractCase, roles: PathRoles) -> Finding? {
      guard roles.role(pointer: pointer, pattern: pattern, key: nil) == .localized else {
        return nil
      }
      return .baseLocaleText(at: pointer, in: file, now: .string(text))
    }
  }

  /// Every candidate of `value`, a payload, against `base`, its base locale's payload, in
  /// the order of their paths.
  static func all(in value: JSONValue, base: JSONValue, roles: PathRoles) -> [Candidate] {
    var walk = FallbackCandidates(roles: roles, oldRoles: roles)
    walk.walk(value, base: base, pointer: "", pattern: "", then: nil)
    return walk.found
  }

  /// The candidates of `value` against `base` but those `old`, the file's other version
  /// (with `oldBase` and `oldRoles`, its base locale's payload and its roles), has at the
  /// same pointer with the same text, placed alike: reached through containers of the same
  /// kinds, with every array on the way named alike (``ArrayMatching/namedAlike(_:_:)``).
  /// Such a text is at one place with one role in both files (``FileDiff``), so never a new
  /// fallback. Both files are walked together, the old one as its own walk would pair it
  /// with its base, so no pointer is spelled for a text the old file already had.
  static func new(in value: JSONValue, base: JSONValue, roles: PathRoles,
                  old: JSONValue, oldBase: JSONValue?, oldRoles: PathRoles) -> [Candidate]
  {
    var walk = FallbackCandidates(roles: roles, oldRoles: oldRoles)
    walk.walk(value, base: base, pointer: "", pattern: "",
              then: Then(value: old, base: oldBase))
    return walk.found
  }

  /// The old file's value at the place the walk is at, while it is placed alike, and the
  /// value of its base locale's payload that the old file's own walk (``all(in:base:roles:)``)
  /// reaches the place with, while it does.
  private struct Then {
    let value: JSONValue
    let base: JSONValue?
  }

  private let roles: PathRoles
  private let oldRoles: PathRoles
  private var found: [Candidate] = []

  private init(roles: PathRoles, oldRoles: PathRoles) {
    self.roles = roles
    self.oldRoles = oldRoles
  }

  private mutating func walk(_ value: JSONValue, base: JSONValue, pointer: String,
                             pattern: String, then: Then?)
  {
    switch (value, base) {
    case (.string(let text), .string):
      guard Self.mayFallBack(value, base), then.map({ !Self.holds(text, $0) }) ?? true else {
        return
      }
      found.append(Candidate(pointer: pointer, pattern: pattern, text: text))
    case (.object(let members), .object(let baseMembers)):
      var keys: [String] = []
      for (key, member) in members {
        guard let baseMember = baseMembers[key], Self.mayFallBack(member, baseMember),
          !WireIdentity.isIdentityObject(member, key: key)
        else { continue }
        keys.append(key)
      }
      for key in keys.sorted(by: codePointOrder) {
        guard let member = members[key], let baseMember = baseMembers[key] else { continue }
        walk(member, base: baseMember, pointer: JSONPointer.appending(key, to: pointer),
             pattern: JSONPointer.appending(key, to: pattern),
             then: then.flatMap { Self.member(key, of: $0) })
      }
    case (.array(let elements), .array(let baseElements)):
      let elementPattern = JSONPointer.appending("*", to: pattern)
      var thenElements: [Then?] = []
      if case .array(let elementsThen)? = then?.value,
        ArrayMatching.namedAlike(elementsThen, elements)
      {
        thenElements = elementsThen.map { Then(value: $0, base: nil) }
        if case .array(let baseThen)? = then?.base {
          let member = oldRoles.identityMember(ofElementsAt: elementPattern)
          for (index, base) in Self.pairs(elementsThen, base: baseThen, identifiedBy: member) {
            thenElements[index] = Then(value: elementsThen[index], base: base)
          }
        }
      }
      let member = roles.identityMember(ofElementsAt: elementPattern)
      for (index, base) in Self.pairs(elements, base: baseElements, identifiedBy: member) {
        walk(elements[index], base: base, pointer: JSONPointer.appending(index, to: pointer),
             pattern: elementPattern,
             then: thenElements.indices.contains(index) ? thenElements[index] : nil)
      }
    default:
      return
    }
  }

  /// The elements the walk enters, by index, each with the base element it is paired with.
  private static func pairs(_ elements: [JSONValue], base: [JSONValue],
                            identifiedBy member: String?) -> [(Int, JSONValue)]
  {
    ArrayMatching.pairs(base, elements, identifiedBy: member).compactMap { pair in
      guard let baseIndex = pair.old, let index = pair.new,
        mayFallBack(elements[index], base[baseIndex])
      else { return nil }
      return (index, base[baseIndex])
    }
  }

  /// The old file's member `key` where the walk enters it.
  private static func member(_ key: String, of then: Then) -> Then? {
    guard case .object(let members) = then.value, let member = members[key] else { return nil }
    guard case .object(let baseMembers)? = then.base, let baseMember = baseMembers[key],
      mayFallBack(member, baseMember), !WireIdentity.isIdentityObject(member, key: key)
    else { return Then(value: member, base: nil) }
    return Then(value: member, base: baseMember)
  }

  /// Whether the old file's walk found `text` a candidate at the place.
  private static func holds(_ text: String, _ then: Then) -> Bool {
    guard case .string(let was) = then.value, was == text, let base = then.base else {
      return false
    }
    return mayFallBack(then.value, base)
  }

  /// Whether the walk could find anything in `value`: `false` for a number, a boolean,
  /// `null`, a value of another kind than the base's, and a string that is empty or not the
  /// base's.
  private static func mayFallBack(_ value: JSONValue, _ base: JSONValue) -> Bool {
    switch (value, base) {
    case (.string(let text), .string(let baseText)): !text.isEmpty && text == baseText
    case (.object, .object), (.array, .array): true
    default: false
    }
  }
}
