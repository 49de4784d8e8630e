import ContractKitRuntime
import Foundation

/// The one way ContractKit removes files and folders: below a folder it owns, never through
/// a symbolic link.
///
/// Each folder on the way is opened with `O_NOFOLLOW` from the one before it (`openat`), and
/// the entry is removed from the folder that holds it (`unlinkat`): a link on the way is an
/// error, a link at the path or inside a removed folder is removed itself, and what it
/// points to is never touched, whether it leaves the folder or points inside it. A pending
/// store downloaded from CI can hold anything; its links cannot reach a committed baseline.
enum ContainedRemoval {
  /// Removes `relativePath` below `root`: a file, a link itself, or a folder with all it
  /// holds. Nothing there is no error.
  /// - Throws: ``InputError`` naming the path when a folder on the way is a link, or the
  ///   system refuses.
  static func remove(_ relativePath: String, under root: String) throws(InputError) {
    let components = relativePath.split(separator: "/").map(String.init)
    guard let name = components.last, !components.contains(".."), !components.contains(".")
    else { return }
    let display = BaselineFiles.relativeToWorkingDirectory(root + "/" + relativePath)
    var folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else {
      if errno == ENOENT { return }
      throw InputError(file: display, reason: "cannot be removed: \(Platform.errorText)")
    }
    defer { close(folder) }
    for component in components.dropLast() {
      let next = openat(folder, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      guard next >= 0 else {
        let code = errno
        if code == ENOENT { return }
        if code == ELOOP || code == ENOTDIR {
          throw InputError(file: display, reason: "is behind '\(component)', which is not a "
            + "folder (a symbolic link?); nothing is removed through it")
        }
        throw InputError(file: display, reason: "cannot be removed: \(Platform.errorText)")
      }
      close(folder)
      folder = next
    }
    try removeEntry(name, in: folder, display: display)
  }

  /// Removes the entry `name` of the open folder `folder`, a folder's contents first.
  private static func removeEntry(_ name: String, in folder: Int32, display: String)
    throws(InputError)
  {
    var info = stat()
    guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
      if errno == ENOENT { return }
      throw InputError(file: display, reason: "cannot be removed: \(Platform.errorText)")
    }
    if info.st_mode & S_IFMT == S_IFDIR {
      let inner = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      guard inner >= 0 else {
        throw InputError(file: display, reason: "cannot be removed: \(Platform.errorText)")
      }
      defer { close(inner) }
      for entry in try names(in: inner, display: display) {
        try removeEntry(entry, in: inner, display: display + "/" + DisplayText.escaped(entry))
      }
      guard unlinkat(folder, name, AT_REMOVEDIR) == 0 || errno == ENOENT else {
        throw InputError(file: display, reason: "cannot be removed: \(Platform.errorText)")
      }
      return
    }
    guard unlinkat(folder, name, 0) == 0 || errno == ENOENT else {
      throw InputError(file: display, reason: "cannot be removed: \(Platform.errorText)")
    }
  }

  /// The names in the open folder `folder`, `.` and `..` aside.
  private static func names(in folder: Int32, display: String) throws(InputError) -> [String] {
    let copy = dup(folder)
    guard copy >= 0, let directory = fdopendir(copy) else {
      if copy >= 0 { close(copy) }
      throw InputError(file: display, reason: "cannot be listed: \(Platform.errorText)")
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw -> [UInt8] in
        Array(raw.prefix { $0 != 0 })
      }
      let name = String(decoding: bytes, as: UTF8.self)
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }
}
