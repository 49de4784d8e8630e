import ContractKitRuntime

/// Checks a parsed JSON report against its fixed shape, naming the JSON Pointer of each
/// problem: `expected a string at /findings/3/kind`.
struct ReportShapeReader {
  var file: String

  /// An error about this file.
  func error(_ reason: String) -> InputError { InputError(file: file, reason: reason) }

  /// `/findings/3` for a pointer, `the document root` for `""`.
  private func place(_ pointer: String) -> String {
    pointer.isEmpty ? "the document root" : pointer
  }

  /// The members of an object that has exactly `keys`.
  func object(_ value: JSONValue, at pointer: String, keys: [String]) throws(InputError)
    -> [String: JSONValue]
  {
    guard case .object(let members) = value else {
      throw error("expected an object at \(place(pointer))")
    }
    if let missing = keys.first(where: { members[$0] == nil }) {
      throw error("missing key \"\(missing)\" at \(place(pointer))")
    }
    let extra = members.keys.filter { !keys.contains($0) }
      .sorted { codePointOrder($0, $1) }
    if let extra = extra.first {
      throw error("unexpected key at \(JSONPointer.appending(extra, to: pointer))")
    }
    return members
  }

  /// One finding object.
  func finding(_ value: JSONValue, at pointer: String) throws(InputError) -> Finding {
    let members = try object(value, at: pointer, keys: JSONReporter.findingKeys)
    let kind: FindingKind = try choice(members, "kind", at: pointer, what: "finding kind")
    let severity: Severity = try choice(members, "severity", at: pointer, what: "severity")
    var version: SystemVersion?
    if let text = try optionalString(members, "version", at: pointer) {
      do { version = try SystemVersion(parsing: text) } catch {
        throw self.error("\(error.description) at \(pointer)/version")
      }
    }
    guard let scope = FindingScope(
      contract: try optionalString(members, "contract", at: pointer), version: version,
      locale: try optionalString(members, "locale", at: pointer),
      variant: try optionalString(members, "variant", at: pointer))
    else {
      throw error("contract, version, locale and variant at \(pointer) name no scope a "
        + "finding can have (a variant needs a locale, a locale in a contract needs a version)")
    }
    return Finding(
      kind, severity: severity, scope: scope,
      path: try optionalString(members, "path", at: pointer),
      message: try string(members, "message", at: pointer))
  }

  /// The summary object.
  func summary(_ value: JSONValue, at pointer: String) throws(InputError) -> Summary {
    let members = try object(value, at: pointer, keys: JSONReporter.summaryKeys)
    let gate = try string(members, "gate", at: pointer)
    guard gate == "pass" || gate == "fail" else {
      throw error("unknown gate \"\(gate)\" at \(pointer)/gate (expected pass or fail)")
    }
    return Summary(
      contracts: try count(members, "contracts", at: pointer), versions: 0, locales: 0,
      baselines: try count(members, "baselines", at: pointer),
      errors: try count(members, "errors", at: pointer),
      warnings: try count(members, "warnings", at: pointer),
      infos: try count(members, "infos", at: pointer),
      gatePasses: gate == "pass",
      requiredBump: try choice(members, "requiredBump", at: pointer, what: "required bump"))
  }

  /// The string under `key`.
  func string(_ members: [String: JSONValue], _ key: String, at pointer: String)
    throws(InputError) -> String
  {
    guard case .string(let text) = members[key] ?? .null else {
      throw error("expected a string at \(pointer)/\(key)")
    }
    return text
  }

  /// The string under `key`, or `nil` for `null`.
  func optionalString(_ members: [String: JSONValue], _ key: String,
                              at pointer: String) throws(InputError) -> String?
  {
    switch members[key] ?? .null {
    case .null: return nil
    case .string(let text): return text
    default: throw error("expected a string or null at \(pointer)/\(key)")
    }
  }

  /// The non-negative integer under `key`.
  func count(_ members: [String: JSONValue], _ key: String, at pointer: String)
    throws(InputError) -> Int
  {
    guard case .number(let number) = members[key] ?? .null, let value = Int(number.canonical),
      value >= 0
    else { throw error("expected a non-negative integer at \(pointer)/\(key)") }
    return value
  }

  /// A string that must be the raw value of one of `T`'s cases.
  func choice<T: RawRepresentable & CaseIterable>(
    _ members: [String: JSONValue], _ key: String, at pointer: String, what: String
  ) throws(InputError) -> T where T.RawValue == String {
    let text = try string(members, key, at: pointer)
    guard let value = T(rawValue: text) else {
      let known = T.allCases.map(\.rawValue).joined(separator: ", ")
      throw error("unknown \(what) \"\(text)\" at \(pointer)/\(key) (expected one of: \(known))")
    }
    return value
  }
}
