import ContractKitRuntime

/// How a command runs, whatever the command: which contracts, what fails, how many threads.
///
/// `check`, `report`, `record` and `diff` take this one value, so `--shard`, `--strict`,
/// `--fail-on` and `CONTRACTKIT_THREADS` mean the same thing in every command.
package struct RunOptions: Sendable, Hashable {
  /// The slice of the catalog's contracts to run; every contract without one.
  package var shard: Shard?
  /// The least severity that fails the run: `.error` by default, `.warning` with
  /// `--strict`, `.info` to insist that baselines equal today's encodings exactly.
  package var failOn: Severity
  /// Worker threads: `CONTRACTKIT_THREADS` when set, else one per active core.
  package var threads: Int
  /// The least coverage, in percent, each locale must have (`--min-coverage`); `nil` uses
  /// the catalog's ``Catalog/minimumCoverage``.
  package var minimumCoverage: Double?

  package init(shard: Shard? = nil, failOn: Severity = .error, threads: Int? = nil,
              minimumCoverage: Double? = nil) {
    self.shard = shard
    self.failOn = failOn
    self.threads = threads ?? WorkerPool.defaultThreadCount
    self.minimumCoverage = minimumCoverage
  }

  /// Whether the contract named `name` is in this run.
  func includes(_ name: String) -> Bool { shard?.includes(name) ?? true }

  /// Whether this run reports what concerns the store and tree as a whole: unsharded runs,
  /// and the first shard of a sharded one.
  var ownsCatalogFindings: Bool { shard?.ownsGlobalFindings ?? true }
}
