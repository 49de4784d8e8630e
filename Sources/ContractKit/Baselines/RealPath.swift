import ContractKitRuntime
import Foundation

/// Where a path really leads, symbolic links resolved, whether or not it exists yet.
///
/// Foundation's `resolvingSymlinksInPath()` leaves a path that does not exist as it is, so
/// `tree/link/new` (with `link` pointing into a baseline tree) would look outside the tree
/// until the first write made it exist. Here each component is examined in turn: a link is
/// replaced by its target (even one that leads nowhere yet), and the part that does not
/// exist, which no link can be in, is kept as written.
enum RealPath {
  /// The absolute path `path` leads to (relative paths from the working directory).
  static func resolve(_ path: String) -> String {
    var pending = URL(fileURLWithPath: path).standardizedFileURL.path
    var hops = 0
    resolving: while true {
      var current = ""
      let components = pending.split(separator: "/").map(String.init)
      for (offset, component) in components.enumerated() {
        let candidate = current + "/" + component
        var info = stat()
        guard lstat(candidate, &info) == 0 else {
          // Nothing there: the rest is created as written.
          return ([current] + components[offset...]).joined(separator: "/")
        }
        guard info.st_mode & S_IFMT == S_IFLNK else {
          current = candidate
          continue
        }
        hops += 1
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink(candidate, &buffer, buffer.count - 1)
        guard count > 0, hops < 40 else { return candidate }
        let target = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) },
                            as: UTF8.self)
        let rest = components[(offset + 1)...].joined(separator: "/")
        let joined = (target.hasPrefix("/") ? target : current + "/" + target)
          + (rest.isEmpty ? "" : "/" + rest)
        pending = URL(fileURLWithPath: joined).standardizedFileURL.path
        continue resolving
      }
      return current.isEmpty ? "/" : current
    }
  }

  /// Whether `path` is `folder` or inside it, both resolved.
  static func isInside(_ path: String, _ folder: String) -> Bool {
    let inner = resolve(path)
    let outer = resolve(folder)
    return inner == outer || inner.hasPrefix(outer == "/" ? "/" : outer + "/")
  }
}
