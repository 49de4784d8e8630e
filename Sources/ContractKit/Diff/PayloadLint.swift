/// Problems visible in one payload on its own, whatever the baseline says.
///
/// - `identity-collision`: elements of one array share a `vmId` (a type-based singleton id
///   on list rows is the usual cause), reported at the array's path once per shared id;
/// - `placeholder-unresolved`: a string still containing `%{name}`;
/// - `translation-missing`: a localized string that is empty (only when `roles` are given;
///   the harness knows missing keys exactly from its resolution log instead).
enum PayloadLint {
  static func findings(in value: JSONValue, location: DiffLocation, roles: PathRoles?)
    -> [Finding]
  {
    // Nearly every payload has nothing to report: a walk that spells no pointers says so.
    guard mayHaveFindings(value, checksEmptyStrings: roles != nil) else { return [] }
    var findings: [Finding] = []
    walk(value, pointer: "", pattern: "", key: nil, location: location, roles: roles,
         into: &findings)
    return findings
  }

  private static func walk(_ value: JSONValue, pointer: String, pattern: String, key: String?,
                           location: DiffLocation, roles: PathRoles?,
                           into findings: inout [Finding])
  {
    switch value {
    case .string(let text):
      let names = Placeholders.names(in: text)
      if !names.isEmpty {
        findings.append(location.finding(
          .placeholderUnresolved, at: pointer,
          "'\(pointer)' still contains \(names.map { "%{\($0)}" }.joined(separator: ", "))",
          current: value))
      }
      if text.isEmpty, let roles, roles.role(pointer: pointer, pattern: pattern, key: key) == .localized {
        findings.append(location.finding(
          .translationMissing, at: pointer,
          "'\(pointer)' is empty in \(location.locale)", current: value))
      }
    case .object(let members):
      for name in members.keys.sorted(by: codePointOrder) {
        guard let member = members[name] else { continue }
        walk(member, pointer: JSONPointer.appending(name, to: pointer),
             pattern: JSONPointer.appending(name, to: pattern), key: name, location: location,
             roles: roles, into: &findings)
      }
    case .array(let elements):
      reportCollisions(elements, pointer: pointer, location: location, into: &findings)
      let elementPattern = JSONPointer.appending("*", to: pattern)
      for (index, element) in elements.enumerated() {
        walk(element, pointer: JSONPointer.appending(index, to: pointer), pattern: elementPattern,
             key: nil, location: location, roles: roles, into: &findings)
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
        if let id = element["vmId"]?.stringValue, !ids.insert(id).inserted { return true }
        if mayHaveFindings(element, checksEmptyStrings: checksEmptyStrings) { return true }
      }
      return false
    case .null, .bool, .number:
      return false
    }
  }

  private static func reportCollisions(_ elements: [JSONValue], pointer: String,
                                       location: DiffLocation, into findings: inout [Finding])
  {
    var indicesById: [String: [Int]] = [:]
    var order: [String] = []
    for (index, element) in elements.enumerated() {
      guard let id = element["vmId"]?.stringValue else { continue }
      if indicesById[id] == nil { order.append(id) }
      indicesById[id, default: []].append(index)
    }
    for id in order {
      guard let indices = indicesById[id], indices.count > 1 else { continue }
      findings.append(location.finding(
        .identityCollision, at: pointer,
        "elements \(indices.map(String.init).joined(separator: ", ")) of '\(pointer)' share vmId "
          + "'\(id)'; SwiftUI cannot tell these rows apart (use ViewModelId(id:) from row data)",
        current: .string(id)))
    }
  }
}
