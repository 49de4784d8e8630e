import ContractKitRuntime
/// What changed since a release, as `report --against REF` states it: the bump the changes
/// since the release's tree require, and the breaks accepted on purpose since then.
///
/// The gate of a plain `report` compares version folders of today's tree, so a break that
/// was accepted and re-recorded into a version's own baselines leaves no trace there. The
/// release's tree (read from git) still has the old payloads: comparing with it, a break
/// accepted today is never forgotten by the gate, and ``accepted`` says who accepted it and
/// why.
package struct SinceRelease: Sendable, Hashable {
  /// The ref as the user named it (`v2.0.0`) and the commit it names.
  package var ref: String
  package var commit: String
  /// The release's own changes since its tree: ``ReleaseComparison/previous`` is the newest
  /// version the release's tree has, ``ReleaseComparison/current`` the version declared
  /// now, and its changes those of every contract since the release.
  package var comparison: ReleaseComparison
  /// The breaks `Baselines.md` logs now and did not log at the release, in log order.
  package var accepted: [AcceptedBreak]
  /// The breaks since the release that no row of ``accepted`` accepts (each is a
  /// `break-unlogged` finding of the report too), in report order.
  package var unlogged: [Finding]

  package init(ref: String, commit: String, comparison: ReleaseComparison,
              accepted: [AcceptedBreak], unlogged: [Finding] = [])
  {
    self.ref = ref
    self.commit = commit
    self.comparison = comparison
    self.accepted = accepted
    self.unlogged = unlogged.sorted(by: Finding.reportOrder)
  }

  /// The smallest step the changes since the release require.
  package var requiredBump: VersionBump { comparison.requiredBump }

  /// The step the catalog declares since the release: `none` when it declares the release's
  /// own newest version (or no version is known).
  package var declaredBump: VersionBump {
    guard let previous = comparison.previous, let current = comparison.current else {
      return .none
    }
    return previous.bump(to: current)
  }

  /// `major (Card: field-removed; Order: enum-case-removed)`, or `none`.
  package var bumpSentence: String {
    let reasons = comparison.reasons.map { reason in
      "\(reason.contract): \(reason.kinds.map(\.rawValue).joined(separator: ", "))"
    }
    return requiredBump.rawValue
      + (reasons.isEmpty ? "" : " (\(reasons.joined(separator: "; ")))")
  }
}
