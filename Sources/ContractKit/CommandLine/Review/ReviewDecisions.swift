import ContractKitRuntime
import Foundation

/// What a review decided, applied at once: accepted changes are recorded through `record`'s
/// own path (the same check, staged writes, `Baselines.md` and its log of accepted breaks),
/// so the bytes written are exactly those `record --only` writes for the same cases;
/// accepted orphans are removed; accepted and rejected results leave the store.
struct ReviewDecisions {
  /// Accepted changes, with the reason given for a breaking one.
  var accepted: [(change: ReviewChange, reason: String?)] = []
  /// Rejected changes: their pending results are forgotten, the baselines kept.
  var rejected: [ReviewChange] = []

  var isEmpty: Bool { accepted.isEmpty && rejected.isEmpty }

  /// What applying the decisions did.
  struct Outcome {
    /// `record`'s outcome, when anything was accepted.
    var record: Record.Outcome?
    /// Orphaned files removed, relative to the baseline directory.
    var removed: [String] = []
    /// Whether nothing was written because `record` refused.
    var refused: Bool { record?.refused ?? false }
  }

  /// Applies the decisions to `plan`'s catalog and store, exactly as they were shown.
  ///
  /// Accepted orphans are removed by `record` too (``Record/removing``), the one way
  /// baselines are removed, all or nothing across a kill: a contract, version or locale
  /// whose breaks the catalog guards goes only with the reason given for it, which
  /// `Baselines.md` logs; a refusal writes nothing and removes nothing. A case whose baseline
  /// or encoding is no longer what the card showed refuses the whole run
  /// (``Record/expected``).
  /// - Throws: ``InputError`` when a file cannot be moved or written.
  func apply(to plan: ReviewPlan, date: String? = nil) throws -> Outcome {
    var outcome = Outcome()
    if !accepted.isEmpty {
      var record = Record(catalog: plan.catalog, date: date)
      // An orphan's selector selects no case of the catalog: only the changes' cases are
      // recorded.
      record.selection = accepted.flatMap(\.change.exactSelectors)
      record.removing = accepted.filter { $0.change.orphan != nil }
        .flatMap(\.change.exactSelectors)
      record.breakReasons = accepted.compactMap { entry in
        entry.reason.map { (entry.change.exactSelectors, $0) }
      }
      // Exactly what was shown: each file's baseline and today's bytes, by fingerprint.
      for result in accepted.flatMap(\.change.results) {
        record.expected[result.contractCase] = (result.baseline, result.encoding)
      }
      let recorded = try record.run()
      outcome.record = recorded
      if recorded.refused { return outcome }
      outcome.removed = recorded.removed
    }
    let settled = Set((accepted.map(\.change) + rejected).flatMap(\.results).map(\.contractCase))
    if !settled.isEmpty { try plan.store.remove(settled) }
    return outcome
  }
}
