import ContractKitRuntime

/// Compares a committed payload with the current one and classifies every difference.
///
/// A pure function of two JSON values, where they come from and what their paths mean.
/// One change is one finding: a type change is not also reported as removals below it.
/// Array elements carrying a `vmId` are matched by it, so a reordered list yields no
/// finding (order is not part of the contract); other elements are matched by index.
struct PayloadDiff {
  /// The payload file the findings are about.
  package let file: ContractCase
  package let roles: PathRoles

  package init(file: ContractCase, roles: PathRoles) {
    self.file = file
    self.roles = roles
  }

  /// Every classified difference between `baseline` and `current`, in path order.
  package func findings(baseline: JSONValue, current: JSONValue) -> [Finding] {
    var findings: [Finding] = []
    compare(baseline, current, pointer: "", pattern: "", key: nil, parent: nil, into: &findings)
    return findings
  }

  private func compare(_ old: JSONValue, _ new: JSONValue, pointer: String, pattern: String,
                       key: String?, parent: [String: JSONValue]?,
                       into findings: inout [Finding])
  {
    if old == new { return }
    switch (old, new) {
    case (.object, .object)
    where roles.role(pointer: pointer, pattern: pattern, key: key, isText: false) == .identity:
      compareIdentities(old, new, pointer: pointer, pattern: pattern, into: &findings)
    case (.object, .object) where WireShapes.enumCase(old) != nil && WireShapes.enumCase(new) != nil:
      findings.append(.valueChanged(at: pointer, in: file, was: old, now: new))
    case (.object(let oldMembers), .object(let newMembers)):
      compareObjects(oldMembers, newMembers, pointer: pointer, pattern: pattern, into: &findings)
    case (.array(let oldElements), .array(let newElements)):
      compareArrays(oldElements, newElements, pointer: pointer, pattern: pattern, into: &findings)
    case (_, .null):
      findings.append(.becameNull(at: pointer, in: file, was: old, now: new))
    case (.null, _):
      findings.append(.becameNonNull(at: pointer, in: file, was: old, now: new))
    default:
      if old.typeName != new.typeName {
        findings.append(.typeChanged(at: pointer, in: file, was: old, now: new))
        return
      }
      compareScalars(old, new, pointer: pointer, pattern: pattern, key: key, parent: parent,
                     into: &findings)
    }
  }

  private func compareScalars(_ old: JSONValue, _ new: JSONValue, pointer: String,
                              pattern: String, key: String?, parent: [String: JSONValue]?,
                              into findings: inout [Finding])
  {
    // Both are of one type here: a number or a boolean is never text by shape.
    switch roles.role(pointer: pointer, pattern: pattern, key: key, parent: parent,
                      isText: new.stringValue != nil) {
    case .identity:
      // A string identity declared random by design is its placeholder in the baseline.
      findings.append(identityChange(
        at: pointer, was: WireIdentity(redactedString: old), now: WireIdentity(redactedString: new),
        old: old, new: new))
    case .localized: findings.append(.textChanged(at: pointer, in: file, was: old, now: new))
    case .plain: findings.append(.valueChanged(at: pointer, in: file, was: old, now: new))
    }
  }

  /// Two identity objects (FOSMVVM's `{"id", "fsh"}`): their identities, then their other
  /// members as fields, since old clients' decoders require them (`{"ts": …}` to
  /// `{"fsh": …}` is `field-removed` at `…/vmId/ts`); a time stamp's value is not compared.
  private func compareIdentities(_ old: JSONValue, _ new: JSONValue, pointer: String,
                                 pattern: String, into findings: inout [Finding])
  {
    let (was, now) = (WireIdentity(old), WireIdentity(new))
    if was != now {
      findings.append(identityChange(at: pointer, was: was, now: now, old: old, new: new))
    }
    guard case .object(var oldMembers) = old, case .object(var newMembers) = new else { return }
    oldMembers[WireIdentity.idMember] = nil
    newMembers[WireIdentity.idMember] = nil
    // A time stamp's value is when the id was made, never the contract; its name and its
    // type are.
    for stamp in WireIdentity.stampMembers {
      guard let was = oldMembers[stamp], let now = newMembers[stamp], was.typeName == now.typeName
      else { continue }
      oldMembers[stamp] = nil
      newMembers[stamp] = nil
    }
    compareObjects(oldMembers, newMembers, pointer: pointer, pattern: pattern, into: &findings)
  }

  /// How an identity moved: from random to stable (`identity-stabilized`: view churn ends,
  /// no client breaks), or to another identity or to random (`identity-changed`).
  private func identityChange(at pointer: String, was: WireIdentity?, now: WireIdentity?,
                              old: JSONValue, new: JSONValue) -> Finding
  {
    if was == .random, case .stable? = now {
      return .identityStabilized(at: pointer, in: file, was: old, now: now?.value ?? new)
    }
    return .identityChanged(
      at: pointer, in: file, was: was?.value ?? old, now: now?.value ?? new,
      becameRandom: now == .random)
  }

  private func compareObjects(_ old: [String: JSONValue], _ new: [String: JSONValue],
                              pointer: String, pattern: String, into findings: inout [Finding])
  {
    let removed = old.keys.filter { new[$0] == nil }.sorted(by: codePointOrder)
    let added = new.keys.filter { old[$0] == nil }.sorted(by: codePointOrder)
    for key in removed {
      let value = old[key]
      findings.append(.fieldRemoved(
        at: JSONPointer.appending(key, to: pointer), in: file, was: value,
        renamedTo: added.first { value != nil && new[$0] == value }))
    }
    for key in added {
      let value = new[key]
      findings.append(.fieldAdded(
        at: JSONPointer.appending(key, to: pointer), in: file, now: value,
        renameOf: removed.first { value != nil && old[$0] == value }))
    }
    for key in old.keys.filter({ new[$0] != nil }).sorted(by: codePointOrder) {
      guard let oldValue = old[key], let newValue = new[key], oldValue != newValue else { continue }
      compare(oldValue, newValue, pointer: JSONPointer.appending(key, to: pointer),
              pattern: JSONPointer.appending(key, to: pattern), key: key, parent: new,
              into: &findings)
    }
  }

  private func compareArrays(_ old: [JSONValue], _ new: [JSONValue], pointer: String,
                             pattern: String, into findings: inout [Finding])
  {
    let elementPattern = JSONPointer.appending("*", to: pattern)
    let member = roles.identityMember(ofElementsAt: elementPattern)
    for pair in ArrayMatching.pairs(old, new, identifiedBy: member) {
      switch (pair.old, pair.new) {
      case (let oldIndex?, let newIndex?):
        compare(old[oldIndex], new[newIndex], pointer: JSONPointer.appending(newIndex, to: pointer),
                pattern: elementPattern, key: nil, parent: nil, into: &findings)
      case (let oldIndex?, nil):
        findings.append(.elementRemoved(
          at: JSONPointer.appending(oldIndex, to: pointer), in: file, was: old[oldIndex]))
      case (nil, let newIndex?):
        findings.append(.elementAdded(
          at: JSONPointer.appending(newIndex, to: pointer), in: file, now: new[newIndex]))
      case (nil, nil):
        continue
      }
    }
  }
}
