import Foundation

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

  public init(root: URL) {
    self.root = root.standardizedFileURL.resolvingSymlinksInPath()
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
  /// - Throws: ``InputError`` when it exists but cannot be read, or is a link out of the tree.
  public func read(_ relativePath: String) throws(InputError) -> [UInt8]? {
    let path = url(relativePath).path
    var info = stat()
    guard lstat(path, &info) == 0 else {
      if errno == ENOENT { return nil }
      throw InputError(file: displayPath(relativePath), reason: "cannot be read: \(errnoText())")
    }
    if (info.st_mode & S_IFMT) == S_IFLNK {
      let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
      guard target.hasPrefix(root.path + "/") else {
        throw InputError(
          file: displayPath(relativePath),
          reason: "is a symbolic link to '\(target)' outside the baseline directory; not followed")
      }
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw InputError(file: displayPath(relativePath), reason: "cannot be read")
    }
    return [UInt8](data)
  }

  /// Writes `bytes` atomically unless the file already holds exactly them.
  /// - Returns: `true` when the file was written, `false` when it was already up to date.
  @discardableResult
  public func write(_ bytes: [UInt8], to relativePath: String) throws -> Bool {
    if let existing = try? read(relativePath), existing == bytes { return false }
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
