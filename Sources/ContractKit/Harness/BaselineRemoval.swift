import ContractKitRuntime
import Foundation

/// Baselines `record` removes on purpose: a contract, version or locale gone from the catalog
/// (on a released version only with `--accept-breaking --reason`, which `Baselines.md`
/// logs), or an orphan `review` accepts removing. Every path that removes baselines comes
/// through here, so a removal and its log row are one change.
///
/// It is all or nothing across a kill. The files are first moved into a hidden folder at the
/// tree's root (`.contractkit-removal.<pid>.<token>`, which tree scans skip); the SHA-256 of
/// the `Baselines.md` that records the removal is written there; `Baselines.md` is written;
/// then the folder goes. A later `record` that finds the folder of a process that is gone
/// (``recover(in:)``) finishes the removal when `Baselines.md` is the one it was to write
/// (the removal and its log row are both in), and otherwise moves every file back (neither
/// is), and says which; `check` reports the folder until then.
struct BaselineRemoval {
  let files: BaselineFiles
  /// The folder the removed files wait in, once ``moveAside(_:)`` made it.
  private(set) var aside: URL?
  /// The files moved aside, relative to the tree.
  private(set) var moved: [String] = []

  static let folderPrefix = ".contractkit-removal."
  static let digestName = "Baselines.md.sha256"

  init(files: BaselineFiles) { self.files = files }

  /// The files of the tree a finding about baselines no contract produces covers: the
  /// contract's, the version folder's or the locale's payloads (and `contract.json` where
  /// the whole folder goes), or the one file; `nil` for any other finding.
  static func files(of finding: Finding, in tree: BaselineTree) -> [String]? {
    switch finding.scope {
    case .contract(let name):
      return tree.files(of: name).map(\.relativePath)
        + tree.versions(of: name).map { ContractVersion(contract: name, version: $0) }
        .filter(tree.metadata.contains).map(\.metadataPath)
    case .version(let folder):
      return tree.files(in: folder).map(\.relativePath)
        + (tree.metadata.contains(folder) ? [folder.metadataPath] : [])
    case .locale(let folder, let locale):
      return tree.files(in: folder).filter { $0.locale == locale }.map(\.relativePath)
    case .file(let file):
      return [file.relativePath]
    case .catalog, .entry, .store, .release:
      return nil
    }
  }

  /// Whether removing what `finding` names is a break that needs a reason, which
  /// `Baselines.md` logs: a contract, version or locale gone from the catalog, with
  /// baselines of a version whose breaks the catalog guards (``Catalog/guardsBreaks(of:)``).
  static func needsReason(_ finding: Finding, tree: BaselineTree, catalog: Catalog) -> Bool {
    guard finding.recording(under: catalog.compatibility) == .removes else { return false }
    if case .contract(let name) = finding.scope {
      return tree.versions(of: name).contains(where: catalog.guardsBreaks)
    }
    return finding.scope.version.map(catalog.guardsBreaks) ?? true
  }

  /// Moves `paths` (relative to the tree) into a new hidden folder at the tree's root; on
  /// failure, moves back what it moved.
  /// - Throws: ``InputError`` naming the file that cannot be moved.
  mutating func moveAside(_ paths: [String]) throws(InputError) {
    guard !paths.isEmpty else { return }
    let token = UInt64.random(in: 0...UInt64.max)
    let folder = files.root.appendingPathComponent("\(Self.folderPrefix)\(getpid()).\(token)")
    aside = folder
    for path in paths {
      let target = folder.appendingPathComponent(path)
      do {
        try FileManager.default.createDirectory(
          at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      } catch {
        restore()
        throw InputError(file: files.displayPath(path),
                         reason: "cannot be removed: \(error.localizedDescription)")
      }
      guard rename(files.url(path).path, target.path) == 0 else {
        let reason = Platform.errorText
        restore()
        throw InputError(file: files.displayPath(path), reason: "cannot be removed: \(reason)")
      }
      moved.append(path)
    }
  }

  /// Notes that `document` is the `Baselines.md` this removal goes with: once it is in
  /// place, the removal is done, whatever happens next.
  /// - Throws: ``InputError`` when the note cannot be written (the files are moved back).
  mutating func commit(with document: String) throws(InputError) {
    guard let aside else { return }
    let digest = SHA256.hex(Array(document.utf8))
    if let failure = AtomicFile.writeNew(
      Array(digest.utf8), at: aside.appendingPathComponent(Self.digestName).path)
    {
      restore()
      throw InputError(file: files.displayRoot, reason: "cannot note a removal: \(failure)")
    }
  }

  /// Deletes the folder of moved files, and the folders they leave empty.
  mutating func finish() {
    guard let aside else { return }
    try? FileManager.default.removeItem(at: aside)
    Self.removeEmptyFolders(of: moved, in: files)
    self.aside = nil
  }

  /// Moves every moved file back where it was, and deletes the folder.
  mutating func restore() {
    guard let aside else { return }
    for path in moved {
      _ = rename(aside.appendingPathComponent(path).path, files.url(path).path)
    }
    try? FileManager.default.removeItem(at: aside)
    moved = []
    self.aside = nil
  }

  /// The removal folders of processes that are gone, by name.
  static func interrupted(in files: BaselineFiles) -> [String] {
    guard files.gitTree == nil,
      let names = try? FileManager.default.contentsOfDirectory(atPath: files.root.path)
    else { return [] }
    return names.filter { name in
      guard name.hasPrefix(folderPrefix),
        let pid = Int32(name.dropFirst(folderPrefix.count).prefix { $0 != "." }), pid > 0,
        pid != getpid()
      else { return false }
      return kill(pid, 0) != 0 && errno == ESRCH
    }.sorted()
  }

  /// Finishes or undoes each removal an interrupted `record` left: finished when the
  /// committed `Baselines.md` is the one it noted, undone otherwise (a file whose place is
  /// taken again stays aside and is named).
  /// - Returns: One sentence per folder, saying what was done.
  static func recover(in files: BaselineFiles) -> [String] {
    interrupted(in: files).map { name in
      let folder = files.root.appendingPathComponent(name)
      let noted = (try? String(contentsOf: folder.appendingPathComponent(digestName),
                               encoding: .utf8)) ?? ""
      let document = FileManager.default.contents(
        atPath: BaselinesDocument.url(for: files).path).map { SHA256.hex(Array($0)) }
      var paths = Self.paths(in: folder)
      if !noted.isEmpty, noted == document {
        try? FileManager.default.removeItem(at: folder)
        removeEmptyFolders(of: paths, in: files)
        return "Finished removing \(paths.count.counting("baseline")) that an interrupted "
          + "record had removed and logged (\(name))."
      }
      var kept: [String] = []
      for path in paths {
        let target = files.url(path)
        try? FileManager.default.createDirectory(
          at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        var info = stat()
        if lstat(target.path, &info) == 0
          || rename(folder.appendingPathComponent(path).path, target.path) != 0
        {
          kept.append(path)
        }
      }
      paths.removeAll { kept.contains($0) }
      if kept.isEmpty { try? FileManager.default.removeItem(at: folder) }
      return "Restored \(paths.count.counting("baseline")) that an interrupted record had "
        + "moved aside without logging their removal (\(name))"
        + (kept.isEmpty ? "." : "; kept aside, their places taken: "
          + kept.map { files.displayPath(DisplayText.escaped($0)) }.joined(separator: ", "))
    }
  }

  /// The payload and metadata files under `folder`, relative to it.
  private static func paths(in folder: URL) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    var paths: [String] = []
    while let path = walker.nextObject() as? String {
      var info = stat()
      guard path != digestName, lstat(folder.appendingPathComponent(path).path, &info) == 0,
        info.st_mode & S_IFMT == S_IFREG
      else { continue }
      paths.append(path)
    }
    return paths.sorted(by: codePointOrder)
  }

  /// Removes the folders that held `paths` once they are empty, deepest first.
  static func removeEmptyFolders(of paths: [String], in files: BaselineFiles) {
    var folders = Set<String>()
    for path in paths {
      var parts = path.split(separator: "/").dropLast()
      while !parts.isEmpty {
        folders.insert(parts.joined(separator: "/"))
        parts = parts.dropLast()
      }
    }
    for folder in folders.sorted(by: { $0.count > $1.count }) {
      rmdir(files.url(folder).path)
    }
  }
}
