import ContractKitRuntime
/// One decision of `review`: the same change in every case it appears in (a rename in six
/// locales and three versions is one change), or one set of baselines no contract produces.
struct ReviewChange {
  /// The pending results the change covers, in catalog order; empty for an orphan.
  var results: [PendingResult]
  /// The baselines no contract produces (contract-removed, version-removed, locale-removed,
  /// an orphaned variant), when the change is an orphan.
  var orphan: Orphan?
  /// What the change is: the findings of its results, or the orphan's finding.
  var findings: [Finding]
  /// The breaks recording it would accept (released versions only), for the reason asked.
  var breaks: [Finding]

  /// Baseline files that no contract produces, which review can remove (never silently).
  struct Orphan {
    /// The finding that names them.
    var finding: Finding
    /// The files, relative to the baseline directory (`contract.json` included).
    var files: [String]
  }

  /// Whether accepting the change needs a reason, which `Baselines.md` logs.
  var isBreaking: Bool { !breaks.isEmpty }

  /// The worst severity of its findings.
  var severity: Severity { findings.map(\.severity).max() ?? .info }

  /// The contract the change is about.
  var contract: String { results.first?.contractCase.contract ?? orphan?.finding.contract ?? "" }

  /// The selectors `record --only` takes for exactly the change's cases, one per case; an
  /// orphan's own selector (it selects no case of the catalog).
  var exactSelectors: [CaseSelector] {
    if let orphan { return [CaseSelector.exact(orphan.finding.scope)].compactMap { $0 } }
    return results.compactMap { CaseSelector.exact(.file($0.contractCase)) }
  }

  /// Whether `selector` selects this change: any of its cases, or its orphaned files.
  func isSelected(by selector: CaseSelector) -> Bool {
    if let orphan { return selector.touches(orphan.finding.scope) }
    return results.contains { selector.matches($0.contractCase) }
  }
}

extension ReviewChange {
  /// Groups pending results into changes: results of one contract whose differences have
  /// the same kinds, severities and paths (array indexes aside, so rows alike join) are one
  /// change, whatever their version, locale and variant.
  /// - Parameters:
  ///   - results: The results that apply.
  ///   - breaking: The breaks a check found now (released versions, needing a reason).
  static func grouping(_ results: [PendingResult], breaking: [Finding]) -> [ReviewChange]
  {
    var order: [[String]] = []
    var buckets: [[String]: [PendingResult]] = [:]
    for result in results {
      let key = [result.contractCase.contract] + signature(of: result)
      if buckets[key] == nil { order.append(key) }
      buckets[key, default: []].append(result)
    }
    return order.compactMap { key in
      guard let members = buckets[key] else { return nil }
      var change = ReviewChange(results: members, orphan: nil,
                                findings: members.flatMap(\.findings), breaks: [])
      let selectors = change.exactSelectors
      change.breaks = breaking.filter { finding in selectors.contains { $0.touches(finding.scope) } }
      return change
    }
  }

  /// What makes two results the same change: the differences recording settles, by kind,
  /// severity and path with array indexes as `*`.
  static func signature(of result: PendingResult) -> [String] {
    Set(result.findings.filter { [.writes, .needsReason].contains($0.kind.recording) }.map {
      "\($0.kind.rawValue) \($0.severity.rawValue) \(rowless($0.path))"
    }).sorted()
  }

  /// `path` with every array index as `*`: `/cards/0/title` and `/cards/1/title` alike.
  static func rowless(_ path: String?) -> String {
    guard let path else { return "" }
    return path.split(separator: "/", omittingEmptySubsequences: false).map { token in
      !token.isEmpty && token.allSatisfy(\.isASCII) && token.allSatisfy(\.isNumber) ? "*" : token
    }.joined(separator: "/")
  }

  /// The orphans a check reported: one change per finding about baselines no contract
  /// produces, with the files it covers (``BaselineRemoval/files(of:in:)``). Removing a
  /// contract, version or locale whose breaks the catalog guards is a break: accepting it
  /// needs a reason, which `Baselines.md` logs, as `record --accept-breaking` would.
  static func orphans(in findings: [Finding], tree: BaselineTree, catalog: Catalog)
    -> [ReviewChange]
  {
    findings.filter { $0.isLeftover && $0.contract != nil }.compactMap { finding in
      guard let files = BaselineRemoval.files(of: finding, in: tree) else { return nil }
      let isBreak = BaselineRemoval.needsReason(finding, tree: tree, catalog: catalog)
      return ReviewChange(results: [], orphan: Orphan(finding: finding, files: files),
                          findings: [finding], breaks: isBreak ? [finding] : [])
    }
  }
}

extension CaseSelector {
  /// The selector of exactly `scope`: `Contract`, `Contract/version`, `Contract/version/locale`
  /// or `Contract/version/locale.variant` (`.default` for the default stub).
  static func exact(_ scope: FindingScope) -> CaseSelector? {
    var text: String
    switch scope {
    case .contract(let name): text = name
    case .version(let folder): text = folder.path
    case .locale(let folder, let locale): text = folder.path + "/" + locale
    case .file(let file): text = file.folder.path + "/" + file.locale + "." + file.variant
    default: return nil
    }
    // Names never hold `*` (the layout forbids it), so the text is literal.
    if text.contains("*") { text = "" }
    return try? CaseSelector(parsing: text)
  }
}
