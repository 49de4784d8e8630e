import ContractKitRuntime

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
  /// `previous`'s baselines as this run already read them from ``files``, by relative path
  /// (`nil` for one that does not exist): `check` reads each version's baselines before the
  /// next version's, so a comparison need not read them again.
  var read: [String: [UInt8]?] = [:]

  /// The changes from `previous`'s baseline of `file`'s contract, locale and variant to
  /// `current` (whose canonical bytes are `bytes`), classified by `roles`; `nil` when
  /// `previous` has no such baseline.
  func changes(to current: JSONValue, bytes: [UInt8], of file: ContractCase, roles: PathRoles)
    throws -> [Finding]?
  {
    try changes(to: { current }, bytes: bytes, of: file, roles: roles)
  }

  /// ``changes(to:bytes:of:roles:)`` with the current value made by `current` only when
  /// it cannot be avoided: most baselines of a version equal the previous version's, and
  /// where they differ, the two documents are read by their canonical lines or as tokens, and
  /// only their differing parts made into values (``lineReducedPair(old:new:)``,
  /// ``reducedPair(old:new:)``).
  func changes(to current: () -> JSONValue, bytes: [UInt8], of file: ContractCase,
               roles: PathRoles) throws -> [Finding]?
  {
    let old = ContractCase(contract: file.contract, version: previous, locale: file.locale,
                           variant: file.variant)
    guard let oldBytes = try read[old.relativePath] ?? files.read(old.relativePath) else {
      return nil
    }
    guard !sameBytes(oldBytes, bytes) else { return [] }
    let diff = PayloadDiff(file: file, roles: roles)
    if let pair = Self.lineReducedPair(old: oldBytes, new: bytes)
      ?? Self.reducedPair(old: oldBytes, new: bytes)
    {
      return diff.findings(baseline: pair.old, current: pair.new)
    }
    return diff.findings(
      baseline: try JSONParser.parse(oldBytes, file: files.displayPath(old.relativePath)),
      current: current())
  }

  /// The two documents as values for ``PayloadDiff``, with every part they spell alike
  /// that no rule looks into replaced by `null` on both sides; `nil` when either cannot be
  /// read as tokens (the parser then reads it, and reports what is wrong).
  ///
  /// The diff of the pair is the diff of the documents: a part equal on both sides gives no
  /// finding, and only where no finding can show it or read its shape is it replaced.
  /// Members of two objects that both hold no `id` (a FOSMVVM identity object's) are
  /// replaced when they are non-empty arrays or objects spelled alike and not a `vmId`:
  /// arrays are matched by the identities of their elements, and shape rules read empty
  /// objects (an enum case), `vmId` members, and the kinds of siblings only through their
  /// presence. Objects both sides hold under one key are reduced the same way, inside.
  static func reducedPair(old: [UInt8], new: [UInt8]) -> (old: JSONValue, new: JSONValue)? {
    guard let oldTokens = JSONTokens.read(old), let newTokens = JSONTokens.read(new) else {
      return nil
    }
    return reduce(oldTokens, 0, newTokens, 0, depth: 0)
  }

  /// Objects deeper than this are made into values whole: no stack grows with the payload.
  private static let reducedDepth = 32

  private static func reduce(_ old: JSONTokens, _ oldIndex: Int, _ new: JSONTokens,
                             _ newIndex: Int, depth: Int) -> (old: JSONValue, new: JSONValue)?
  {
    guard depth < reducedDepth, old.isObject(oldIndex), new.isObject(newIndex),
      let oldMembers = old.members(of: oldIndex), let newMembers = new.members(of: newIndex),
      oldMembers["id"] == nil, newMembers["id"] == nil
    else {
      guard let oldValue = old.value(at: oldIndex), let newValue = new.value(at: newIndex) else {
        return nil
      }
      return (oldValue, newValue)
    }
    var oldResult = [String: JSONValue](minimumCapacity: oldMembers.count)
    var newResult = [String: JSONValue](minimumCapacity: newMembers.count)
    for (key, oldMember) in oldMembers {
      guard let newMember = newMembers[key] else {
        guard let value = old.value(at: oldMember) else { return nil }
        oldResult[key] = value
        continue
      }
      if key != WireIdentity.key, old.isFilledContainer(oldMember),
        old.isSpelledLike(oldMember, in: new, at: newMember)
      {
        oldResult[key] = .null
        newResult[key] = .null
        continue
      }
      let depth = key == WireIdentity.key ? reducedDepth : depth + 1
      guard let pair = reduce(old, oldMember, new, newMember, depth: depth) else { return nil }
      oldResult[key] = pair.old
      newResult[key] = pair.new
    }
    for (key, newMember) in newMembers where oldMembers[key] == nil {
      guard let value = new.value(at: newMember) else { return nil }
      newResult[key] = value
    }
    return (.object(oldResult), .object(newResult))
  }
}

extension Catalog {
  /// The newest released version before the current one: what the next release is
  /// compared with. `nil` when there is none.
  var releasedBeforeCurrent: SystemVersion? {
    versions.last { $0 < currentVersion && isReleased($0) }
  }
}
