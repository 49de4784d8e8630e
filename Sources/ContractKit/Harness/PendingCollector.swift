import ContractKitRuntime
import Foundation
import Synchronization

/// Collects the pending results of one check as it finds differing cases, and (with a store)
/// writes them when the check is done.
///
/// The bytes of each case go to disk at once, into a hidden staging folder inside the store,
/// so a check of 20,000 new files holds none of them; the fingerprints are kept. When the run
/// is over, ``finish(findings:checked:)`` writes each contract's `pending.json` with the
/// findings the report gave its files and replaces the store's folders of the contracts the
/// run checked. Without a store (`review` checking what still applies) only fingerprints
/// are kept.
final class PendingCollector: Sendable {
  /// Where the results go; `nil` keeps fingerprints only.
  let store: PendingStore?
  private let staging: URL?
  private let results = Mutex<[ContractCase: PendingResult]>([:])
  private let trouble = Mutex<String?>(nil)

  /// Whether today's bytes of each differing case are also kept in memory (``currentBytes``),
  /// for `swift test` to attach to a failing case.
  let keepsBytes: Bool
  private let bytes = Mutex<[ContractCase: [UInt8]]>([:])

  init(store: PendingStore?, keepsBytes: Bool = false) {
    self.store = store
    self.keepsBytes = keepsBytes
    staging = store.map {
      $0.root.appendingPathComponent(".incoming.\(getpid()).\(UInt64.random(in: 0...UInt64.max))")
    }
  }

  /// Why the store could not keep this run's results (a read-only checkout, a file where
  /// its folder should be), or `nil`. Pending results are a convenience: the check's report
  /// and exit code never depend on them, and the run says so with a warning.
  var problem: String? { trouble.withLock { $0 } }

  /// Notes a case whose encoding `current` differs from `baseline` (`nil`: none committed).
  /// Bytes that cannot be staged stop the keeping (``problem``), never the check.
  func keep(_ contractCase: ContractCase, baseline: [UInt8]?, current: [UInt8]) {
    let result = PendingResult(
      contractCase: contractCase, baseline: baseline.map(PendingResult.fingerprint),
      encoding: PendingResult.fingerprint(current), findings: [])
    if let staging, let store, problem == nil {
      let target = staging.appendingPathComponent(contractCase.relativePath)
      do {
        try AtomicFile.write(current, to: target, display: store.display(contractCase.relativePath))
      } catch {
        note(error)
      }
    }
    results.withLock { $0[contractCase] = result }
    if keepsBytes { bytes.withLock { $0[contractCase] = current } }
  }

  /// Today's bytes of the differing cases, when ``keepsBytes``.
  var currentBytes: [ContractCase: [UInt8]] { bytes.withLock { $0 } }

  private func note(_ error: any Error) {
    trouble.withLock { $0 = $0 ?? "\(error)" }
  }

  /// What was collected, by case, without findings.
  var collected: [ContractCase: PendingResult] { results.withLock { $0 } }

  /// Writes the results with `findings` (those whose scope is a collected case's file), and
  /// makes the store's folders of the `checked` contracts hold exactly them; an empty store
  /// folder goes. What cannot be written is ``problem``; the staging folder goes either way.
  func finish(findings: [Finding], checked: [String]) {
    guard let store, let staging else { return }
    defer {
      try? ContainedRemoval.remove(staging.lastPathComponent, under: store.root.path)
      store.removeIfEmpty()
    }
    guard problem == nil else { return }
    do { try write(findings: findings, checked: checked, store: store, staging: staging) } catch {
      note(error)
    }
  }

  private func write(findings: [Finding], checked: [String], store: PendingStore, staging: URL)
    throws
  {
    var byCase = results.withLock { $0 }
    for finding in findings {
      guard let file = finding.scope.file, byCase[file] != nil else { continue }
      byCase[file]?.findings.append(finding)
    }
    let byContract = Dictionary(grouping: byCase.values, by: \.contractCase.contract)
    let manager = FileManager.default
    let root = store.root
    guard !byContract.isEmpty || manager.fileExists(atPath: root.path) else { return }
    for (contract, list) in byContract {
      let ordered = list.sorted { FindingScope.precedes(.file($0.contractCase), .file($1.contractCase)) }
      try PendingStore.writeIndex(ordered, contract: contract, in: staging, display: store.display)
    }
    for contract in checked {
      let target = root.appendingPathComponent(contract)
      let old = ".old.\(getpid()).\(contract)"
      // Renames move a link itself, never what it points to; removal never goes through one.
      var info = stat()
      if lstat(target.path, &info) == 0 {
        try? ContainedRemoval.remove(old, under: root.path)
        try manager.moveItem(at: target, to: root.appendingPathComponent(old))
      }
      if byContract[contract] != nil {
        try manager.moveItem(at: staging.appendingPathComponent(contract), to: target)
      }
      try? ContainedRemoval.remove(old, under: root.path)
    }
  }

  /// Removes what was staged: a check that failed keeps the store as it was.
  func discard() {
    guard let store, let staging else { return }
    try? ContainedRemoval.remove(staging.lastPathComponent, under: store.root.path)
    store.removeIfEmpty()
  }
}
