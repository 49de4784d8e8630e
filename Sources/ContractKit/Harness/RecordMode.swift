import ContractKitRuntime

/// Which baselines a recording writes: `record` (`all`), `record --missing` (`missing`), and
/// in tests `CONTRACTKIT_RECORD=missing|all`, where unset is `never`.
package enum RecordMode: String, Sendable {
  /// Write nothing (the default in tests, and always on CI unless forced).
  case never
  /// Write only baselines that do not exist yet.
  case missing
  /// Write every baseline that differs (breaking changes still need a reason).
  case all
}
