import ContractKitRuntime
import Foundation

/// What a `record` run writes, as its refusal and its log of accepted breaks see it: a break
/// is refused or logged only where this run writes its file.
extension Record {
  /// The payloads of `groups` whose baseline is missing or differs, by relative path.
  func changedPaths(_ groups: [GroupCheck.Outcome]) -> Set<String> {
    var paths = Set<String>()
    let files = BaselineFiles(root: catalog.effectiveBaselineDirectory)
    for group in groups where !group.changedCases.isEmpty {
      guard let contract = catalog.contract(named: group.contract) else { continue }
      let cases = GroupCheck(catalog: catalog, contract: contract, version: group.version,
                             files: files).cases
      for position in group.changedCases {
        paths.insert(cases[Int(position)].contractCase.relativePath)
      }
    }
    return paths
  }

  /// Whether `written` (relative paths) holds a file the finding about `scope` is about.
  static func wrote(_ scope: FindingScope, in written: [String]) -> Bool {
    switch scope {
    case .file(let file): return written.contains(file.relativePath)
    case .version(let folder):
      return written.contains { $0.hasPrefix(folder.path + "/") }
    case .locale(let folder, let locale):
      return written.contains { path in
        path.hasPrefix(folder.path + "/")
          && (path.dropFirst(folder.path.count + 1).hasPrefix(locale + ".")
            || path.hasSuffix("/" + BaselineLayout.metadataFileName))
      }
    case .contract(let name): return written.contains { $0.hasPrefix(name + "/") }
    case .catalog, .entry, .store, .release: return false
    }
  }

  /// The text of Baselines.md with the log rows kept, the breaks this run wrote logged and
  /// the identities it wrote as stable (`improvements`) in the history, and the committed
  /// text (`nil` for none).
  func documentText(tree: BaselineTree, coverage: [LocaleCoverage],
                    breaking: [Finding], improvements: [Finding] = [], files: BaselineFiles)
    throws -> (text: String, existing: String?)
  {
    let url = BaselinesDocument.url(for: files)
    let existing = try BaselinesDocument.read(url)
    var rows = try BaselinesDocument.logRows(
      of: existing, file: BaselineFiles.relativeToWorkingDirectory(url.path))
    // One reason's breaks after another's, in the order the reasons were given (`review`
    // gives each accepted change its own; `--reason` covers the rest).
    let reasons = breakReasons.map(\.reason) + [acceptBreakingReason].compactMap { $0 }
    for reason in reasons.enumerated().filter({ reasons.firstIndex(of: $0.element) == $0.offset })
      .map(\.element)
    {
      let given = breaking.filter { self.reason(for: $0) == reason }
      guard !given.isEmpty else { continue }
      rows += Self.entries(given, date: date ?? Self.today(), reason: reason).map(\.row)
    }
    let history = BaselineHistory.rows(of: existing)
      + BaselineHistory.improvements(improvements, date: date ?? Self.today()).map(\.row)
    let text = BaselinesDocument.render(catalog: catalog, tree: tree, coverage: coverage,
                                        logRows: rows, historyRows: history)
    return (text, existing)
  }

  /// Why the break `finding` is accepted; `nil` when it is not.
  func reason(for finding: Finding) -> String? {
    breakReasons.first { $0.selection.touches(finding.scope) }?.reason ?? acceptBreakingReason
  }

  /// One log entry per contract and version, with the kinds that broke and where.
  static func entries(_ breaking: [Finding], date: String, reason: String)
    -> [BaselinesDocument.Entry]
  {
    var kinds: [[String]: Set<String>] = [:]
    var places: [[String]: Set<BreakPlace>] = [:]
    for finding in breaking {
      let key = [finding.contract ?? "", finding.version ?? ""]
      kinds[key, default: []].insert(finding.kind.rawValue)
      if let place = BreakPlace(of: finding) { places[key, default: []].insert(place) }
    }
    return kinds.keys.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }.map { key in
      BaselinesDocument.Entry(
        date: date, contract: key[0], version: key[1],
        kinds: (kinds[key] ?? []).sorted(), reason: reason,
        places: (places[key] ?? []).sorted())
    }
  }

  static func today() -> String {
    let components = Calendar(identifier: .gregorian).dateComponents(
      in: TimeZone(identifier: "UTC") ?? .current, from: Date())
    return String(format: "%04d-%02d-%02d", components.year ?? 0, components.month ?? 0,
                  components.day ?? 0)
  }
}
