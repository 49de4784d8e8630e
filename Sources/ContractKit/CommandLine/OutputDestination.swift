import Foundation
import ContractKitRuntime

/// Where `--output FILE` writes, and the rules that keep it from destroying anything.
///
/// - Never inside a baseline tree the command reads or writes, never onto `Baselines.md`
///   (its log of accepted breaks), not even through a symbolic link.
/// - A pipe or a character device (`/dev/stdout`, `/dev/null`, a FIFO) is written into,
///   never replaced by a regular file.
/// - A regular file is replaced atomically; a missing parent folder is refused, never
///   created.
///
/// The rules are checked before the command runs (so a long `check` does not end in a
/// refusal) and again just before writing.
struct OutputDestination {
  /// How the bytes reach the destination.
  enum Plan: Equatable {
    /// A regular file (or none yet) at this resolved path: written beside it, renamed over.
    case replace(String)
    /// A pipe or character device: opened for writing and written into.
    case writeInto(String)
  }

  /// The path as the user gave it.
  let path: String
  /// The baseline directories the command reads or writes.
  let trees: [BaselineFiles]

  /// Checks the rules now.
  /// - Throws: ``OutputError`` naming the path and the rule it breaks.
  init(_ path: String, protecting trees: [BaselineFiles]) throws(OutputError) {
    self.path = path
    self.trees = trees
    _ = try plan()
  }

  /// Writes `text`, checking the rules again first.
  /// - Throws: ``OutputError`` for a broken rule or a failed write, with the system's reason.
  func write(_ text: String) throws(OutputError) {
    switch try plan() {
    case .replace(let target):
      do {
        try AtomicFile.write(Array(text.utf8), to: URL(fileURLWithPath: target), display: path)
      } catch let error as InputError {
        throw failure(error.reason)
      } catch {
        throw failure("\(error)")
      }
    case .writeInto(let target):
      let descriptor = open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC)
      guard descriptor >= 0 else { throw failure("cannot be opened: \(Platform.errorText)") }
      defer { close(descriptor) }
      do {
        try StandardStream.write(text, to: descriptor, named: path)
      } catch {
        throw failure(error.reason)
      }
    }
  }

  /// What the path is now, and so how to write it.
  func plan() throws(OutputError) -> Plan {
    let name = URL(fileURLWithPath: path).lastPathComponent
    var info = stat()
    guard lstat(path, &info) == 0 else {
      guard errno == ENOENT else { throw failure(Platform.errorText) }
      return .replace(try checked(resolvedInParent(name)))
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      return .replace(try checked(resolvedInParent(name)))
    case S_IFIFO, S_IFCHR:
      return .writeInto(path)
    case S_IFLNK:
      var target = stat()
      guard stat(path, &target) == 0 else {
        throw failure("is a symbolic link to nothing (\(Platform.errorText)); it is not followed")
      }
      switch target.st_mode & S_IFMT {
      // `/dev/stdout` and its kin: the link leads to the descriptor, which is written into.
      case S_IFIFO, S_IFCHR: return .writeInto(path)
      case S_IFREG: return .replace(try checked(resolved(path)))
      default: throw failure("is a symbolic link to something that is not a regular file")
      }
    case S_IFDIR:
      throw failure("is a folder; name a file")
    default:
      throw failure("\(InputFile.describe(type: info.st_mode & S_IFMT)); --output writes only "
        + "to regular files, pipes and character devices")
    }
  }

  /// The absolute path of `name` in the path's parent folder, which must exist.
  private func resolvedInParent(_ name: String) throws(OutputError) -> String {
    // The folder as the user spelled it, for the message.
    let parent = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) }
      ?? "."
    var info = stat()
    guard stat(parent, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
      throw failure("the folder '\(parent)' does not exist; --output never creates folders")
    }
    return try resolved(parent) + (parent == "/" ? "" : "/") + name
  }

  /// `path` with every link resolved.
  private func resolved(_ path: String) throws(OutputError) -> String {
    guard let real = realpath(path, nil) else { throw failure(Platform.errorText) }
    defer { free(real) }
    return String(cString: real)
  }

  /// `target` when it is neither `Baselines.md` nor inside a protected tree.
  private func checked(_ target: String) throws(OutputError) -> String {
    let name = URL(fileURLWithPath: target).lastPathComponent
    if Self.same(name, BaselinesDocument.fileName) {
      throw failure("--output never replaces \(BaselinesDocument.fileName), which record "
        + "writes and whose log of accepted breaks must be kept")
    }
    for tree in trees {
      let root = tree.root.path
      if Self.same(target, root) || Self.hasPrefix(target, root == "/" ? "/" : root + "/") {
        throw failure("is inside the baseline tree \(tree.displayRoot); --output never "
          + "replaces anything in a tree the command reads or writes")
      }
    }
    return target
  }

  private func failure(_ reason: String) -> OutputError {
    OutputError(destination: path, reason: reason)
  }

  // Darwin's file systems ignore case by default: `baselines.md` is `Baselines.md` there.
  #if canImport(Darwin)
    private static func same(_ lhs: String, _ rhs: String) -> Bool {
      lhs.lowercased() == rhs.lowercased()
    }
    private static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
      text.lowercased().hasPrefix(prefix.lowercased())
    }
  #else
    private static func same(_ lhs: String, _ rhs: String) -> Bool { lhs == rhs }
    private static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
      text.hasPrefix(prefix)
    }
  #endif
}
