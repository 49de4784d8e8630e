/// Compares a payload of one version with the committed baseline of the same contract,
/// locale and variant at an older version: what clients moving from `previous` meet.
///
/// `check` compares today's encodings of the current version with the newest released one
/// (the bump the next release needs), `record` a version it records for the first time, and
/// `diff` the newest version of the new tree with the newest of the old one.
struct VersionComparison: Sendable {
  /// The tree holding `previous`'s baselines.
  let files: BaselineFiles
  let previous: SystemVersion

  /// The changes from `previous`'s baseline of `file`'s contract, locale and variant to
  /// `current` (whose canonical bytes are `bytes`), classified by `roles`; `nil` when
  /// `previous` has no such baseline.
  func changes(to current: JSONValue, bytes: [UInt8], of file: ContractCase, roles: PathRoles)
    throws -> [Finding]?
  {
    try changes(to: { current }, bytes: bytes, of: file, roles: roles)
  }

  /// ``changes(to:bytes:of:roles:)`` with the current value made by `current` only when
  /// the bytes differ: most baselines of a version equal the previous version's.
  func changes(to current: () -> JSONValue, bytes: [UInt8], of file: ContractCase,
               roles: PathRoles) throws -> [Finding]?
  {
    let old = ContractCase(contract: file.contract, version: previous, locale: file.locale,
                           variant: file.variant)
    guard let oldBytes = try files.read(old.relativePath) else { return nil }
    guard !sameBytes(oldBytes, bytes) else { return [] }
    return PayloadDiff(file: file, roles: roles).findings(
      baseline: try JSONParser.parse(oldBytes, file: files.displayPath(old.relativePath)),
      current: current())
  }
}

extension Catalog {
  /// The newest released version before the current one: what the next release is
  /// compared with. `nil` when there is none.
  var releasedBeforeCurrent: SystemVersion? {
    versions.last { $0 < currentVersion && isReleased($0) }
  }
}
