import ContractKitRuntime

/// The `"shard"` object of a `--shard` run's JSON report, written and read back.
///
/// ```json
/// "shard" : {
///   "command" : "check", "count" : 3, "index" : 1, "failOn" : "error",
///   "run" : "9c3e5b1f0a2d4e68", "directory" : ".VersionedTestJSON",
///   "versions" : ["1.0.0", "1.1.0"], "locales" : ["en", "es"],
///   "contracts" : [{"name" : "Card", "variants" : ["default", "empty"]}],
///   "coverage" : [{"locale" : "en", "resolved" : 4, "fellBack" : 0, "missing" : 0}],
///   "unresolvedKeys" : [{"locale" : "en", "key" : "Card.old", "file" : "en.yml",
///                        "line" : 7, "column" : 5}],
///   "document" : {"path" : "Baselines.md", "exists" : true, "coverageRows" : ["| en | …"]},
///   "release" : null,
///   "translations" : [{"locale" : "fr", "fallback" : "en", "files" : "read fr.yml"}],
///   "sources" : [{"finding" : 3, "file" : "es.yml", "line" : 12, "column" : 5}],
///   "entries" : [{"finding" : 0, "entry" : "Card_1.0.0.json"}],
///   "values" : [{"finding" : 2, "baseline" : "Weekly", "current" : "Weekly summary"}]
/// }
/// ```
/// `sources` gives the translation file of the report's store findings, `entries` the
/// tree entry that findings about one are about, and `values` the baseline and current
/// values a finding carries (a key is left out when its value is absent), by their index in
/// `findings`: the fixed finding shape has no place for any of them, and a merged report
/// shows values as the unsharded run's does.
extension JSONReporter {
  /// The keys of the shard object.
  static let shardKeys = [
    "index", "count", "run", "command", "failOn", "directory", "versions", "locales",
    "contracts", "coverage", "unresolvedKeys", "document", "release", "translations",
    "sources", "entries", "values",
  ]

  /// `shard` as the JSON object, with the sources of `findings` (in report order).
  static func value(of shard: ShardRecord, findings: [Finding]) -> JSONValue {
    let int = { (value: Int) in JSONValue.number(JSONNumber(value)) }
    let strings = { (values: [String]) in JSONValue.array(values.map(JSONValue.string)) }
    func source(_ location: TranslationLocation?) -> [String: JSONValue] {
      ["file": location.map { .string($0.file) } ?? .null,
       "line": location.map { int($0.line) } ?? .null,
       "column": location.map { int($0.column) } ?? .null]
    }
    let sources = findings.enumerated().compactMap { index, finding -> JSONValue? in
      guard let location = finding.scope.source else { return nil }
      return .object(source(location).merging(["finding": int(index)]) { $1 })
    }
    let entries = findings.enumerated().compactMap { index, finding -> JSONValue? in
      guard case .entry(let path) = finding.scope else { return nil }
      return .object(["finding": int(index), "entry": .string(path)])
    }
    return .object([
      "index": int(shard.index),
      "count": int(shard.count),
      "run": .string(shard.run),
      "command": .string(shard.command),
      "failOn": .string(shard.failOn.rawValue),
      "directory": .string(shard.directory),
      "versions": strings(shard.versions.map(\.versionString)),
      "locales": strings(shard.locales),
      "contracts": .array(shard.contracts.map {
        .object(["name": .string($0.name), "variants": strings($0.variants)])
      }),
      "coverage": .array(shard.coverage.map {
        .object(["locale": .string($0.locale), "resolved": int($0.resolved),
                 "fellBack": int($0.fellBack), "missing": int($0.missing)])
      }),
      "unresolvedKeys": .array(shard.unresolvedKeys.map {
        .object(source($0.source)
          .merging(["locale": .string($0.locale), "key": .string($0.key)]) { $1 })
      }),
      "document": .object([
        "path": .string(shard.document.path),
        "exists": .bool(shard.document.exists),
        "coverageRows": shard.document.coverageRows.map(strings) ?? .null,
      ]),
      "release": shard.comparison.map { comparison in
        .object([
          "versions": strings(comparison.versions.map(\.versionString)),
          "previous": comparison.previous.map { .string($0.versionString) } ?? .null,
          "current": comparison.current.map { .string($0.versionString) } ?? .null,
          "changes": .array(comparison.changes.keys.sorted(by: codePointOrder).map { contract in
            .object([
              "contract": .string(contract),
              "kinds": strings((comparison.changes[contract] ?? []).map(\.rawValue).sorted()),
            ])
          }),
        ])
      } ?? .null,
      "translations": .array(shard.translations.map {
        .object(["locale": .string($0.locale), "fallback": .string($0.fallback),
                 "files": .string($0.files)])
      }),
      "sources": .array(sources),
      "entries": .array(entries),
      "values": .array(findings.enumerated().compactMap { index, finding -> JSONValue? in
        guard finding.baseline != nil || finding.current != nil else { return nil }
        var members = ["finding": int(index)]
        members["baseline"] = finding.baseline
        members["current"] = finding.current
        return .object(members)
      }),
    ])
  }
}

extension ReportShapeReader {
  /// The shard object at `pointer`, and what it gives findings that the fixed shape cannot
  /// spell, by finding index: a scope (a store finding's translation file, a tree entry) and
  /// the baseline and current values.
  func shard(_ value: JSONValue, at pointer: String) throws(InputError)
    -> (record: ShardRecord, scopes: [Int: FindingScope],
        values: [Int: (baseline: JSONValue?, current: JSONValue?)])
  {
    let members = try object(value, at: pointer, keys: JSONReporter.shardKeys)
    func at(_ key: String) -> String { pointer + "/" + key }
    let contracts = try array(members["contracts"], at: at("contracts")).enumerated().map {
      (index, element) throws(InputError) -> ShardContract in
      let place = at("contracts") + "/\(index)"
      let contract = try object(element, at: place, keys: ["name", "variants"])
      return ShardContract(name: try string(contract, "name", at: place),
                           variants: try strings(contract["variants"], at: place + "/variants"))
    }
    let coverage = try array(members["coverage"], at: at("coverage")).enumerated().map {
      (index, element) throws(InputError) -> LocaleCoverage in
      let place = at("coverage") + "/\(index)"
      let entry = try object(element, at: place,
                             keys: ["locale", "resolved", "fellBack", "missing"])
      return LocaleCoverage(
        locale: try string(entry, "locale", at: place),
        resolved: try count(entry, "resolved", at: place),
        fellBack: try count(entry, "fellBack", at: place),
        missing: try count(entry, "missing", at: place))
    }
    let keys = try array(members["unresolvedKeys"], at: at("unresolvedKeys")).enumerated().map {
      (index, element) throws(InputError) -> UnresolvedKey in
      let place = at("unresolvedKeys") + "/\(index)"
      let entry = try object(element, at: place,
                             keys: ["locale", "key", "file", "line", "column"])
      return UnresolvedKey(locale: try string(entry, "locale", at: place),
                           key: try string(entry, "key", at: place),
                           source: try location(entry, at: place))
    }
    let translations = try array(members["translations"], at: at("translations")).enumerated()
      .map { (index, element) throws(InputError) -> LocaleTranslations in
        let place = at("translations") + "/\(index)"
        let entry = try object(element, at: place, keys: ["locale", "fallback", "files"])
        return LocaleTranslations(locale: try string(entry, "locale", at: place),
                                  fallback: try string(entry, "fallback", at: place),
                                  files: try string(entry, "files", at: place))
      }
    var scopes: [Int: FindingScope] = [:]
    for (index, element) in try array(members["sources"], at: at("sources")).enumerated() {
      let place = at("sources") + "/\(index)"
      let entry = try object(element, at: place, keys: ["finding", "file", "line", "column"])
      guard let location = try location(entry, at: place) else {
        throw error("expected a file, line and column at \(place)")
      }
      // The locale is the finding's own, filled in by the reader.
      scopes[try count(entry, "finding", at: place)] = .store(locale: "", source: location)
    }
    for (index, element) in try array(members["entries"], at: at("entries")).enumerated() {
      let place = at("entries") + "/\(index)"
      let entry = try object(element, at: place, keys: ["finding", "entry"])
      scopes[try count(entry, "finding", at: place)] = .entry(try string(entry, "entry", at: place))
    }
    var values: [Int: (baseline: JSONValue?, current: JSONValue?)] = [:]
    for (index, element) in try array(members["values"], at: at("values")).enumerated() {
      let place = at("values") + "/\(index)"
      guard case .object(let entry) = element,
            entry.keys.allSatisfy(["finding", "baseline", "current"].contains)
      else { throw error("expected an object of \"finding\", \"baseline\", \"current\" at \(place)") }
      values[try count(entry, "finding", at: place)] = (entry["baseline"], entry["current"])
    }
    let document = try object(members["document"] ?? .null, at: at("document"),
                              keys: ["path", "exists", "coverageRows"])
    guard case .bool(let exists) = document["exists"] ?? .null else {
      throw error("expected true or false at \(at("document"))/exists")
    }
    let rows = document["coverageRows"] == .null
      ? nil : try strings(document["coverageRows"], at: at("document") + "/coverageRows")
    var comparison: ReleaseComparison?
    if let value = members["release"], value != .null {
      let place = at("release")
      let entry = try object(value, at: place, keys: ["versions", "previous", "current", "changes"])
      func optionalVersion(_ key: String) throws(InputError) -> SystemVersion? {
        entry[key] == .null ? nil : try version(entry, key, at: place)
      }
      var changes: [String: Set<FindingKind>] = [:]
      for (index, element) in try array(entry["changes"], at: place + "/changes").enumerated() {
        let item = place + "/changes/\(index)"
        let change = try object(element, at: item, keys: ["contract", "kinds"])
        let contract = try string(change, "contract", at: item)
        for text in try strings(change["kinds"], at: item + "/kinds") {
          guard let kind = FindingKind(rawValue: text) else {
            throw error("unknown finding kind \"\(text)\" at \(item)/kinds")
          }
          changes[contract, default: []].insert(kind)
        }
      }
      comparison = ReleaseComparison(
        versions: try strings(entry["versions"], at: place + "/versions").enumerated().map {
          (index, text) throws(InputError) -> SystemVersion in
          do { return try SystemVersion(parsing: text) } catch {
            throw self.error("\(error) at \(place)/versions/\(index)")
          }
        },
        previous: try optionalVersion("previous"), current: try optionalVersion("current"),
        changes: changes)
    }
    var record = ShardRecord(
      index: try count(members, "index", at: pointer),
      count: try count(members, "count", at: pointer),
      run: try string(members, "run", at: pointer),
      command: try string(members, "command", at: pointer),
      failOn: try choice(members, "failOn", at: pointer, what: "severity"),
      directory: try string(members, "directory", at: pointer),
      versions: try strings(members["versions"], at: at("versions")).enumerated().map {
        (index, text) throws(InputError) -> SystemVersion in
        do { return try SystemVersion(parsing: text) } catch {
          throw self.error("\(error) at \(at("versions"))/\(index)")
        }
      },
      locales: try strings(members["locales"], at: at("locales")),
      contracts: contracts, coverage: coverage, unresolvedKeys: keys,
      document: DocumentState(path: try string(document, "path", at: at("document")),
                              exists: exists, coverageRows: rows),
      comparison: comparison)
    record.translations = translations
    return (record, scopes, values)
  }

  /// The elements of the array `value`.
  private func array(_ value: JSONValue?, at pointer: String) throws(InputError) -> [JSONValue] {
    guard case .array(let elements)? = value else { throw error("expected an array at \(pointer)") }
    return elements
  }

  /// The strings of the array `value`.
  private func strings(_ value: JSONValue?, at pointer: String) throws(InputError) -> [String] {
    try array(value, at: pointer).enumerated().map { (index, element) throws(InputError) in
      guard case .string(let text) = element else {
        throw error("expected a string at \(pointer)/\(index)")
      }
      return text
    }
  }

  /// The version under `key`.
  private func version(_ members: [String: JSONValue], _ key: String, at pointer: String)
    throws(InputError) -> SystemVersion
  {
    let text = try string(members, key, at: pointer)
    do { return try SystemVersion(parsing: text) } catch {
      throw self.error("\(error) at \(pointer)/\(key)")
    }
  }

  /// `file`, `line` and `column`, all `null` or all given.
  private func location(_ members: [String: JSONValue], at pointer: String) throws(InputError)
    -> TranslationLocation?
  {
    guard let file = try optionalString(members, "file", at: pointer) else {
      guard members["line"] == .null, members["column"] == .null else {
        throw error("expected line and column to be null without a file at \(pointer)")
      }
      return nil
    }
    return TranslationLocation(file: file, line: try count(members, "line", at: pointer),
                               column: try count(members, "column", at: pointer))
  }
}
