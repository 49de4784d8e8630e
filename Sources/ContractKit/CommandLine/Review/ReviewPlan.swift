import ContractKitRuntime
import Foundation

/// What `review` has to decide: the pending results that still apply, grouped into changes,
/// the baselines no contract produces any more, and the pending results that no longer apply.
///
/// A pending result applies while the baseline on disk is the one it was compared with and
/// today's encoding is the one it holds (both by fingerprint): the plan checks the catalog
/// once, without writing anything, to know. Accepting it then writes exactly its bytes.
struct ReviewPlan {
  let catalog: Catalog
  /// The store reviewed: the local one, or one downloaded from CI (`--from`).
  let store: PendingStore
  /// Whether the store came from elsewhere (`--from`): results that no longer apply are
  /// refused rather than dropped.
  let isDownloaded: Bool
  /// The decisions to make, most severe first.
  var changes: [ReviewChange]
  /// Pending results that no longer apply, with why.
  var stale: [(result: PendingResult, reason: String)]

  /// Reads `store` and checks the catalog against it.
  /// - Throws: ``InputError`` for an unreadable store or baseline tree (exit 2).
  init(catalog: Catalog, store: PendingStore, isDownloaded: Bool) throws {
    self.catalog = catalog
    self.store = store
    self.isDownloaded = isDownloaded
    // Catalog order (the base locale first), which the cards and the lists follow.
    let rank = Dictionary(catalog.cases.enumerated().map { ($1, $0) }, uniquingKeysWith: min)
    let pending = try store.results().sorted {
      (rank[$0.contractCase] ?? .max) < (rank[$1.contractCase] ?? .max)
    }
    let collector = PendingCollector(store: nil)
    var check = Check(catalog: catalog)
    check.reportsCases = false
    check.pending = collector
    let run = try check.runDetailed()
    let now = collector.collected
    let cases = Set(catalog.cases)
    // What a change is, is what the local check finds for it: the findings a store holds
    // (one downloaded from CI least of all) are never what a card shows or a list sorts by.
    var localFindings: [ContractCase: [Finding]] = [:]
    for finding in run.report.findings {
      if let file = finding.scope.file { localFindings[file, default: []].append(finding) }
    }
    var applying: [PendingResult] = []
    stale = []
    for result in pending {
      let reason: String?
      if !cases.contains(result.contractCase) {
        reason = "no contract of the catalog produces this case"
      } else if let current = now[result.contractCase] {
        reason = current.baseline != result.baseline
          ? "the baseline changed since the result was made"
          : current.encoding != result.encoding
            ? "today's encoding differs from the one the result holds" : nil
      } else {
        reason = "the baseline changed since the result was made (it equals today's encoding)"
      }
      if let reason {
        stale.append((result, reason))
      } else {
        var checked = result
        checked.findings = localFindings[result.contractCase] ?? []
        applying.append(checked)
      }
    }
    let breaking = run.report.findings.filter {
      $0.kind.recording == .needsReason && ($0.scope.version.map(catalog.isReleased) ?? true)
    }
    changes = ReviewChange.grouping(applying, breaking: breaking)
      + ReviewChange.orphans(in: run.report.findings, tree: run.tree, catalog: catalog)
    changes = changes.enumerated().sorted { left, right in
      left.element.severity != right.element.severity
        ? left.element.severity > right.element.severity : left.offset < right.offset
    }.map(\.element)
  }

  /// Every pending case a selector could select: from `--from`, those that no longer apply
  /// too (selecting one refuses the run); locally those are dropped, and do not count.
  var pendingCases: [ContractCase] {
    changes.flatMap(\.results).map(\.contractCase)
      + (isDownloaded ? stale.map(\.result.contractCase) : [])
  }

  /// The selector a change is listed with (``ReviewChange/selectorText(pending:)``).
  func selector(of change: ReviewChange) -> String {
    change.selectorText(pending: pendingCases)
  }

  /// The changes `selectors` select: each change any of whose cases (or orphaned files) a
  /// selector matches.
  func changes(selectedBy selectors: [CaseSelector]) -> [ReviewChange] {
    changes.filter { change in selectors.contains { change.isSelected(by: $0) } }
  }

  /// The pending results `selectors` select that no longer apply.
  func stale(selectedBy selectors: [CaseSelector]) -> [(result: PendingResult, reason: String)] {
    stale.filter { entry in selectors.contains { $0.matches(entry.result.contractCase) } }
  }
}
