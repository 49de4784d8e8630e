import ContractKitRuntime
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run of a program (`git`, `swift build`, a built probe) as a child process: bounded by
/// its time limit, and ended together with everything it started.
///
/// The child runs in a process group of its own, reads its standard input from a file (or
/// `/dev/null`) and writes its output to files, not pipes: a child that prints a lot never
/// stalls, and one that stops reading never raises SIGPIPE here. When it outlives its limit,
/// it and every process it started are stopped, then killed: its group, and (on Linux) every
/// descendant, since SwiftPM runs a manifest in a group of its own. When it ends, whatever it
/// left running in its group, or that was seen descending from it (it is looked at every
/// half second), is killed too. It is always reaped.
///
/// ```swift
/// let outcome = try ChildProcess(["swift", "build"], in: package, timeLimit: 1200).run()
/// if outcome.ending == .timedOut { … }
/// ```
struct ChildProcess {
  /// The program, found on the `PATH`, and its arguments.
  let arguments: [String]
  /// The folder it runs in.
  let directory: URL
  /// Seconds it may take; with ``progress``, seconds between two writes to that file.
  let timeLimit: Double
  /// Its environment.
  var environment = ProcessInfo.processInfo.environment
  /// The file its standard input reads; `/dev/null` when `nil`.
  var input: String?
  /// A file whose growth restarts the time limit: the limit is then on one step of the
  /// child's work (one payload a probe decodes), not on the whole run.
  var progress: String?

  init(_ arguments: [String], in directory: URL, timeLimit: Double) {
    self.arguments = arguments
    self.directory = directory
    self.timeLimit = timeLimit
  }

  /// How a run ended.
  enum Ending: Sendable, Hashable, CustomStringConvertible {
    case exited(Int32)
    /// Ended by a signal it did not handle (a crash: SIGILL, SIGSEGV, SIGABRT, …).
    case signaled(Int32)
    /// Stopped at its time limit.
    case timedOut

    /// `exit status 1`, `signal 4 (SIGILL)`, `the time limit`.
    var description: String {
      switch self {
      case .exited(let status): "exit status \(status)"
      case .signaled(let signal): "signal \(signal) (\(Self.signalName(signal)))"
      case .timedOut: "the time limit"
      }
    }

    /// `SIGSEGV`, or `SIG<number>` for a signal without a portable name.
    static func signalName(_ signal: Int32) -> String {
      let names: [Int32: String] = [
        SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL",
        SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
        SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM",
        SIGTERM: "SIGTERM", SIGUSR1: "SIGUSR1", SIGUSR2: "SIGUSR2", SIGXCPU: "SIGXCPU",
      ]
      return names[signal] ?? "SIG\(signal)"
    }
  }

  /// What a run gave.
  struct Outcome: Sendable {
    let ending: Ending
    /// Its standard output (empty when it went to a file the caller named).
    let output: [UInt8]
    /// Its standard error, as text.
    let error: String
    let seconds: Double
    /// Its peak resident memory, in bytes: sampled while it runs on Linux (a peak just before
    /// it ends may be missed), as the system counts it on Darwin.
    let peakMemory: Int

    var succeeded: Bool { ending == .exited(0) }
  }

  /// Runs the program to its end or its time limit, with its standard output in memory.
  /// - Throws: ``InputError`` naming the program when it cannot be started.
  func run() throws(InputError) -> Outcome {
    let output = Self.scratchPath("out")
    defer { unlink(output) }
    let outcome = try run(outputTo: output)
    let bytes = FileManager.default.contents(atPath: output).map { [UInt8]($0) } ?? []
    return Outcome(ending: outcome.ending, output: bytes, error: outcome.error,
                   seconds: outcome.seconds, peakMemory: outcome.peakMemory)
  }

  /// Runs the program to its end or its time limit, with its standard output in the file at
  /// `outputPath` (created or truncated), which the caller reads as it needs.
  /// - Throws: ``InputError`` naming the program when it cannot be started.
  func run(outputTo outputPath: String) throws(InputError) -> Outcome {
    let errorPath = Self.scratchPath("err")
    defer { unlink(errorPath) }
    let start = Date()
    let pid = try spawn(outputPath: outputPath, errorPath: errorPath)
    var sampledPeak = 0
    let ending = supervise(pid, peak: &sampledPeak)
    var usage = rusage()
    var status: Int32 = 0
    while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
    let error = FileManager.default.contents(atPath: errorPath)
      .map { String(decoding: $0, as: UTF8.self) } ?? ""
    let ended: Ending = ending ?? Self.ending(of: status)
    // Linux counts, in a spawned child's maximum, the memory of this process it shared
    // until exec: its own peak is sampled while it runs instead.
    #if canImport(Darwin)
      let peak = Int(usage.ru_maxrss)
    #else
      let peak = sampledPeak
    #endif
    return Outcome(ending: ended, output: [], error: error,
                   seconds: Date().timeIntervalSince(start), peakMemory: peak)
  }

  // MARK: - Starting

  /// Starts the child in a process group of its own, with default signal handling.
  private func spawn(outputPath: String, errorPath: String) throws(InputError) -> pid_t {
    let program = arguments.first ?? "?"
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder),
      isFolder.boolValue
    else {
      throw InputError(file: directory.path, reason: "is no folder, so \(program) cannot run in it")
    }
    var actions = posix_spawn_file_actions_t()
    var attributes = posix_spawnattr_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    Self.closeOtherDescriptors(&actions)
    var flags = Int32(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
    #if canImport(Darwin)
      flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
    #endif
    posix_spawnattr_setflags(&attributes, Int16(truncatingIfNeeded: flags))
    posix_spawnattr_setpgroup(&attributes, 0)
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    // Signals this process ignores (SIGPIPE, in a test runner) are the child's default again.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGCHLD] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    let command = Self.changeDirectory(&actions, to: directory.path) ? arguments
      : ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory.path] + arguments
    let argv = command.map { strdup($0) } + [nil]
    let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let result = posix_spawnp(&pid, command[0], &actions, &attributes, argv, envp)
    guard result == 0 else {
      throw InputError(file: program, reason: "cannot be run: \(String(cString: strerror(result)))")
    }
    return pid
  }

  /// Closes every descriptor above standard error in the child (`closefrom`), where the C
  /// library can: a child never holds a pipe of this process open. (Glibc 2.34 and newer;
  /// Darwin closes them with `POSIX_SPAWN_CLOEXEC_DEFAULT`.)
  private static func closeOtherDescriptors(_ actions: inout posix_spawn_file_actions_t) {
    #if !canImport(Darwin)
      typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32)
        -> Int32
      if let symbol = cLibrarySymbol("posix_spawn_file_actions_addclosefrom_np") {
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
      }
    #endif
  }

  /// Makes `path` the child's folder; `false` when the C library cannot (then the program
  /// runs through `/bin/sh`, which changes to it first).
  private static func changeDirectory(_ actions: inout posix_spawn_file_actions_t, to path: String)
    -> Bool
  {
    #if canImport(Darwin)
      if #available(macOS 10.15, *) {
        return posix_spawn_file_actions_addchdir_np(&actions, path) == 0
      }
      return false
    #else
      typealias ChangeDirectory = @convention(c) (
        UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>
      ) -> Int32
      guard let symbol = cLibrarySymbol("posix_spawn_file_actions_addchdir_np") else { return false }
      return unsafeBitCast(symbol, to: ChangeDirectory.self)(&actions, path) == 0
    #endif
  }

  /// A function of the C library this process runs with, looked up by name: older C
  /// libraries lack the newer `_np` functions, and their headers do not declare them.
  private static func cLibrarySymbol(_ name: String) -> UnsafeMutableRawPointer? {
    guard let handle = dlopen(nil, RTLD_NOW) else { return nil }
    return dlsym(handle, name)
  }

  // MARK: - Supervising

  /// Waits, without reaping, until the child ends or outlives its limit, and ends whatever
  /// it started. Returns `.timedOut` when the limit ended it, `nil` when it ended itself.
  private func supervise(_ pid: pid_t, peak: inout Int) -> Ending? {
    var deadline = Date().addingTimeInterval(timeLimit)
    var progressSize = progress.map(Self.size(of:)) ?? 0
    var pause: useconds_t = 1_000
    var seen = ChildDescendants(root: pid)
    var lastLook = Date()
    while !Self.hasEnded(pid) {
      if let progress {
        let size = Self.size(of: progress)
        if size != progressSize {
          progressSize = size
          deadline = Date().addingTimeInterval(timeLimit)
        }
      }
      if Date() > deadline {
        seen.look()
        Self.end(pid, descendants: &seen)
        return .timedOut
      }
      peak = max(peak, Self.residentPeak(of: pid))
      // A long run is looked at now and then: a descendant it orphans is still known.
      if Date().timeIntervalSince(lastLook) > 0.5 {
        seen.look()
        lastLook = Date()
      }
      usleep(pause)
      pause = min(pause * 2, 50_000)
    }
    // Ended by itself: anything it left running goes, its group while the child's id still
    // names it (the child is not reaped yet).
    seen.signal(SIGKILL)
    kill(-pid, SIGKILL)
    return nil
  }

  /// Stops the child, its group and every descendant (SIGSTOP, again until no new one
  /// appears: a stopped process can neither start another nor orphan one by exiting), then
  /// kills them all (SIGKILL).
  private static func end(_ pid: pid_t, descendants: inout ChildDescendants) {
    for _ in 0..<20 {
      let seen = descendants.known.count
      kill(-pid, SIGSTOP)
      descendants.signal(SIGSTOP)
      descendants.look()
      if descendants.known.count == seen { break }
    }
    kill(-pid, SIGKILL)
    descendants.signal(SIGKILL)
  }

  /// Whether the child has ended, without reaping it (`WNOWAIT`): until it is reaped, its
  /// process id cannot name another process or group.
  private static func hasEnded(_ pid: pid_t) -> Bool {
    var info = siginfo_t()
    let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
    return result == 0 && info.si_signo == SIGCHLD || result < 0 && errno == ECHILD
  }

  private static func ending(of status: Int32) -> Ending {
    status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f)
  }

  /// The child's peak resident memory so far, in bytes (`VmHWM` in `/proc/<pid>/status`);
  /// 0 where there is no `/proc`.
  private static func residentPeak(of pid: pid_t) -> Int {
    #if os(Linux)
      guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
      else { return 0 }
      return kilobytes * 1024
    #else
      return 0
    #endif
  }

  private static func size(of path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
  }

  /// A hidden file in the temporary folder for one run's output.
  static func scratchPath(_ suffix: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      ".contractkit-run-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).\(suffix)"
    ).path
  }
}
