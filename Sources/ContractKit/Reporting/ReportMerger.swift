/// Reads JSON reports back and merges the reports of `--shard` runs into one gate report.
///
/// ```swift
/// let shards = try files.map { try ReportMerger.read(bytes(of: $0), file: $0) }
/// let report = ReportMerger.merge(shards, failOn: .error)
/// ```
/// A CI matrix checks 1/N of the contracts on each machine with `--format json`; `contracts
/// merge` reads the N files and gives the verdict the single run would have given.
public enum ReportMerger {
  /// Parses one JSON report of the fixed shape, strictly.
  ///
  /// The JSON report carries neither the command, the version and locale counts, coverage,
  /// the baseline directory nor `--strict`, so the result has `command` `"report"`, zero
  /// versions and locales, no coverage, ``BaselineLayout/directoryName`` and failing on errors;
  /// its summary is the file's, as written.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - file: The file's path, for errors.
  /// - Throws: ``InputError`` naming `file` and, for a wrong shape, the JSON Pointer of the
  ///   offending value (`expected a string at /findings/3/kind`): invalid JSON, a missing,
  ///   extra or mistyped key, an unknown kind, severity, gate or bump, a negative count.
  public static func read(_ bytes: [UInt8], file: String) throws(InputError) -> Report {
    let reader = _ShapeReader(file: file)
    let root = try reader.object(try JSONParser.parse(bytes, file: file), at: "",
                                 keys: JSONReporter.rootKeys)
    guard case .array(let elements) = root["findings"] ?? .null else {
      throw reader.error("expected an array at /findings")
    }
    var findings: [Finding] = []
    for (index, element) in elements.enumerated() {
      findings.append(
        try reader.finding(element, at: JSONPointer.appending(index, to: "/findings")))
    }
    let summary = try reader.summary(root["summary"] ?? .null, at: "/summary")
    return Report(command: "report", findings: findings, summary: summary,
                  baselineDirectory: BaselineLayout.directoryName)
  }

  /// Merges shard reports into one gate report with command `merge`.
  ///
  /// Findings are concatenated without exact duplicates and re-sorted; errors, warnings,
  /// infos and the gate are recounted from them (failing at `failOn` and above). Shards
  /// cover disjoint contracts, so contract and baseline counts add up, coverage adds up per
  /// locale, versions and locales are the largest of any shard, and the required bump is
  /// the largest. The baseline directory is the first report's.
  public static func merge(_ reports: [Report], failOn: Severity) -> Report {
    var seen: Set<Finding> = []
    let findings = reports.flatMap(\.findings).filter { seen.insert($0).inserted }
    let summary = Summary(
      findings: findings,
      contracts: reports.map(\.summary.contracts).reduce(0, +),
      versions: reports.map(\.summary.versions).max() ?? 0,
      locales: reports.map(\.summary.locales).max() ?? 0,
      baselines: reports.map(\.summary.baselines).reduce(0, +),
      failOn: failOn,
      requiredBump: reports.map(\.summary.requiredBump).max() ?? .none)
    return Report(
      command: "merge", findings: findings, summary: summary,
      coverage: mergedCoverage(reports.flatMap(\.coverage)),
      baselineDirectory: reports.first?.baselineDirectory ?? BaselineLayout.directoryName,
      failOn: failOn)
  }

  /// Coverage summed per locale, locales in first-appearance order.
  private static func mergedCoverage(_ entries: [LocaleCoverage]) -> [LocaleCoverage] {
    var merged: [LocaleCoverage] = []
    var indexByLocale: [String: Int] = [:]
    for entry in entries {
      if let index = indexByLocale[entry.locale] {
        merged[index].resolved += entry.resolved
        merged[index].fellBack += entry.fellBack
        merged[index].missing += entry.missing
      } else {
        indexByLocale[entry.locale] = merged.count
        merged.append(entry)
      }
    }
    return merged
  }
}

/// Checks a parsed JSON report against the fixed shape, naming the pointer of each problem.
private struct _ShapeReader {
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
  private func string(_ members: [String: JSONValue], _ key: String, at pointer: String)
    throws(InputError) -> String
  {
    guard case .string(let text) = members[key] ?? .null else {
      throw error("expected a string at \(pointer)/\(key)")
    }
    return text
  }

  /// The string under `key`, or `nil` for `null`.
  private func optionalString(_ members: [String: JSONValue], _ key: String,
                              at pointer: String) throws(InputError) -> String?
  {
    switch members[key] ?? .null {
    case .null: return nil
    case .string(let text): return text
    default: throw error("expected a string or null at \(pointer)/\(key)")
    }
  }

  /// The non-negative integer under `key`.
  private func count(_ members: [String: JSONValue], _ key: String, at pointer: String)
    throws(InputError) -> Int
  {
    guard case .number(let number) = members[key] ?? .null, let value = Int(number.canonical),
      value >= 0
    else { throw error("expected a non-negative integer at \(pointer)/\(key)") }
    return value
  }

  /// A string that must be the raw value of one of `T`'s cases.
  private func choice<T: RawRepresentable & CaseIterable>(
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
