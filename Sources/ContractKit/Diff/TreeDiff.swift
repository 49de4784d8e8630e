/// `contracts diff OLD NEW`: compares two baseline trees with no compiled types.
///
/// Typical use: the last release tag's tree against the working tree. Files are streamed one
/// contract-version-variant group at a time; groups whose bytes are all equal cost a read
/// and a comparison, nothing more.
public struct TreeDiff: Sendable {
  public let old: BaselineFiles
  public let new: BaselineFiles
  public var strict: Bool
  public var threads: Int

  public init(old: URL, new: URL, strict: Bool = false,
              threads: Int? = nil)
  {
    self.old = BaselineFiles(root: old)
    self.new = BaselineFiles(root: new)
    self.strict = strict
    self.threads = threads ?? WorkerPool.defaultThreadCount
  }

  /// Runs the diff.
  /// - Throws: ``InputError`` for an unreadable directory or a corrupt file (exit 2).
  public func run() throws -> Report {
    let trees = try WorkerPool.map([old, new], threads: threads) { try Self.scanExisting($0) }
    let (oldTree, newTree) = (trees[0], trees[1])
    var findings = StructureDiff(old: oldTree, new: newTree).findings
    let groups = Self.groups(oldTree, newTree)
    let old = self.old
    let new = self.new
    findings += try WorkerPool.map(groups, threads: threads) { group in
      try GroupDiff(group: group, old: old, new: new).findings()
    }.flatMap { $0 }
    try Self.validateUnpaired(oldTree, newTree, old: old, new: new, threads: threads)
    findings += try enumCaseFindings(oldTree, newTree)
    let contracts = Set(oldTree.contracts).union(newTree.contracts)
    let summary = Summary(
      findings: findings, contracts: contracts.count,
      versions: Set((oldTree.files + newTree.files).map(\.version)).count,
      locales: Set((oldTree.files + newTree.files).map(\.locale)).count,
      baselines: groups.reduce(0) { $0 + $1.files.count }, strict: strict,
      requiredBump: findings.map(\.kind.bump).max() ?? .none)
    return Report(command: "diff", findings: findings, summary: summary,
                  baselineDirectory: new.displayRoot, strict: strict)
  }

  /// Enum cases one tree's `contract.json` lists and the other's no longer does.
  ///
  /// Every `contract.json` of either tree is parsed, so a corrupt one is exit 2 even where
  /// the other tree has none to compare with; one the trees share byte for byte is parsed
  /// once and compared with nothing.
  private func enumCaseFindings(_ oldTree: BaselineTree, _ newTree: BaselineTree) throws
    -> [Finding]
  {
    let folders = oldTree.metadata.union(newTree.metadata).sorted(by: codePointOrder)
    let (old, new) = (self.old, self.new)
    return try WorkerPool.map(folders, threads: threads) { folder -> [Finding] in
      let parts = folder.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      guard parts.count == 2 else { return [] }
      let (contract, version) = (parts[0], parts[1])
      let oldMetadata = oldTree.metadata.contains(folder)
        ? try CommittedMetadata(contract: contract, version: version, in: old) : nil
      let newMetadata = newTree.metadata.contains(folder)
        ? try CommittedMetadata(contract: contract, version: version, in: new) : nil
      if let oldMetadata, let newMetadata, oldMetadata.bytes != nil,
        sameBytes(oldMetadata.bytes, newMetadata.bytes)
      {
        _ = try newMetadata.metadata()
        return []
      }
      return EnumCases.removed(
        old: try oldMetadata?.metadata(), new: try newMetadata?.metadata())
        .map { removal in
          Finding(
            .enumCaseRemoved, contract: contract, version: version, path: removal.pattern,
            message: "\(removal.type) no longer has case '\(removal.caseName)' at "
              + "'\(removal.pattern)'; clients still expecting it fail to decode")
        }
    }.flatMap { $0 }
  }

  /// Parses the payload files that only one tree has (an added or removed contract, version,
  /// locale or variant): nothing compares them, but a corrupt file is still unusable input
  /// (exit 2 naming the file and the position), never silently accepted.
  private static func validateUnpaired(_ oldTree: BaselineTree, _ newTree: BaselineTree,
                                       old: BaselineFiles, new: BaselineFiles, threads: Int)
    throws
  {
    let oldFiles = Set(oldTree.files)
    let newFiles = Set(newTree.files)
    let unpaired = oldTree.files.filter { !newFiles.contains($0) }.map { (old, $0.relativePath) }
      + newTree.files.filter { !oldFiles.contains($0) }.map { (new, $0.relativePath) }
    _ = try WorkerPool.map(unpaired, threads: threads) { item in
      let (files, path) = item
      guard let bytes = try files.read(path) else { return false }
      _ = try JSONParser.parse(bytes, file: files.displayPath(path))
      return true
    }
  }

  private static func scanExisting(_ files: BaselineFiles) throws -> BaselineTree {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: files.root.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw InputError(file: files.displayRoot, reason: "is not a readable directory")
    }
    return try BaselineTree.scan(files)
  }

  /// Files present in both trees, grouped by contract, version and variant.
  struct Group: Sendable {
    let contract: String
    let version: String
    let variant: String
    /// All locales with a file in either tree (for the shape rules)…
    let locales: [String]
    /// …and the files present in both trees, which are compared.
    let files: [BaselineTree.File]
  }

  private static func groups(_ old: BaselineTree, _ new: BaselineTree) -> [Group] {
    let common = Set(old.files).intersection(new.files)
    var byGroup: [[String]: (locales: Set<String>, files: [BaselineTree.File])] = [:]
    for file in old.files + new.files {
      byGroup[[file.contract, file.version, file.variant], default: ([], [])].locales.insert(file.locale)
    }
    for file in common {
      byGroup[[file.contract, file.version, file.variant], default: ([], [])].files.append(file)
    }
    return byGroup.filter { !$0.value.files.isEmpty }
      .sorted { codePointOrder($0.key.joined(separator: "/"), $1.key.joined(separator: "/")) }
      .map { key, value in
        Group(contract: key[0], version: key[1], variant: key[2],
              locales: value.locales.sorted(by: codePointOrder),
              files: value.files.sorted { codePointOrder($0.locale, $1.locale) })
      }
  }
}

import Foundation
