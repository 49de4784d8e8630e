import Foundation
import ContractKitRuntime

/// The one way ContractKit opens a file it reads as input: never through a symbolic link,
/// only a regular file, and never more than ``sizeLimit`` bytes.
///
/// The file is opened with `O_NOFOLLOW | O_NONBLOCK` and only then examined with `fstat`,
/// on the descriptor itself: a FIFO or a device is refused without a read that could block
/// or never end (`/dev/zero`), and a link is refused rather than followed, whether it leaves
/// the tree or points inside it (`en.json -> es.json`). Folders on the way are the caller's
/// to vouch for (``BaselineFiles`` checks each component).
///
/// ```swift
/// let bytes = try InputFile.read("/work/app/Baselines.md", display: "Baselines.md")
/// ```
enum InputFile {
  /// The largest input file read, 512 MiB: far above any real baseline (the fault suite's
  /// largest is 10 MB, the memory measurement's 100 MB), far below what exhausts a machine.
  static let sizeLimit = 512 * 1024 * 1024

  /// What may stand at the path besides a regular file.
  enum Rules {
    /// A file of the baseline tree, `Baselines.md`, `contract.json`: a regular file, never
    /// reached through a link.
    case baseline
    /// A file the user names on the command line (a report to merge): links are followed
    /// and pipes read (`<(…)`, `/dev/stdin`), but the read is still bounded.
    case named
  }

  /// The file's bytes, or `nil` when nothing is at `path` (or a folder on the way is missing).
  ///
  /// - Parameters:
  ///   - path: The path to open.
  ///   - display: How messages name the file; spelled only for a message.
  ///   - rules: What may stand at `path`.
  ///   - limit: The most bytes read; a longer file is an error.
  ///   - folder: The open folder a relative `path` is in (``openFolder(_:)``); by default
  ///     the working directory.
  /// - Throws: ``InputError`` naming `display` and the reason: a link, a FIFO, a device, a
  ///   folder, a file over the limit, or the system's own reason (`Permission denied`).
  static func read(_ path: String, display: @autoclosure () -> String, rules: Rules = .baseline,
                   limit: Int = sizeLimit, in folder: Int32 = AT_FDCWD)
    throws(InputError) -> [UInt8]?
  {
    var flags = O_RDONLY | O_CLOEXEC | O_NOCTTY
    if rules == .baseline { flags |= O_NOFOLLOW | O_NONBLOCK }
    let descriptor = openat(folder, path, flags)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { return nil }
      throw InputError(file: display(), reason: openFailure(path, code: code, in: folder))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw InputError(file: display(), reason: "cannot be examined: \(Platform.errorText)")
    }
    let type = info.st_mode & S_IFMT
    if type != S_IFREG, rules == .baseline || type == S_IFDIR {
      throw InputError(file: display(), reason: "\(describe(type: type)), not a regular file; "
        + "it is never read")
    }
    if type == S_IFREG, Int(info.st_size) > limit {
      throw tooLarge(display(), limit: limit)
    }
    return try readAll(descriptor, expected: type == S_IFREG ? Int(info.st_size) : 0,
                       display: display, limit: limit)
  }

  /// A folder opened to read the files in it by their names (``read(_:display:rules:limit:in:)``),
  /// so that each open walks one name, not the whole path; `nil` when it cannot be opened
  /// (the caller then reads by path, which says why). The caller closes it.
  static func openFolder(_ path: String) -> Int32? {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    return descriptor >= 0 ? descriptor : nil
  }

  /// Why `open` failed with `code`: a link for `ELOOP` (what `O_NOFOLLOW` gives on a link),
  /// else the system's words.
  static func openFailure(_ path: String, code: Int32, in folder: Int32 = AT_FDCWD) -> String {
    var info = stat()
    if code == ELOOP || code == EMLINK, fstatat(folder, path, &info, AT_SYMLINK_NOFOLLOW) == 0,
      info.st_mode & S_IFMT == S_IFLNK
    {
      return "is a symbolic link; links are never followed"
    }
    return "cannot be read: \(String(cString: strerror(code)))"
  }

  /// `is a FIFO (named pipe)` and the like, for a file type from `st_mode`.
  static func describe(type: mode_t) -> String {
    switch type {
    case S_IFDIR: "is a folder"
    case S_IFIFO: "is a FIFO (named pipe)"
    case S_IFCHR: "is a character device"
    case S_IFBLK: "is a block device"
    case S_IFSOCK: "is a socket"
    case S_IFLNK: "is a symbolic link"
    default: "is not a regular file"
    }
  }

  /// The bytes at `descriptor`, read to its end: `expected` (a regular file's size when it
  /// was examined) sizes the first buffer, with one spare byte to notice a file that grew;
  /// anything past it (a pipe's bytes, a grown file's) is read in chunks. More than `limit`
  /// bytes is an error. Buffers are not zeroed first: only the bytes read are kept.
  private static func readAll(_ descriptor: Int32, expected: Int, display: () -> String,
                              limit: Int)
    throws(InputError) -> [UInt8]
  {
    let capacity = min(max(0, expected), limit) + 1
    var failure: InputError?
    var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
      switch fill(buffer, from: descriptor, display: display, endsAt: expected) {
      case .success(let count): initialized = count
      case .failure(let error): (initialized, failure) = (0, error)
      }
    }
    if let failure { throw failure }
    guard bytes.count == capacity else { return bytes }
    guard bytes.count <= limit else { throw tooLarge(display(), limit: limit) }
    let rest = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64 * 1024) {
      chunk -> Result<Void, InputError> in
      while true {
        switch fill(chunk, from: descriptor, display: display) {
        case .failure(let error): return .failure(error)
        case .success(let count):
          guard bytes.count + count <= limit else {
            return .failure(tooLarge(display(), limit: limit))
          }
          bytes.append(contentsOf: chunk[..<count])
          if count < chunk.count { return .success(()) }
        }
      }
    }
    try rest.get()
    return bytes
  }

  /// Reads into `buffer` until it is full or the input ends; the count read.
  ///
  /// A read that stops short at `end` (a regular file's size when it was examined, `0` when
  /// unknown) ends the input without asking again: a regular file's read comes back short
  /// only at its end, and there it agrees with the size seen, so the read that would return
  /// nothing is one system call a file saved. A file that grew fills the spare byte and is
  /// read on; one that came back short of its size is asked again.
  private static func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>, from descriptor: Int32,
                           display: () -> String, endsAt end: Int = 0)
    -> Result<Int, InputError>
  {
    guard let base = buffer.baseAddress else { return .success(0) }
    var count = 0
    while count < buffer.count {
      let result = Platform.read(descriptor, base + count, buffer.count - count)
      if result > 0 {
        count += result
        if end > 0, count == end { break }
      } else if result == 0 {
        break
      } else if errno != EINTR {
        return .failure(InputError(file: display(), reason: "cannot be read: \(Platform.errorText)"))
      }
    }
    return .success(count)
  }

  static func tooLarge(_ display: String, limit: Int = sizeLimit) -> InputError {
    InputError(file: display, reason: "is larger than \(limit / 1024 / 1024) MiB, the most "
      + "ContractKit reads of one file; it is not read")
  }

  /// Why a file of `count` bytes must not be written, or `nil`: a file over ``sizeLimit``
  /// would be refused by every later read (a `record` would leave a tree no `check` reads).
  static func sizeProblem(_ count: Int) -> String? {
    guard count > sizeLimit else { return nil }
    return "it would hold \(count) bytes, more than \(sizeLimit / 1024 / 1024) MiB, the most "
      + "ContractKit reads of one file; nothing is written"
  }
}
