import Foundation
import ContractKitRuntime

/// `contracts diff OLD NEW`: compares two baseline trees with no compiled types.
///
/// Typical use: the last release tag's tree against the working tree. Files are streamed one
/// contract-version-variant group at a time; groups whose bytes are all equal cost a read
/// and a comparison, nothing more.
package struct TreeDiff: Sendable {
  let old: BaselineFiles
  let new: BaselineFiles
  package var options: RunOptions

  package init(old: URL, new: URL, options: RunOptions = RunOptions()) {
    self.init(old: BaselineFiles(root: old), new: BaselineFiles(root: new), options: options)
  }

  /// Compares two trees, either of which may be a commit's (``GitTree``).
  init(old: BaselineFiles, new: BaselineFiles, options: RunOptions = RunOptions()) {
    self.old = old
    self.new = new
    self.options = options
  }

  /// Runs the diff.
  ///
  /// Both trees are validated first, as every command validates its tree: an entry that
  /// breaks the layout, or a directory that is no baseline tree, is unusable input. Every
  /// payload file of either tree is parsed, even where the trees' bytes are equal, so an
  /// identically corrupt file is exit 2 too.
  /// - Throws: ``BaselineLayoutError`` or ``InputError`` (exit 2) for an unreadable directory,
  ///   a name that breaks the layout, or a corrupt file.
  package func run() throws -> Report {
    let threads = options.threads
    let trees = try WorkerPool.map([old, new], threads: threads) { try Self.scanExisting($0) }
    let (oldTree, newTree) = (trees[0], trees[1])
    var findings = StructureDiff(old: oldTree, new: newTree).findings
    let (groups, unpaired) = Self.pair(oldTree, newTree)
    let old = self.old
    let new = self.new
    findings += try WorkerPool.map(groups, threads: threads) { group in
      try GroupDiff(group: group, old: old, new: new).findings()
    }.flatMap { $0 }
    try TreeFindings.parse(unpaired.filter(\.inOld).map(\.file.relativePath), in: old,
                           threads: threads)
    try TreeFindings.parse(unpaired.filter { !$0.inOld }.map(\.file.relativePath), in: new,
                           threads: threads)
    findings += try enumCaseFindings(oldTree, newTree)
    if let first = newTree.legacyFiles.first {
      findings.append(.legacyBaselines(
        first, count: newTree.legacyFiles.count,
        names: newTree.legacyFiles.map(DisplayText.escaped), directory: new.displayRoot))
    }
    var comparison = try releaseComparison(oldTree, newTree)
    comparison.note(findings)
    let contracts = Set(oldTree.contracts).union(newTree.contracts)
    let summary = Summary(
      findings: findings, contracts: contracts.count,
      versions: Set(groups.map(\.folder.version) + unpaired.map(\.file.version)).count,
      locales: Set(oldTree.files.lazy.map(\.locale)).union(newTree.files.lazy.map(\.locale)).count,
      baselines: groups.reduce(0) { $0 + $1.sharedLocales.count }, failOn: options.failOn,
      requiredBump: comparison.requiredBump)
    return Report(command: "diff", findings: findings, summary: summary,
                  baselineDirectory: new.displayRoot, failOn: options.failOn,
                  comparison: comparison, cases: Self.union(oldTree.files, newTree.files))
  }

  /// Every file of either tree, once: the old tree's files the new one lacks, then the new
  /// tree's (reports order them).
  static func union(_ old: [ContractCase], _ new: [ContractCase]) -> [ContractCase] {
    let inNew = Set(new)
    return old.filter { !inNew.contains($0) } + new
  }

  /// The versions both trees have, each compared with itself, and, when the new tree's
  /// newest version is newer than the old tree's (a release), that version compared with the
  /// old tree's newest: the changes the release makes for clients moving to it.
  private func releaseComparison(_ oldTree: BaselineTree, _ newTree: BaselineTree) throws
    -> ReleaseComparison
  {
    func versions(_ tree: BaselineTree) -> Set<SystemVersion> {
      Set(tree.contracts.flatMap { tree.versions(of: $0) })
    }
    let (oldVersions, newVersions) = (versions(oldTree), versions(newTree))
    var comparison = ReleaseComparison(
      versions: oldVersions.intersection(newVersions).sorted(), previous: nil, current: nil)
    guard let previous = oldVersions.max(), let current = newVersions.max(), previous < current
    else { return comparison }
    comparison.previous = previous
    comparison.current = current
    let (old, new) = (self.old, self.new)
    let contracts = newTree.contracts.filter { newTree.versions(of: $0).contains(current) }
    let changes = try WorkerPool.map(contracts, threads: options.threads) { contract in
      let folder = ContractVersion(contract: contract, version: current)
      let metadata = try ContractMetadata.read(folder, in: new)
      let roles = PathRoles(metadata: metadata, localizedPointers: [])
      let release = VersionComparison(files: old, previous: previous)
      var kinds = Set<FindingKind>()
      for file in newTree.files(in: folder) {
        guard let bytes = try new.read(file.relativePath) else { continue }
        let value = try JSONParser.parse(bytes, file: new.displayPath(file.relativePath))
        let found = try release.changes(to: value, bytes: bytes, of: file, roles: roles)
        kinds.formUnion(found?.map(\.kind) ?? [.contractAdded])
      }
      let oldMetadata = try ContractMetadata.read(
        ContractVersion(contract: contract, version: previous), in: old)
      kinds.formUnion(EnumCaseDiff.changes(
        old: oldMetadata, new: metadata, in: folder, released: true).map(\.kind))
      return (contract, kinds)
    }
    for (contract, kinds) in changes {
      for kind in kinds { comparison.note(kind, in: contract) }
    }
    return comparison
  }

  /// Enum cases one tree's `contract.json` lists and the other's no longer does.
  ///
  /// Every `contract.json` of either tree is parsed, so a corrupt one is exit 2 even where
  /// the other tree has none to compare with; one the trees share byte for byte is parsed
  /// once and compared with nothing.
  private func enumCaseFindings(_ oldTree: BaselineTree, _ newTree: BaselineTree) throws
    -> [Finding]
  {
    let folders = oldTree.metadata.union(newTree.metadata).map { ($0.path, $0) }
      .sorted { codePointOrder($0.0, $1.0) }.map(\.1)
    let (old, new) = (self.old, self.new)
    return try WorkerPool.map(folders, threads: options.threads) { folder -> [Finding] in
      let oldMetadata = oldTree.metadata.contains(folder)
        ? try CommittedMetadata(folder, in: old) : nil
      let newMetadata = newTree.metadata.contains(folder)
        ? try CommittedMetadata(folder, in: new) : nil
      if let oldMetadata, let newMetadata, oldMetadata.bytes != nil,
        sameBytes(oldMetadata.bytes, newMetadata.bytes)
      {
        _ = try newMetadata.metadata()
        return []
      }
      // A version the old tree (a release) has is a released version.
      return EnumCaseDiff.changes(
        old: try oldMetadata?.metadata(), new: try newMetadata?.metadata(), in: folder,
        released: true)
    }.flatMap { $0 }
  }

  private static func scanExisting(_ files: BaselineFiles) throws -> BaselineTree {
    var isDirectory: ObjCBool = false
    guard files.gitTree != nil
      || FileManager.default.fileExists(atPath: files.root.path, isDirectory: &isDirectory)
      && isDirectory.boolValue
    else {
      throw InputError(file: files.displayRoot, reason: "is not a readable directory")
    }
    return try BaselineTree.scan(files)
  }

  /// A payload file only one tree has.
  struct Unpaired: Sendable {
    let file: ContractCase
    let inOld: Bool
  }

  /// Pairs the trees folder by folder (`contract/version`): the files both have, grouped by
  /// variant, and the files only one has. Each folder's files are a slice of its tree, so
  /// nothing here holds a set or a table of every file.
  static func pair(_ old: BaselineTree, _ new: BaselineTree) -> ([GroupDiff.Group], [Unpaired]) {
    var folders = Set<ContractVersion>()
    for tree in [old, new] {
      for contract in tree.contracts {
        for version in tree.versions(of: contract) {
          folders.insert(ContractVersion(contract: contract, version: version))
        }
      }
    }
    var groups: [GroupDiff.Group] = []
    var unpaired: [Unpaired] = []
    // Lists of locales alike are one array, held once.
    var interned: [[String]: [String]] = [:]
    func intern(_ locales: [String]) -> [String] {
      if let known = interned[locales] { return known }
      interned[locales] = locales
      return locales
    }
    for folder in folders {
      let oldFiles = old.files(in: folder)
      let newFiles = new.files(in: folder)
      if oldFiles.elementsEqual(newFiles) {
        // Both trees list the same files (nearly always): each variant's pair whole.
        var locales: [String: [String]] = [:]
        for file in oldFiles { locales[file.variant, default: []].append(file.locale) }
        for (variant, list) in locales {
          let sorted = intern(list.sorted(by: codePointOrder))
          groups.append(GroupDiff.Group(folder: folder, variant: variant, locales: sorted,
                                        sharedLocales: sorted))
        }
        continue
      }
      let inNew = Set(newFiles)
      let inOld = Set(oldFiles)
      unpaired += oldFiles.filter { !inNew.contains($0) }.map { Unpaired(file: $0, inOld: true) }
      unpaired += newFiles.filter { !inOld.contains($0) }.map { Unpaired(file: $0, inOld: false) }
      let variants = Set(oldFiles.map(\.variant)).union(newFiles.map(\.variant))
      for variant in variants {
        let shared = oldFiles.filter { $0.variant == variant && inNew.contains($0) }
        guard !shared.isEmpty else { continue }
        let locales = Set((oldFiles + newFiles).filter { $0.variant == variant }.map(\.locale))
        groups.append(GroupDiff.Group(
          folder: folder, variant: variant,
          locales: intern(locales.sorted(by: codePointOrder)),
          sharedLocales: intern(shared.map(\.locale).sorted(by: codePointOrder))))
      }
    }
    // Each key spelled once, not once per comparison.
    groups = groups.map { ("\($0.folder.path)/\($0.variant)", $0) }
      .sorted { codePointOrder($0.0, $1.0) }.map(\.1)
    // The old tree's files first, each tree's in path order: the first corrupt one is reported.
    unpaired.sort {
      $0.inOld != $1.inOld ? $0.inOld : codePointOrder($0.file.relativePath, $1.file.relativePath)
    }
    return (groups, unpaired)
  }
}
