import Foundation
import ContractKitRuntime

/// Replaces a file so that every reader sees either its old bytes or its new ones.
///
/// The bytes go to a hidden temporary file in the same folder (same file system), which is
/// then renamed over the target: `rename(2)` is atomic, so a `record` killed mid-way or two
/// running at once never leave a torn file. A killed run may leave a
/// `.<name>.<pid>.<random>.tmp` file behind; tree scans skip hidden files.
enum AtomicFile {
  static func write(_ bytes: [UInt8], to target: URL, display: String) throws {
    let folder = target.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw InputError(file: folder.path, reason: "cannot be created: \(error.localizedDescription)")
    }
    let temporary = temporaryPath(for: target.path, token: UInt64.random(in: 0...UInt64.max))
    // Written directly, not through `FileManager.createFile`, which on Linux writes its own
    // `.dat.nosync…` temporary file and renames it: one temporary file, one rename.
    if let failure = writeNew(bytes, at: temporary) {
      unlink(temporary)
      throw InputError(file: display, reason: "cannot be written: \(failure)")
    }
    guard rename(temporary, target.path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw InputError(file: display, reason: "cannot be replaced: \(reason)")
    }
  }

  /// The hidden temporary file beside `target` (a path) that a writer with `token` uses:
  /// `.<name>.<pid>.<token>.tmp`, the name the next run recognises as a killed writer's.
  ///
  /// A name is cut short where the whole would pass ``nameLimit`` bytes: any name the file
  /// system takes for the target gets a temporary file it takes too (a 241-character
  /// `<locale>.json` must not fail as "File name too long" about a name nobody chose).
  static func temporaryPath(for target: String, token: UInt64) -> String {
    let slash = target.lastIndex(of: "/")
    let folder = slash.map { target[...$0] } ?? ""
    let name = slash.map { target[target.index(after: $0)...] } ?? target[...]
    let suffix = ".\(getpid()).\(token).tmp"
    let room = nameLimit - 1 - suffix.utf8.count
    var kept = Substring(name)
    while kept.utf8.count > room { kept.removeLast() }
    return "\(folder).\(kept)\(suffix)"
  }

  /// The longest file name, in bytes, that the file systems ContractKit runs on accept
  /// (`NAME_MAX` on Linux and macOS).
  static let nameLimit = 255

  /// Creates the file at `path` (it must not exist) holding `bytes`; the `errno` text on
  /// failure.
  ///
  /// Every file ContractKit writes comes here, so nothing is written that ContractKit would
  /// then refuse to read: more than ``InputFile/sizeLimit`` bytes is a failure, and no file
  /// is created.
  static func writeNew(_ bytes: [UInt8], at path: String) -> String? {
    if let tooLarge = InputFile.sizeProblem(bytes.count) { return tooLarge }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { return String(cString: strerror(errno)) }
    var failure: String?
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        let count = Platform.write(descriptor, base + offset, buffer.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          failure = String(cString: strerror(errno))
          return
        }
        offset += count
      }
    }
    if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
    return failure
  }
}
