import ContractKitRuntime

/// Problems visible in one payload on its own, whatever the baseline says.
///
/// - `identity-collision`: elements of one array share a `vmId` (a type-based singleton id
///   on list rows is the usual cause), reported at the array's path once per shared id;
/// - `placeholder-unresolved`: a string still containing `%{name}`;
/// - `translation-missing`: a localized string that is empty (only when `roles` are given;
///   the harness knows missing keys exactly from its resolution log instead).
enum PayloadLint {
  static func findings(in value: JSONValue, file: ContractCase, roles: PathRoles?)
    -> [Finding]
  {
    // Nearly every payload has nothing to report: a walk that spells no pointers says so.
    guard mayHaveFindings(value, checksEmptyStrings: roles != nil) else { return [] }
    var findings: [Finding] = []
    walk(value, pointer: "", pattern: "", key: nil, file: file, roles: roles,
         into: &findings)
    return findings
  }

  private static func walk(_ value: JSONValue, pointer: String, pattern: String, key: String?,
                           file: ContractCase, roles: PathRoles?,
                           into findings: inout [Finding])
  {
    switch value {
    case .string(let text):
      let names = Placeholders.names(in: text)
      if !names.isEmpty {
        findings.append(.placeholderUnresolved(at: pointer, in: file, names: names, now: value))
      }
      if text.isEmpty, let roles, roles.role(pointer: pointer, pattern: pattern, key: key) == .localized {
        findings.append(.emptyText(at: pointer, in: file, now: value))
      }
    case .object(let members):
      for name in members.keys.sorted(by: codePointOrder) {
        guard let member = members[name], !WireIdentity.isIdentityObject(member, key: name)
        else { continue }
        walk(member, pointer: JSONPointer.appending(name, to: pointer),
             pattern: JSONPointer.appending(name, to: pattern), key: name, file: file,
             roles: roles, into: &findings)
      }
    case .array(let elements):
      reportCollisions(elements, pointer: pointer, file: file, into: &findings)
      let elementPattern = JSONPointer.appending("*", to: pattern)
      for (index, element) in elements.enumerated() {
        walk(element, pointer: JSONPointer.appending(index, to: pointer), pattern: elementPattern,
             key: nil, file: file, roles: roles, into: &findings)
      }
    case .null, .bool, .number:
      return
    }
  }

  /// Whether `value` holds a placeholder, an array with a repeated `vmId`, or (when
  /// `checksEmptyStrings`) an empty string: the only things ``walk`` can report.
  private static func mayHaveFindings(_ value: JSONValue, checksEmptyStrings: Bool) -> Bool {
    switch value {
    case .string(let text):
      return (checksEmptyStrings && text.isEmpty) || Placeholders.mayContainPlaceholder(text)
    case .object(let members):
      return members.values.contains { mayHaveFindings($0, checksEmptyStrings: checksEmptyStrings) }
    case .array(let elements):
      var ids = Set<String>()
      for element in elements {
        if let id = WireIdentity.stableText(of: element), !ids.insert(id).inserted { return true }
        if mayHaveFindings(element, checksEmptyStrings: checksEmptyStrings) { return true }
      }
      return false
    case .null, .bool, .number:
      return false
    }
  }

  private static func reportCollisions(_ elements: [JSONValue], pointer: String,
                                       file: ContractCase, into findings: inout [Finding])
  {
    var indicesById: [String: [Int]] = [:]
    var order: [String] = []
    for (index, element) in elements.enumerated() {
      guard let id = WireIdentity.stableText(of: element) else { continue }
      if indicesById[id] == nil { order.append(id) }
      indicesById[id, default: []].append(index)
    }
    for id in order {
      guard let indices = indicesById[id], indices.count > 1 else { continue }
      findings.append(.identityCollision(at: pointer, in: file, indices: indices, id: id))
    }
  }
}
