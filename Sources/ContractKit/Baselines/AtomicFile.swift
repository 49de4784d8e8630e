import Foundation

/// Replaces a file so that every reader sees either its old bytes or its new ones.
///
/// The bytes go to a hidden temporary file in the same folder (same file system), which is
/// then renamed over the target: `rename(2)` is atomic, so a `record` killed mid-way or two
/// running at once never leave a torn file. A killed run may leave a `.…tmp` file behind;
/// tree scans skip hidden files.
enum AtomicFile {
  static func write(_ bytes: [UInt8], to target: URL, display: String) throws {
    let folder = target.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw InputError(file: folder.path, reason: "cannot be created: \(error.localizedDescription)")
    }
    let temporary = folder.appendingPathComponent(
      ".\(target.lastPathComponent).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp")
    guard FileManager.default.createFile(atPath: temporary.path, contents: Data(bytes)) else {
      throw InputError(file: display, reason: "cannot be written")
    }
    guard rename(temporary.path, target.path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary.path)
      throw InputError(file: display, reason: "cannot be replaced: \(reason)")
    }
  }
}
