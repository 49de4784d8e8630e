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

  init(store: PendingStore?) {
    self.store = store
    staging = store.map {
      $0.root.appendingPathComponent(".incoming.\(getpid()).\(UInt64.random(in: 0...UInt64.max))")
    }
  }

  /// Notes a case whose encoding `current` differs from `baseline` (`nil`: none committed).
  /// - Throws: ``InputError`` when the bytes cannot be staged.
  func keep(_ contractCase: ContractCase, baseline: [UInt8]?, current: [UInt8]) throws {
    let result = PendingResult(
      contractCase: contractCase, baseline: baseline.map(PendingResult.fingerprint),
      encoding: PendingResult.fingerprint(current), findings: [])
    if let staging, let store {
      let target = staging.appendingPathComponent(contractCase.relativePath)
      try AtomicFile.write(current, to: target, display: store.display(contractCase.relativePath))
    }
    results.withLock { $0[contractCase] = result }
  }

  /// What was collected, by case, without findings.
  var collected: [ContractCase: PendingResult] { results.withLock { $0 } }

  /// Writes the results with `findings` (those whose scope is a collected case's file), and
  /// makes the store's folders of the `checked` contracts hold exactly them.
  /// - Throws: what writing or renaming throws; the staging folder is removed either way.
  func finish(findings: [Finding], checked: [String]) throws {
    guard let store, let staging else { return }
    defer { try? FileManager.default.removeItem(at: staging) }
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
      let old = root.appendingPathComponent(".old.\(getpid()).\(contract)")
      if manager.fileExists(atPath: target.path) {
        try? manager.removeItem(at: old)
        try manager.moveItem(at: target, to: old)
      }
      if byContract[contract] != nil {
        try manager.moveItem(at: staging.appendingPathComponent(contract), to: target)
      }
      try? manager.removeItem(at: old)
    }
  }

  /// Removes what was staged: a check that failed keeps the store as it was.
  func discard() {
    if let staging { try? FileManager.default.removeItem(at: staging) }
  }
}
