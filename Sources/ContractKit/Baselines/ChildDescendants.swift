import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The processes descending from a child, as far as they have been seen: on Linux, from
/// `/proc`, with each one's start time so that a process id reused since is never signalled.
/// (Elsewhere the child's process group is what is ended.)
struct ChildDescendants {
  let root: pid_t
  /// Process id → start time (clock ticks after boot).
  private(set) var known: [pid_t: UInt64] = [:]

  init(root: pid_t) { self.root = root }

  /// Adds every process now descending from the root or from a process seen before.
  mutating func look() {
    #if os(Linux)
      let table = Self.processTable()
      var parents = Set(known.keys).union([root])
      var grew = true
      while grew {
        grew = false
        for entry in table where parents.contains(entry.parent) && !parents.contains(entry.pid) {
          parents.insert(entry.pid)
          known[entry.pid] = entry.start
          grew = true
        }
      }
    #endif
  }

  /// Sends `signal` to every known descendant that is still the process that was seen.
  func signal(_ signal: Int32) {
    #if os(Linux)
      for (pid, start) in known where Self.startTime(of: pid) == start {
        kill(pid, signal)
      }
    #endif
  }

  #if os(Linux)
    /// Every process: its id, its parent's and its start time.
    private static func processTable() -> [(pid: pid_t, parent: pid_t, start: UInt64)] {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      return names.compactMap { name in
        guard let pid = pid_t(name), let fields = statFields(of: pid), fields.count > 19,
          let parent = pid_t(fields[1]), let start = UInt64(fields[19])
        else { return nil }
        return (pid, parent, start)
      }
    }

    private static func startTime(of pid: pid_t) -> UInt64? {
      statFields(of: pid).flatMap { $0.count > 19 ? UInt64($0[19]) : nil }
    }

    /// The fields of `/proc/<pid>/stat` after the command's name (which may hold spaces):
    /// state, parent, group, …; the start time is the 20th.
    private static func statFields(of pid: pid_t) -> [String]? {
      guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
        let close = data.lastIndex(of: UInt8(ascii: ")"))
      else { return nil }
      return data[(close + 1)...].split(separator: UInt8(ascii: " "))
        .map { String(decoding: $0, as: UTF8.self) }
    }
  #endif
}
