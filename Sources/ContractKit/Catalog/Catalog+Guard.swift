import ContractKitRuntime

extension Catalog {
  /// Whether a break of `version`'s baselines needs a reason, which `Baselines.md` logs: a
  /// released version the catalog declares, or one it no longer declares that is older than
  /// its newest released version (support retired). A version newer than every released one
  /// that the catalog no longer declares was the unreleased version, renamed or dropped.
  func guardsBreaks(of version: SystemVersion) -> Bool {
    if versions.contains(version) { return isReleased(version) }
    guard let newest = versions.last(where: isReleased) else { return false }
    return version < newest
  }
}
