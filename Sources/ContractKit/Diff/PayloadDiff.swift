/// Compares a committed payload with the current one and classifies every difference.
///
/// A pure function of two JSON values, where they come from and what their paths mean.
/// One change is one finding: a type change is not also reported as removals below it.
/// Array elements carrying a `vmId` are matched by it, so a reordered list yields no
/// finding (order is not part of the contract); other elements are matched by index.
public struct PayloadDiff {
  public let location: DiffLocation
  public let roles: PathRoles

  public init(location: DiffLocation, roles: PathRoles) {
    self.location = location
    self.roles = roles
  }

  /// Every classified difference between `baseline` and `current`, in path order.
  public func findings(baseline: JSONValue, current: JSONValue) -> [Finding] {
    var findings: [Finding] = []
    compare(baseline, current, pointer: "", pattern: "", key: nil, into: &findings)
    return findings
  }

  private func compare(_ old: JSONValue, _ new: JSONValue, pointer: String, pattern: String,
                       key: String?, into findings: inout [Finding])
  {
    if old == new { return }
    switch (old, new) {
    case (.object(let oldMembers), .object(let newMembers)):
      compareObjects(oldMembers, newMembers, pointer: pointer, pattern: pattern, into: &findings)
    case (.array(let oldElements), .array(let newElements)):
      compareArrays(oldElements, newElements, pointer: pointer, pattern: pattern, into: &findings)
    case (_, .null):
      findings.append(location.finding(
        .becameNull, at: pointer, "\(describe(pointer)) was \(old.typeName), is null now",
        baseline: old, current: new))
    case (.null, _):
      findings.append(location.finding(
        .becameNonNull, at: pointer, "\(describe(pointer)) was null, is \(new.typeName) now",
        baseline: old, current: new))
    default:
      if old.typeName != new.typeName {
        findings.append(location.finding(
          .typeChanged, at: pointer,
          "\(describe(pointer)) changed type from \(old.typeName) to \(new.typeName)",
          baseline: old, current: new))
        return
      }
      compareScalars(old, new, pointer: pointer, pattern: pattern, key: key, into: &findings)
    }
  }

  private func compareScalars(_ old: JSONValue, _ new: JSONValue, pointer: String,
                              pattern: String, key: String?, into findings: inout [Finding])
  {
    switch roles.role(pointer: pointer, pattern: pattern, key: key) {
    case .identity:
      findings.append(location.finding(
        .identityChanged, at: pointer,
        "identity \(describe(pointer)) changed; clients and SwiftUI see a different view model",
        baseline: old, current: new))
    case .localized:
      findings.append(location.finding(
        .textChanged, at: pointer, "text of \(describe(pointer)) changed",
        baseline: old, current: new))
    case .plain:
      findings.append(location.finding(
        .valueChanged, at: pointer, "value of \(describe(pointer)) changed",
        baseline: old, current: new))
    }
  }

  private func compareObjects(_ old: [String: JSONValue], _ new: [String: JSONValue],
                              pointer: String, pattern: String, into findings: inout [Finding])
  {
    let removed = old.keys.filter { new[$0] == nil }.sorted(by: codePointOrder)
    let added = new.keys.filter { old[$0] == nil }.sorted(by: codePointOrder)
    for key in removed {
      let path = JSONPointer.appending(key, to: pointer)
      var message = "field \(describe(path)) is gone; clients that require it fail to decode"
      if let value = old[key], let rename = added.first(where: { new[$0] == value }) {
        message += " (looks like a rename to '\(rename)': old clients break either way)"
      }
      findings.append(location.finding(.fieldRemoved, at: path, message, baseline: old[key]))
    }
    for key in added {
      let path = JSONPointer.appending(key, to: pointer)
      var message = "new field \(describe(path))"
      if let value = new[key], let rename = removed.first(where: { old[$0] == value }) {
        message += " (looks like a rename of '\(rename)')"
      }
      findings.append(location.finding(.fieldAdded, at: path, message, current: new[key]))
    }
    for key in old.keys.filter({ new[$0] != nil }).sorted(by: codePointOrder) {
      guard let oldValue = old[key], let newValue = new[key], oldValue != newValue else { continue }
      compare(oldValue, newValue, pointer: JSONPointer.appending(key, to: pointer),
              pattern: JSONPointer.appending(key, to: pattern), key: key, into: &findings)
    }
  }

  private func compareArrays(_ old: [JSONValue], _ new: [JSONValue], pointer: String,
                             pattern: String, into findings: inout [Finding])
  {
    let elementPattern = JSONPointer.appending("*", to: pattern)
    for pair in ArrayMatching.pairs(old, new) {
      switch (pair.old, pair.new) {
      case (let oldIndex?, let newIndex?):
        compare(old[oldIndex], new[newIndex], pointer: JSONPointer.appending(newIndex, to: pointer),
                pattern: elementPattern, key: nil, into: &findings)
      case (let oldIndex?, nil):
        let path = JSONPointer.appending(oldIndex, to: pointer)
        findings.append(location.finding(
          .valueChanged, at: path, "element \(describe(path)) was removed from the list",
          baseline: old[oldIndex]))
      case (nil, let newIndex?):
        let path = JSONPointer.appending(newIndex, to: pointer)
        findings.append(location.finding(
          .valueChanged, at: path, "element \(describe(path)) was added to the list",
          current: new[newIndex]))
      case (nil, nil):
        continue
      }
    }
  }

  private func describe(_ pointer: String) -> String {
    pointer.isEmpty ? "the document" : "'\(pointer)'"
  }
}

/// Orders strings by Unicode code point, as canonical JSON orders keys.
func codePointOrder(_ lhs: String, _ rhs: String) -> Bool {
  lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
}
