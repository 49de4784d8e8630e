import ContractKitRuntime

/// The reports of every shard of one run, checked to be exactly that, and what only all of
/// them together say.
///
/// Each report must carry a shard object and a summary that its own findings and cases
/// give; together they must be shards 1…N of one N, each once, of one run (one fingerprint,
/// one command), with no contract in two of them, and every finding must be one its shard
/// could report (`ShardSet+Findings.swift`).
struct ShardSet {
  /// The shard records, by index.
  let records: [ShardRecord]
  /// The reports' names together, for errors about the whole set.
  let names: String

  /// Shard 1's record: what every shard of the run shares (versions, locales, document).
  var first: ShardRecord { records[0] }

  /// Checks `reports`, named by `names` in errors (`report 2` when not given).
  /// - Throws: ``InputError`` naming the report and what is wrong with the set.
  init(_ reports: [Report], names: [String] = []) throws(InputError) {
    func name(_ index: Int) -> String {
      names.indices.contains(index) ? names[index] : "report \(index + 1)"
    }
    let all = names.isEmpty ? "merge" : names.joined(separator: ", ")
    guard !reports.isEmpty else {
      throw InputError(file: all, reason: "no report to merge")
    }
    var byIndex: [Int: (record: ShardRecord, name: String)] = [:]
    var firstRead: (record: ShardRecord, name: String)?
    var owners: [String: String] = [:]
    for (position, report) in reports.enumerated() {
      guard let record = report.shard else {
        throw InputError(
          file: name(position),
          reason: "has no \"shard\" object: it was not written by a --shard run; merge reads "
            + "the JSON reports of every shard of one run")
      }
      try Self.verify(report, record, name: name(position))
      if let firstRead {
        try Self.sameRun(record, name(position), firstRead.record, firstRead.name)
      } else {
        firstRead = (record, name(position))
      }
      if let twice = byIndex[record.index] {
        throw InputError(file: name(position),
                         reason: "is shard \(record.index)/\(record.count) again, as "
                           + "\(twice.name) is: each shard must be given once")
      }
      for contract in record.contracts {
        if let owner = owners[contract.name] {
          throw InputError(file: name(position),
                           reason: "checked contract '\(contract.name)', which \(owner) checked "
                             + "too: the reports are not the shards of one run")
        }
        owners[contract.name] = name(position)
      }
      byIndex[record.index] = (record, name(position))
    }
    let count = firstRead?.record.count ?? 0
    if let missing = (1...max(1, count)).first(where: { byIndex[$0] == nil }) {
      throw InputError(
        file: all,
        reason: "shard \(missing)/\(count) is missing: merge needs the report of every shard "
          + "of the run (\(count) in all), got \(reports.count)")
    }
    try Self.verifyFindings(reports, name: name)
    records = (1...count).compactMap { byIndex[$0]?.record }
    self.names = all
  }

  /// Refuses a report whose summary is not what its findings and cases give.
  private static func verify(_ report: Report, _ record: ShardRecord, name: String)
    throws(InputError)
  {
    guard (1...max(1, record.count)).contains(record.index) else {
      throw InputError(file: name, reason: "is shard \(record.index)/\(record.count), which "
        + "does not exist")
    }
    let findings = report.findings
    let summary = report.summary
    let requiredBump = record.comparison?.requiredBump ?? .none
    let claims: [(String, String, String)] = [
      ("errors", "\(summary.errors)", "\(findings.filter { $0.severity == .error }.count)"),
      ("warnings", "\(summary.warnings)", "\(findings.filter { $0.severity == .warning }.count)"),
      ("infos", "\(summary.infos)", "\(findings.filter { $0.severity == .info }.count)"),
      ("gate", summary.gatePasses ? "pass" : "fail",
       findings.contains { $0.severity >= record.failOn } ? "fail" : "pass"),
      ("contracts", "\(summary.contracts)", "\(record.contracts.count)"),
      ("baselines", "\(summary.baselines)", record.caseCount.map {
        String(Summary.committedBaselines(cases: $0, findings: findings))
      } ?? "too many"),
      ("requiredBump", summary.requiredBump.rawValue, requiredBump.rawValue),
    ]
    if let (key, claimed, actual) = claims.first(where: { $0.1 != $0.2 }) {
      throw InputError(
        file: name,
        reason: "its summary disagrees with its findings: it claims \(key) \(claimed), its "
          + "findings and cases give \(actual); merge never trusts a report's counts")
    }
  }

  /// Refuses two records of different runs.
  private static func sameRun(_ record: ShardRecord, _ name: String, _ other: ShardRecord,
                              _ otherName: String) throws(InputError)
  {
    var differences: [String] = []
    if record.count != other.count {
      differences.append("one of \(record.count) shards, not of \(other.count)")
    }
    if record.command != other.command {
      differences.append("a '\(record.command)' report, not '\(other.command)'")
    }
    if record.run != other.run {
      differences.append("of run \(record.run), not \(other.run) (the catalog, the store, the "
        + "tree or Baselines.md differ)")
    }
    let compared = { (record: ShardRecord) in
      record.comparison.map { [$0.versions, [$0.previous, $0.current].compactMap { $0 }] }
    }
    if compared(record) != compared(other) {
      differences.append("comparing other versions")
    }
    guard let difference = differences.first else { return }
    throw InputError(file: name, reason: "is not a shard of the same run as \(otherName): it is "
      + difference)
  }

  /// Every shard's contracts, in shard order.
  var contractCount: Int { records.reduce(0) { $0 + $1.contracts.count } }

  /// Every case the shards checked, shard by shard.
  var cases: [ContractCase] { records.flatMap(\.cases) }

  /// How many cases the shards checked.
  /// - Throws: ``InputError`` when the count does not fit an `Int`.
  func caseCount() throws(InputError) -> Int {
    var total = 0
    for record in records {
      guard let count = record.caseCount,
        case (let sum, false) = total.addingReportingOverflow(count)
      else { throw overflow("baselines") }
      total = sum
    }
    return total
  }

  /// Coverage summed per locale, in the catalog's locale order.
  /// - Throws: ``InputError`` when a sum does not fit an `Int`.
  func coverage() throws(InputError) -> [LocaleCoverage] {
    var sums = Dictionary(uniqueKeysWithValues: first.locales.map { ($0, LocaleCoverage(
      locale: $0, resolved: 0, fellBack: 0, missing: 0)) })
    for record in records {
      for entry in record.coverage {
        guard var sum = sums[entry.locale] else {
          throw InputError(file: names,
                           reason: "shard \(record.index)/\(record.count) has coverage of "
                             + "'\(entry.locale)', a locale its catalog lacks")
        }
        for path in [\LocaleCoverage.resolved, \.fellBack, \.missing] {
          let (value, overflow) = sum[keyPath: path].addingReportingOverflow(entry[keyPath: path])
          guard !overflow else { throw self.overflow("coverage of \(entry.locale)") }
          sum[keyPath: path] = value
        }
        guard case (_, false) = sum.resolved.addingReportingOverflow(sum.fellBack),
          case (_, false) = (sum.resolved + sum.fellBack).addingReportingOverflow(sum.missing)
        else { throw overflow("coverage of \(entry.locale)") }
        sums[entry.locale] = sum
      }
    }
    return first.locales.compactMap { sums[$0] }
  }

  /// `key-unused` for each key that no shard resolved.
  func unusedKeys() -> [Finding] {
    var unresolvedBy: [UnresolvedKey: Int] = [:]
    for record in records {
      for key in Set(record.unresolvedKeys) { unresolvedBy[key, default: 0] += 1 }
    }
    return first.unresolvedKeys.filter { unresolvedBy[$0] == records.count }.map {
      .keyUnused($0.key, locale: $0.locale, source: $0.source)
    }
  }

  /// `baselines-stale` for `Baselines.md` unless all but its coverage table matched: the
  /// table is what the last `record` counted, which an unsharded check does not compare
  /// either (``BaselinesDocument/staleness(catalog:tree:coverage:files:)``).
  func staleDocument() -> Finding? {
    let document = first.document
    guard document.coverageRows != nil else {
      return .staleDocument(display: document.path, exists: document.exists)
    }
    return nil
  }

  /// The release comparison of every shard together: their changes added up.
  var comparison: ReleaseComparison? {
    ReleaseComparison.merging(records.compactMap(\.comparison))
  }

  private func overflow(_ what: String) -> InputError {
    InputError(file: names, reason: "the shards' \(what) add up to more than a count can hold")
  }
}
