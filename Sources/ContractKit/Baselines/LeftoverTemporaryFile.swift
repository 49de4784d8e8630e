import Foundation
import ContractKitRuntime

/// The temporary files a killed `record` leaves behind: `.<name>.<pid>.<random>.tmp`, the
/// names ``AtomicFile`` writes before it renames a file into place.
///
/// A file is a leftover when its name has that shape and the process that wrote it no
/// longer runs (`kill(pid, 0)` says there is no such process): the temporary file of a
/// `record` still running beside this one is never touched. `record` removes leftovers;
/// `check` reports them until then.
enum LeftoverTemporaryFile {
  /// The writer's process id in a temporary file's name, or `nil` for any other name.
  static func processID(inName name: String) -> Int32? {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 5, parts[0].isEmpty, parts[parts.count - 1] == "tmp",
      !parts[1...(parts.count - 4)].joined(separator: ".").isEmpty,
      UInt64(parts[parts.count - 2]) != nil, let pid = Int32(parts[parts.count - 3]), pid > 0
    else { return nil }
    return pid
  }

  /// Whether `name` is the temporary file of a writer that is gone.
  static func isLeftover(_ name: String) -> Bool {
    guard let pid = processID(inName: name), pid != getpid() else { return false }
    return kill(pid, 0) != 0 && errno == ESRCH
  }

  /// The leftovers among the regular files directly in `folder`, by name, sorted; none when
  /// the folder cannot be listed (it is only looked at for leftovers).
  static func names(in folder: String, forFile target: String? = nil) -> [String] {
    guard let entries = try? DirectoryListing.entries(of: folder, display: folder, folders: false)
    else { return [] }
    return entries.compactMap { entry in
      guard entry.kind == .file, let name = entry.name, isLeftover(name),
        target.map({ name.hasPrefix(".\($0).") }) ?? true
      else { return nil }
      return name
    }
  }

  /// Removes the leftovers at `paths` (absolute), skipping any that is no longer a
  /// leftover regular file.
  /// - Returns: The paths removed.
  @discardableResult
  static func remove(_ paths: [String]) -> [String] {
    paths.filter { path in
      var info = stat()
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
        isLeftover(URL(fileURLWithPath: path).lastPathComponent)
      else { return false }
      return unlink(path) == 0
    }
  }
}
