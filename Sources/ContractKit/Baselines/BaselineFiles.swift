import Foundation
import Synchronization

/// Reads and writes files inside one baseline directory, and nowhere else.
///
/// Reads refuse symbolic links that leave the directory; writes go to a temporary file in
/// the same folder and are renamed into place, so a reader, a crash or a concurrent
/// `record` only ever sees the old file or the new one, never a partial one.
public struct BaselineFiles: Sendable {
  /// The baseline directory, resolved (symbolic links followed once, here).
  public let root: URL
  /// The directory as the user named it, for messages.
  public let displayRoot: String

  /// ``root``'s path, spelled once: reads join paths as strings, not `URL`s.
  private let rootPath: String
  /// Folders whose every component a read has checked, shared by the copies of this value.
  private let checkedFolders = CheckedFolders()

  public init(root: URL) {
    self.root = root.standardizedFileURL.resolvingSymlinksInPath()
    rootPath = self.root.path
    displayRoot = Self.relativeToWorkingDirectory(root.standardizedFileURL.path)
  }

  /// The file at `relativePath` (validated names only), as a URL inside ``root``.
  public func url(_ relativePath: String) -> URL {
    root.appendingPathComponent(relativePath)
  }

  /// The path to show in messages: the root as the user named it plus `relativePath`.
  public func displayPath(_ relativePath: String) -> String {
    displayRoot.hasSuffix("/") ? displayRoot + relativePath : displayRoot + "/" + relativePath
  }

  /// The file's bytes, or `nil` when it does not exist.
  /// - Throws: ``InputError`` when it exists but cannot be read, or when it or a folder on
  ///   the way to it is a symbolic link out of the tree.
  public func read(_ relativePath: String) throws(InputError) -> [UInt8]? {
    let folder = relativePath.lastIndex(of: "/").map { String(relativePath[..<$0]) }
    // A file in a folder already walked needs no `lstat` per component: opening it without
    // following a link is the whole check. A link, or anything unusual, takes the careful
    // path below, which gives the same answers and errors as before.
    if let folder, checkedFolders.contains(folder) {
      let descriptor = open(rootPath + "/" + relativePath, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
      if descriptor >= 0 {
        defer { close(descriptor) }
        if let bytes = Self.readAll(descriptor) { return bytes }
      } else if errno == ENOENT {
        return nil
      }
    }
    guard try checkContained(relativePath) else { return nil }
    if let folder { checkedFolders.insert(folder) }
    return try contents(relativePath)
  }

  /// The bytes of a file already checked by ``checkContained(_:)``.
  private func contents(_ relativePath: String) throws(InputError) -> [UInt8] {
    guard let bytes = Self.readAll(rootPath + "/" + relativePath) else {
      throw InputError(file: displayPath(relativePath), reason: "cannot be read")
    }
    return bytes
  }

  /// The whole file at `path`, or `nil` when it cannot be opened or read: one `open`, one
  /// `fstat`, and `read`s straight into the array (no `Data` in between to copy from).
  private static func readAll(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    return readAll(descriptor)
  }

  /// The whole file open at `descriptor`, or `nil` when it cannot be read.
  private static func readAll(_ descriptor: Int32) -> [UInt8]? {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    // One spare byte, so a file that grew since `fstat` is noticed and read to its end.
    var bytes = [UInt8](repeating: 0, count: max(0, Int(info.st_size)) + 1)
    var count = 0
    while true {
      if count == bytes.count {
        bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count)))
      }
      let result = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return -1 }
        return Platform.read(descriptor, base + count, buffer.count - count)
      }
      if result > 0 {
        count += result
      } else if result == 0 {
        bytes.removeSubrange(count...)
        return bytes
      } else if errno != EINTR {
        return nil
      }
    }
  }

  /// Whether `relativePath` exists, after checking that no symbolic link on the way to it
  /// (a folder or the file itself) leads out of ``root``: `lstat` follows links in every
  /// component but the last, so each component is checked on its own.
  /// - Throws: ``InputError`` for a link leaving the tree or an unreadable component.
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
        throw InputError(file: displayPath(relativePath), reason: "cannot be read: \(errnoText())")
      }
      guard (info.st_mode & S_IFMT) == S_IFLNK else { continue }
      let place = components.isEmpty
        ? "is a symbolic link" : "is behind the symbolic link '\(walked.joined(separator: "/"))'"
      guard let resolved = realpath(path, nil) else {
        throw InputError(file: displayPath(relativePath),
                         reason: "\(place) that cannot be resolved; not followed")
      }
      let target = String(cString: resolved)
      free(resolved)
      guard target == rootPath || target.hasPrefix(rootPath + "/") else {
        throw InputError(
          file: displayPath(relativePath),
          reason: "\(place) to '\(target)' outside the baseline directory; not followed")
      }
    }
    return true
  }

  /// Writes `bytes` atomically unless the file already holds exactly them.
  /// - Returns: `true` when the file was written, `false` when it was already up to date.
  @discardableResult
  public func write(_ bytes: [UInt8], to relativePath: String) throws -> Bool {
    // Never through a link that leaves the tree; an unreadable file is simply rewritten.
    if try checkContained(relativePath), let existing = try? contents(relativePath),
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

  private func errnoText() -> String { String(cString: strerror(errno)) }
}

/// The folders of a baseline directory already found to hold no link out of it.
///
/// A folder swapped for a link after it was checked is not noticed until the next run, as
/// with any check made before an `open`.
private final class CheckedFolders: Sendable {
  private let folders = Mutex<Set<String>>([])

  func contains(_ folder: String) -> Bool { folders.withLock { $0.contains(folder) } }
  func insert(_ folder: String) { _ = folders.withLock { $0.insert(folder) } }
}
