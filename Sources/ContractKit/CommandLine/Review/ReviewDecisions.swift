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

  /// Applies the decisions to `plan`'s catalog and store.
  ///
  /// Orphaned files are moved aside first (so the check `record` runs no longer sees them),
  /// and back if `record` refuses: a refusal writes nothing and removes nothing.
  /// - Throws: ``InputError`` when a file cannot be moved or written.
  func apply(to plan: ReviewPlan, date: String? = nil) throws -> Outcome {
    var outcome = Outcome()
    let files = BaselineFiles(root: plan.catalog.effectiveBaselineDirectory)
    let orphans = accepted.compactMap(\.change.orphan).flatMap(\.files)
    let aside = PendingStore.beside(files).root
      .appendingPathComponent(".removing.\(getpid()).\(UInt64.random(in: 0...UInt64.max))")
    defer { try? FileManager.default.removeItem(at: aside) }
    var moved: [String] = []
    func restore() {
      for path in moved {
        try? FileManager.default.moveItem(at: aside.appendingPathComponent(path),
                                          to: files.url(path))
      }
    }
    do {
      for path in orphans {
        let target = aside.appendingPathComponent(path)
        try FileManager.default.createDirectory(
          at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: files.url(path), to: target)
        moved.append(path)
      }
    } catch {
      restore()
      throw InputError(file: files.displayRoot, reason: "an orphaned baseline cannot be moved "
        + "aside: \(error.localizedDescription)")
    }
    if !accepted.isEmpty {
      var record = Record(catalog: plan.catalog, date: date)
      record.selection = accepted.flatMap(\.change.exactSelectors)
      record.breakReasons = accepted.compactMap { entry in
        entry.reason.map { (entry.change.exactSelectors, $0) }
      }
      let recorded: Record.Outcome
      do { recorded = try record.run() } catch {
        restore()
        throw error
      }
      outcome.record = recorded
      if recorded.refused {
        restore()
        return outcome
      }
    }
    outcome.removed = moved
    Self.removeEmptyFolders(of: moved, in: files)
    let settled = Set((accepted.map(\.change) + rejected).flatMap(\.results).map(\.contractCase))
    if !settled.isEmpty { try plan.store.remove(settled) }
    return outcome
  }

  /// Removes the folders that held `paths` once they are empty, deepest first.
  private static func removeEmptyFolders(of paths: [String], in files: BaselineFiles) {
    var folders = Set<String>()
    for path in paths {
      var parts = path.split(separator: "/").dropLast()
      while !parts.isEmpty {
        folders.insert(parts.joined(separator: "/"))
        parts = parts.dropLast()
      }
    }
    for folder in folders.sorted(by: { $0.count > $1.count }) {
      rmdir(files.url(folder).path)
    }
  }
}
