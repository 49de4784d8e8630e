import ContractKitRuntime
/// What `merge` checks of each finding a shard report carries: nothing a report says about a
/// finding is trusted that the finding's kind and the shard's slice can decide.
///
/// - Its severity is its kind's (``FindingKind/defaultSeverity``): no run ever reports
///   another, so `field-removed` relabelled `info` is a forged report, never a pass.
/// - It is about a contract the shard checked (one in its list, or, for baselines no
///   contract owns any more, one its slice includes); a finding about no contract comes from
///   shard 1, which alone reports the store and the tree as a whole.
/// - It is no finding the merge decides itself from every shard (`key-unused`,
///   `version-bump-required`, a stale `Baselines.md`, a locale that lost most of its texts).
/// - It is in one shard only: the same finding in two would be counted twice.
extension ShardSet {
  /// Refuses the first finding of `reports` that breaks a rule above.
  /// - Parameters:
  ///   - reports: The reports, in the order given.
  ///   - name: The name of the report at a position, for errors.
  /// - Throws: ``InputError`` naming the report and the finding.
  static func verifyFindings(_ reports: [Report], name: (Int) -> String) throws(InputError) {
    var checkedBy: [String: Int] = [:]
    for (position, report) in reports.enumerated() {
      for contract in report.shard?.contracts ?? [] { checkedBy[contract.name] = position }
    }
    // Duplicates first, by what a finding says rather than by the values a shard attached
    // to it: a copy is a copy whichever shard it claims to come from.
    var firstSeen: [String: Int] = [:]
    for (position, report) in reports.enumerated() where report.shard != nil {
      for finding in report.findings {
        let identity = describe(finding) + " " + finding.severity.rawValue + " " + finding.message
        if let earlier = firstSeen[identity], earlier != position {
          throw InputError(
            file: name(position),
            reason: "its finding \(describe(finding)) is in \(name(earlier)) too: a finding "
              + "belongs to one shard, and merge never counts one twice")
        }
        firstSeen[identity] = position
      }
    }
    for (position, report) in reports.enumerated() {
      guard let record = report.shard else { continue }
      for finding in report.findings {
        func refuse(_ reason: String) -> InputError {
          InputError(file: name(position), reason: "its finding \(describe(finding)) \(reason)")
        }
        let expected = finding.kind.defaultSeverity
        if finding.severity != expected {
          throw refuse("says severity '\(finding.severity.rawValue)', but \(finding.kind.rawValue) "
            + "is always '\(expected.rawValue)': merge takes severity from the kind, never from "
            + "a report")
        }
        if isDecidedByMerge(finding) {
          throw refuse("is one only the merge of every shard decides; no shard reports it")
        }
        if let contract = finding.contract {
          let owner = checkedBy[contract]
          let sliceIncludes = (try? Shard(index: record.index, count: record.count))?
            .includes(contract) ?? false
          if owner != position, owner != nil || !sliceIncludes {
            throw refuse("is about contract '\(contract)', which shard \(record.index)/"
              + "\(record.count) did not check"
              + (owner.map { " (\(name($0)) checked it)" } ?? ""))
          }
        } else if record.index != 1 {
          throw refuse("is about no contract: only shard 1/\(record.count) reports the store and "
            + "the tree as a whole")
        }
      }
    }
  }

  /// Whether `finding` is one that only all shards together decide.
  private static func isDecidedByMerge(_ finding: Finding) -> Bool {
    switch finding.kind {
    // `break-unlogged` belongs to `report --against`, which never runs sharded.
    case .keyUnused, .versionBumpRequired, .breakUnlogged: true
    case .baselinesStale: finding.scope == .catalog
    case .translationLost: finding.scope.file == nil
    default: false
    }
  }

  /// `field-removed in C 1.0.0 en default at /a`: the finding's kind, scope and path.
  static func describe(_ finding: Finding) -> String {
    let coordinates = [finding.contract, finding.version, finding.locale, finding.variant]
      .compactMap { $0 }
    var text = finding.kind.rawValue
    if !coordinates.isEmpty { text += " in " + coordinates.joined(separator: " ") }
    if let path = finding.displayPath { text += " at \(path)" }
    return text
  }
}
