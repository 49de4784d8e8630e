import ContractKitRuntime
import Foundation

/// `report --against REF`: the gate against a release's own tree, read from git.
extension ReleaseGate {
  /// What changed since the release `ref` names, for a run whose check gave `check`.
  ///
  /// The changes are those of the release's baseline tree against today's (a diff of the
  /// two trees, the same as `diff git:REF <baselines>`) together with what today's
  /// encodings change in today's tree (the check's own findings, not yet recorded). The
  /// accepted breaks are the rows of `Baselines.md` now that it did not have at the release;
  /// the breaks among the tree's changes that none of them accepts are unlogged.
  /// - Throws: ``InputError`` (exit 2) naming the ref that names no commit, a baseline
  ///   directory in no repository, or a release tree that is no baseline tree.
  func since(_ ref: String, check: Report) throws -> SinceRelease {
    let files = BaselineFiles(root: catalog.effectiveBaselineDirectory)
    let release = try GitTree.load(ref: ref, sameTreeAs: files.root)
    let released = BaselineFiles(gitTree: release)
    let diff = try TreeDiff(old: released, new: files, options: options).run()
    let releasedTree = try BaselineTree.scan(released)
    let versions = releasedTree.contracts.flatMap { releasedTree.versions(of: $0) }
    // The release speaks its newest released version: a folder of the version then in
    // development (today's unreleased one, or one renamed since) is no release's.
    var comparison = ReleaseComparison(
      versions: [], previous: versions.filter(catalog.guardsBreaks).max(),
      current: catalog.currentVersion, changes: diff.comparison?.changes ?? [:])
    comparison.note(check.findings)
    let document = try BaselinesDocument.read(BaselinesDocument.url(for: files))
    let then = release.document.map { String(decoding: $0, as: UTF8.self) }
    let accepted = try BaselinesDocument.acceptedBreaks(
      in: document, since: then, thenFile: "\(ref):\(BaselinesDocument.fileName)")
    return SinceRelease(
      ref: ref, commit: release.commit, comparison: comparison, accepted: accepted,
      unlogged: UnloggedBreaks(catalog: catalog, released: releasedTree)
        .breaks(diff.findings, accepted: accepted))
  }
}
