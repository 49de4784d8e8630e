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

  /// The steps of applying, at which a test stops it as a kill would (``apply(to:date:stoppingAt:)``).
  enum Step: Equatable {
    /// The journal is written; nothing moved yet.
    case journaled
    /// `count` orphaned files are moved aside.
    case movedAside(Int)
    /// `record` has written; the journal does not say so yet.
    case recorded
    /// The journal says the removal is applied; the files moved aside are still there.
    case committed
  }

  /// Thrown where a test stopped applying, leaving the files as a kill there would.
  struct Stopped: Error {}

  /// Applies the decisions to `plan`'s catalog and store, all or nothing.
  ///
  /// Orphaned files are moved aside first (so the check `record` runs no longer sees them),
  /// under an ``ApplyJournal`` written before anything moves: a refusal moves them back, and
  /// a kill at any step is undone (before `record` has written) or finished (after) by the
  /// next command. Nothing relies on this process living on to clean up.
  /// - Parameter stoppingAt: For tests: stops at the first step it says yes to, as a kill.
  /// - Throws: ``InputError`` when a file cannot be moved or written.
  func apply(to plan: ReviewPlan, date: String? = nil,
             stoppingAt stop: (Step) -> Bool = { _ in false }) throws -> Outcome
  {
    var outcome = Outcome()
    let files = BaselineFiles(root: plan.catalog.effectiveBaselineDirectory)
    let orphans = accepted.compactMap(\.change.orphan).flatMap(\.files)
    var journal: ApplyJournal?
    if !orphans.isEmpty {
      let begun = try ApplyJournal.begin(orphans: orphans, files: files)
      journal = begun
      if stop(.journaled) { throw Stopped() }
      for (count, path) in orphans.enumerated() {
        do { try begun.moveAside(path) } catch {
          begun.restore()
          throw InputError(file: files.displayPath(path), reason: "an orphaned baseline cannot "
            + "be moved aside: \(error.localizedDescription)")
        }
        if stop(.movedAside(count + 1)) { throw Stopped() }
      }
    }
    if !accepted.isEmpty {
      var record = Record(catalog: plan.catalog, date: date)
      record.selection = accepted.flatMap(\.change.exactSelectors)
      record.breakReasons = accepted.compactMap { entry in
        entry.reason.map { (entry.change.exactSelectors, $0) }
      }
      // Exactly what was shown: each file's baseline and today's bytes, by fingerprint.
      for result in accepted.flatMap(\.change.results) {
        record.expected[result.contractCase] = (result.baseline, result.encoding)
      }
      let recorded: Record.Outcome
      do { recorded = try record.run() } catch {
        journal?.restore()
        throw error
      }
      outcome.record = recorded
      if recorded.refused {
        journal?.restore()
        return outcome
      }
    }
    if stop(.recorded) { throw Stopped() }
    try journal?.commit()
    if stop(.committed) { throw Stopped() }
    journal?.finish()
    outcome.removed = orphans
    let settled = Set((accepted.map(\.change) + rejected).flatMap(\.results).map(\.contractCase))
    if !settled.isEmpty { try plan.store.remove(settled) }
    return outcome
  }
}
