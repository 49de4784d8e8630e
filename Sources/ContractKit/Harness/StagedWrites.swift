import Foundation
import Synchronization
import ContractKitRuntime

/// The files a `record` writes, staged while its check runs.
///
/// The check already holds the canonical bytes of every case whose baseline is missing or
/// differs (and the `contract.json` of every version folder whose metadata changed), so they
/// go to disk at once, into hidden temporary files beside their targets
/// (`.<file>.<pid>.<token>.tmp`, as ``AtomicFile`` names its own), instead of being encoded a
/// third time to be written. Once nothing is refused, ``commit(_:)`` renames each into place:
/// `rename(2)` is atomic, so every file is old or new for any reader, a killed run, or a
/// concurrent one. A refused (or failed) run ``discard()``s them and the folders staging
/// made: nothing is written. A killed run leaves only hidden temporary files, which tree
/// scans skip and the next run cleans up.
///
/// Nothing is kept in memory but the staged paths. Where a file goes was checked by the
/// check's read of it moments before (no link out of the tree on the way); folders that did
/// not exist are made here, real directories.
final class StagedWrites: Sendable {
  let files: BaselineFiles
  /// Whether a changed case is staged (the record's selection, `CONTRACTKIT_RECORD=missing`):
  /// its case, and whether its baseline is missing.
  let stagesCase: @Sendable (ContractCase, Bool) -> Bool
  /// Whether a version folder's changed `contract.json` is staged: its folder, and whether
  /// the file is missing or goes with a missing payload staged in the folder.
  let stagesMetadata: @Sendable (ContractVersion, Bool) -> Bool
  /// One token for every temporary file of this run: with the process id and the target's
  /// name, it makes each temporary file's name unique.
  private let token = UInt64.random(in: 0...UInt64.max)
  private let state = Mutex(State())

  private struct State: Sendable {
    /// Relative paths staged and not yet committed.
    var staged: Set<String> = []
    /// Folders known to exist, relative to the root (`""` is the root).
    var folders: Set<String> = []
    /// Folders staging made (absolute paths), in the order they were made.
    var madeFolders: [String] = []
  }

  init(files: BaselineFiles, stagesCase: @escaping @Sendable (ContractCase, Bool) -> Bool,
       stagesMetadata: @escaping @Sendable (ContractVersion, Bool) -> Bool)
  {
    self.files = files
    self.stagesCase = stagesCase
    self.stagesMetadata = stagesMetadata
  }

  /// Writes `bytes` to the temporary file of `relativePath`, replacing what was staged there
  /// (a check's job run again after a producer stalled stages its payloads again).
  /// - Throws: ``InputError`` when a folder cannot be made or the file cannot be written.
  func stage(_ bytes: [UInt8], at relativePath: String) throws(InputError) {
    try makeFolders(of: relativePath)
    let temporary = temporaryPath(relativePath)
    if isStaged(relativePath) { unlink(temporary) }
    if let failure = AtomicFile.writeNew(bytes, at: temporary) {
      unlink(temporary)
      throw InputError(file: files.displayPath(relativePath),
                       reason: "cannot be written: \(failure)")
    }
    _ = state.withLock { $0.staged.insert(relativePath) }
  }

  /// Whether `relativePath` is staged and not committed.
  func isStaged(_ relativePath: String) -> Bool {
    state.withLock { $0.staged.contains(relativePath) }
  }

  /// Renames the staged file of `relativePath` into place.
  /// - Throws: ``InputError`` when the rename fails; the file is left to ``discard()``.
  func commit(_ relativePath: String) throws(InputError) {
    guard rename(temporaryPath(relativePath), targetPath(relativePath)) == 0 else {
      throw InputError(file: files.displayPath(relativePath),
                       reason: "cannot be replaced: \(Platform.errorText)")
    }
    _ = state.withLock { $0.staged.remove(relativePath) }
  }

  /// Forgets the folders it made and knows when every staged file is in place, so that
  /// ``discard()`` has nothing left to remove: a cold record of 20,000 files holds thousands
  /// of their paths.
  func forgetFoldersIfAllCommitted() {
    state.withLock { state in
      guard state.staged.isEmpty else { return }
      state = State()
    }
  }

  /// Removes every staged file not committed, then every folder staging made that is empty
  /// again, deepest first.
  func discard() {
    let (staged, madeFolders) = state.withLock { state in
      defer {
        state.staged = []
        state.madeFolders = []
      }
      return (state.staged, state.madeFolders)
    }
    for relativePath in staged { unlink(temporaryPath(relativePath)) }
    for folder in Self.removalOrder(of: madeFolders) { rmdir(folder) }
  }

  /// The folders staging made, children before their parents. Not the reverse of the order
  /// they were made in: two threads staging at once can note a folder before the parent
  /// another thread made first (one `mkdir`s the root, the other finds it and makes its
  /// contract folder, then the first notes the root), and the root would then be removed
  /// while it still holds a folder. A child's path is longer than its parent's.
  static func removalOrder(of folders: [String]) -> [String] {
    folders.sorted { $0.utf8.count != $1.utf8.count ? $0.utf8.count > $1.utf8.count : $0 > $1 }
  }

  /// Makes the folders on the way to `relativePath` that do not exist yet, the baseline
  /// directory and its parents included.
  private func makeFolders(of relativePath: String) throws(InputError) {
    guard let slash = relativePath.lastIndex(of: "/") else { return }
    let folder = String(relativePath[..<slash])
    if state.withLock({ $0.folders.contains(folder) }) { return }
    var path = ""
    for component in [""] + folder.split(separator: "/").map(String.init) {
      path = component.isEmpty ? path : path.isEmpty ? component : path + "/" + component
      if state.withLock({ $0.folders.contains(path) }) { continue }
      try makeFolder(targetPath(path), display: files.displayPath(path))
      _ = state.withLock { $0.folders.insert(path) }
    }
  }

  /// Makes the folder at the absolute `path` unless it exists, and (`makingParents`) its
  /// missing parents.
  private func makeFolder(_ path: String, display: String, makingParents: Bool = true)
    throws(InputError)
  {
    if mkdir(path, 0o777) == 0 {
      state.withLock { $0.madeFolders.append(path) }
      return
    }
    switch errno {
    case EEXIST:
      return
    case ENOENT where makingParents && path.contains("/") && path != "/":
      let parent = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
      try makeFolder(parent.isEmpty ? "/" : parent, display: parent)
      try makeFolder(path, display: display, makingParents: false)
    default:
      throw InputError(file: display, reason: "cannot be created: \(Platform.errorText)")
    }
  }

  /// The absolute path of `relativePath` (`""` is the root).
  private func targetPath(_ relativePath: String) -> String {
    relativePath.isEmpty ? files.root.path : files.root.path + "/" + relativePath
  }

  private func temporaryPath(_ relativePath: String) -> String {
    AtomicFile.temporaryPath(for: targetPath(relativePath), token: token)
  }
}
