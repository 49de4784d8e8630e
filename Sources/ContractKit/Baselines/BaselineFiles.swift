import Foundation
import Synchronization
import ContractKitRuntime

/// Reads and writes files inside one baseline directory, and nowhere else.
///
/// Reads and writes refuse symbolic links anywhere below the directory, wherever they point
/// (``InputFile`` opens every file read); writes go to a temporary file in the same folder
/// and are renamed into place, so a reader, a crash or a concurrent `record` only ever sees
/// the old file or the new one, never a partial one.
struct BaselineFiles: Sendable {
  /// The baseline directory, resolved (symbolic links followed once, here).
  package let root: URL
  /// The directory as the user named it, for messages.
  package let displayRoot: String

  /// ``root``'s path, spelled once: reads join paths as strings, not `URL`s.
  private let rootPath: String
  /// Folders whose every component a read has checked, shared by the copies of this value.
  private let checkedFolders = CheckedFolders()
  /// The commit's tree the files are read from instead of the folder, for `git:REF`.
  let gitTree: GitTree?

  package init(root: URL) {
    self.root = root.standardizedFileURL.resolvingSymlinksInPath()
    rootPath = self.root.path
    displayRoot = Self.relativeToWorkingDirectory(root.standardizedFileURL.path)
    gitTree = nil
  }

  /// The files of a commit's tree: listed and read from git's objects, never written.
  /// ``root`` is where the same path lies in the working tree (which `--output` protects).
  init(gitTree: GitTree) {
    root = gitTree.workingPath.standardizedFileURL
    rootPath = root.path
    displayRoot = gitTree.display
    self.gitTree = gitTree
  }

  /// The entries of the folder at `relativePath` (`""` is the root), sorted as
  /// ``DirectoryListing`` sorts them, links not followed: the one listing the tree scan
  /// reads, on disk or in a commit.
  /// - Throws: ``InputError`` naming the folder when it cannot be listed.
  func entries(in relativePath: String, folders: Bool) throws(InputError)
    -> [DirectoryListing.Entry]
  {
    if let gitTree { return gitTree.entries(in: relativePath, folders: folders) }
    let display = relativePath.isEmpty ? displayRoot : displayPath(relativePath)
    let path = relativePath.isEmpty
      ? rootPath : (rootPath == "/" ? "" : rootPath) + "/" + relativePath
    return try DirectoryListing.entries(of: path, display: display, folders: folders)
  }

  /// The file at `relativePath` (validated names only), as a URL inside ``root``.
  package func url(_ relativePath: String) -> URL {
    root.appendingPathComponent(relativePath)
  }

  /// The path to show in messages: the root as the user named it plus `relativePath`.
  package func displayPath(_ relativePath: String) -> String {
    displayRoot.hasSuffix("/") ? displayRoot + relativePath : displayRoot + "/" + relativePath
  }

  /// The file's bytes, or `nil` when it does not exist.
  ///
  /// Every read of the tree comes here and goes through ``InputFile``: no symbolic link is
  /// followed (not the file, not a folder on the way, wherever it points), only a regular
  /// file is read, and never more than ``InputFile/sizeLimit`` bytes.
  /// - Throws: ``InputError`` when it exists but cannot be read, is not a regular file, or
  ///   it or a folder on the way to it is a symbolic link.
  package func read(_ relativePath: String) throws(InputError) -> [UInt8]? {
    if let gitTree { return try gitTree.read(relativePath, display: displayPath(relativePath)) }
    let folder = relativePath.lastIndex(of: "/").map { String(relativePath[..<$0]) }
    // A file in a folder already walked needs no `lstat` per component: opening it without
    // following a link is the whole check.
    if let folder, checkedFolders.contains(folder) {
      return try InputFile.read(rootPath + "/" + relativePath,
                                display: displayPath(relativePath))
    }
    guard try checkContained(relativePath) else { return nil }
    if let folder { checkedFolders.insert(folder) }
    return try InputFile.read(rootPath + "/" + relativePath, display: displayPath(relativePath))
  }

  /// Notes that the scan listed `folder` (`Contract/version`) as a folder in a folder it
  /// listed as one, down from the root: no link is on the way (a link is listed as a link,
  /// and refused), so its files' reads need no `lstat` per component, as after
  /// ``checkContained(_:)``.
  func vouch(forFolder folder: String) {
    if gitTree == nil { checkedFolders.insert(folder) }
  }

  /// The bytes of the files `names` in the folder `folder` (`Contract/version`), each `nil`
  /// when it does not exist: ``read(_:)`` for each, with the same checks and errors, but
  /// each file opened by its name in the folder once the folder is known to be reached
  /// through no link.
  func read(_ names: [String], in folder: String) throws(InputError) -> [[UInt8]?] {
    var contents: [[UInt8]?] = []
    contents.reserveCapacity(names.count)
    guard gitTree == nil, checkedFolders.contains(folder),
      let descriptor = InputFile.openFolder(rootPath + "/" + folder)
    else {
      for name in names { contents.append(try read(folder + "/" + name)) }
      return contents
    }
    defer { close(descriptor) }
    for name in names {
      contents.append(try InputFile.read(name, display: displayPath(folder + "/" + name),
                                         in: descriptor))
    }
    return contents
  }

  /// Whether the folders on the way to `relativePath` exist, after checking that none of
  /// them is a symbolic link: `lstat` follows links in every component but the last, so
  /// each component is checked on its own. The last component is left to ``InputFile``
  /// (a read) or to the rename that replaces it (a write), neither of which follows it.
  /// - Throws: ``InputError`` for a link on the way or an unreadable component.
  private func checkContained(_ relativePath: String) throws(InputError) -> Bool {
    var path = rootPath
    var walked: [Substring] = []
    var components = relativePath.split(separator: "/")[...]
    while let component = components.popFirst() {
      path += "/" + component
      walked.append(component)
      var info = stat()
      guard lstat(path, &info) == 0 else {
        if errno == ENOENT || errno == ENOTDIR { return false }
        throw InputError(file: displayPath(relativePath),
                         reason: "cannot be read: \(Platform.errorText)")
      }
      switch info.st_mode & S_IFMT {
      case S_IFLNK where components.isEmpty:
        throw InputError(file: displayPath(relativePath),
                         reason: "is a symbolic link; links are never followed")
      case S_IFLNK:
        throw InputError(
          file: displayPath(relativePath),
          reason: "is behind the symbolic link '\(walked.joined(separator: "/"))'; links are "
            + "never followed")
      case S_IFDIR:
        continue
      default:
        // A file where a folder should be: nothing can be at the path.
        if !components.isEmpty { return false }
      }
    }
    return true
  }

  /// Writes `bytes` atomically unless the file already holds exactly them.
  /// - Returns: `true` when the file was written, `false` when it was already up to date.
  @discardableResult
  package func write(_ bytes: [UInt8], to relativePath: String) throws -> Bool {
    if gitTree != nil {
      throw InputError(file: displayPath(relativePath), reason: "is in a git commit, which "
        + "ContractKit never writes")
    }
    // Never through a link, nor onto one; an unreadable file is simply replaced (the rename
    // replaces a FIFO at the path, and never writes through it).
    if try checkContained(relativePath), let existing = try? read(relativePath),
      sameBytes(existing, bytes)
    {
      return false
    }
    try AtomicFile.write(bytes, to: url(relativePath), display: displayPath(relativePath))
    return true
  }

  /// `.VersionedTestJSON` rather than `/work/app/.VersionedTestJSON` when run from the
  /// package root, so messages and CI annotations name files the way users do.
  static func relativeToWorkingDirectory(_ path: String) -> String {
    let cwd = FileManager.default.currentDirectoryPath
    guard path.hasPrefix(cwd + "/") else { return path }
    return String(path.dropFirst(cwd.count + 1))
  }
}

/// The folders of a baseline directory already found to be reached through no link.
///
/// A folder swapped for a link after it was checked is not noticed until the next run, as
/// with any check made before an `open`.
private final class CheckedFolders: Sendable {
  private let folders = Mutex<Set<String>>([])

  func contains(_ folder: String) -> Bool { folders.withLock { $0.contains(folder) } }
  func insert(_ folder: String) { _ = folders.withLock { $0.insert(folder) } }
}
