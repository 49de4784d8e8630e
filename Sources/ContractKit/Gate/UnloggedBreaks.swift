import ContractKitRuntime

/// The breaks since a release that `Baselines.md` does not log: `break-unlogged`.
///
/// Every path that writes a break (`record --accept-breaking --reason`, `review --accept`
/// with a reason) logs it, so a break between the release's tree and today's that no row
/// written since the release accepts came in some other way: the baselines were edited by
/// hand, or the row was removed. A break is one that `record` needs a reason for: a breaking
/// change of a version both trees have, or a contract, version or locale removed, on a
/// version whose breaks the catalog guards (``Catalog/guardsBreaks(of:)``).
struct UnloggedBreaks {
  let catalog: Catalog
  /// The release's own tree.
  let released: BaselineTree

  /// The breaks among `changes` (the diff of the release's tree with today's) that no row
  /// of `accepted` accepts.
  func breaks(_ changes: [Finding], accepted: [AcceptedBreak]) -> [Finding] {
    changes.filter { change in
      isBreak(change) && !accepted.contains { $0.accepts(change) }
    }
  }

  /// Whether recording `change` needs a reason.
  private func isBreak(_ change: Finding) -> Bool {
    guard [.needsReason, .removes].contains(change.recording(under: catalog.compatibility))
    else { return false }
    switch change.scope {
    case .contract(let name):
      return released.versions(of: name).contains(where: catalog.guardsBreaks)
    case .file where change.kind == .localeRemoved:
      // One variant's file gone: a stub no longer registered, not a wire break.
      return false
    default:
      return change.scope.version.map(catalog.guardsBreaks) ?? false
    }
  }
}
