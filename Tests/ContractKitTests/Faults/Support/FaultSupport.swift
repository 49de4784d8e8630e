import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

// MARK: - Snapshots of a directory

/// Everything on disk under a directory, hidden files included, links not followed: the
/// proof that a command wrote nothing, or that two runs wrote the same bytes.
struct DirectorySnapshot: Equatable {
  enum Entry: Equatable {
    case directory
    case file(size: Int, hash: UInt64, bytes: [UInt8])
    case link(target: String)
    case other
  }

  /// Entries by path relative to the snapshot's root.
  var entries: [String: Entry] = [:]

  init(_ root: URL) {
    walk(root.path, relative: "")
  }

  private mutating func walk(_ path: String, relative: String) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
    for name in names {
      let full = path + "/" + name
      let key = relative.isEmpty ? name : relative + "/" + name
      var info = stat()
      guard lstat(full, &info) == 0 else { continue }
      switch info.st_mode & S_IFMT {
      case S_IFDIR:
        entries[key] = .directory
        walk(full, relative: key)
      case S_IFREG:
        let bytes = FileManager.default.contents(atPath: full).map { [UInt8]($0) } ?? []
        entries[key] = .file(size: Int(info.st_size), hash: fnv1a(bytes), bytes: bytes)
      case S_IFLNK:
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "?"
        entries[key] = .link(target: target)
      default:
        entries[key] = .other
      }
    }
  }

  /// The same snapshot without hidden entries (a killed `record`'s temporary files).
  var visible: DirectorySnapshot {
    var copy = self
    copy.entries = entries.filter { path, _ in
      !path.split(separator: "/").contains { $0.hasPrefix(".") && $0 != ".VersionedTestJSON" }
    }
    return copy
  }

  /// Hidden entries (outside the `.VersionedTestJSON` folder name itself).
  var hiddenPaths: [String] {
    entries.keys.filter { path in
      path.split(separator: "/").contains { $0.hasPrefix(".") && $0 != ".VersionedTestJSON" }
    }.sorted()
  }

  /// What differs from `other`, in a few lines for a failure message.
  func differences(from other: DirectorySnapshot, limit: Int = 10) -> String {
    let paths = Set(entries.keys).union(other.entries.keys).sorted()
    let changed = paths.filter { entries[$0] != other.entries[$0] }
    let lines = changed.prefix(limit).map { path -> String in
      switch (other.entries[path], entries[path]) {
      case (nil, _): "added \(path)"
      case (_, nil): "removed \(path)"
      default: "changed \(path)"
      }
    }
    return lines.joined(separator: "\n") + (changed.count > limit ? "\n… \(changed.count) in all" : "")
  }
}

/// FNV-1a, 64 bits: a content hash for snapshots.
func fnv1a(_ bytes: [UInt8]) -> UInt64 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in bytes {
    hash ^= UInt64(byte)
    hash &*= 0x100_0000_01b3
  }
  return hash
}

// MARK: - Child processes of the built `contracts`

/// The built `contracts` executable as a child process with a fully controlled environment,
/// output captured in files (no pipe can fill up), and a way to kill it hard.
final class ContractsProcess {
  let process = Process()
  /// Where the child's output goes; removed when this process value goes.
  private let output: TemporaryDirectory
  private var outputDirectory: URL { output.url }

  /// Starts `contracts arguments…`. `environment` entries replace the test process's;
  /// `removing` names variables the child must not inherit.
  init(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
       removing: Set<String> = []) throws
  {
    output = try TemporaryDirectory("faults-output")
    for name in ["out", "err"] {
      _ = FileManager.default.createFile(
        atPath: outputDirectory.appendingPathComponent(name).path, contents: nil)
    }
    process.executableURL = contractsExecutable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var inherited = developerEnvironment.merging(environment) { $1 }
    for name in removing { inherited[name] = nil }
    process.environment = inherited
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(
      forWritingTo: outputDirectory.appendingPathComponent("out"))
    process.standardError = try FileHandle(
      forWritingTo: outputDirectory.appendingPathComponent("err"))
    try process.run()
  }

  var isRunning: Bool { process.isRunning }

  /// Sends SIGKILL: no handler, no cleanup, the process stops wherever it is.
  func kill() {
    _ = Foundation.kill(process.processIdentifier, SIGKILL)
  }

  /// Waits for the process and returns how it ended and what it printed.
  func wait() -> (code: Int32, killed: Bool, stdout: String, stderr: String) {
    process.waitUntilExit()
    let out = (try? String(contentsOf: outputDirectory.appendingPathComponent("out"),
                           encoding: .utf8)) ?? ""
    let err = (try? String(contentsOf: outputDirectory.appendingPathComponent("err"),
                           encoding: .utf8)) ?? ""
    return (process.terminationStatus, process.terminationReason == .uncaughtSignal, out, err)
  }

  /// Runs `contracts arguments…` to the end.
  static func run(_ arguments: [String], in directory: URL? = nil,
                  environment: [String: String] = [:], removing: Set<String> = []) throws
    -> (code: Int32, killed: Bool, stdout: String, stderr: String)
  {
    try ContractsProcess(arguments, in: directory, environment: environment, removing: removing)
      .wait()
  }
}

// MARK: - Non-canonical spellings

/// `value` as valid JSON in a spelling record must replace: no whitespace at all and object
/// keys in reverse code-point order. Always shorter than the canonical spelling of a
/// non-empty container, so a file's size tells which of the two it holds.
func nonCanonicalJSON(_ value: JSONValue) -> [UInt8] {
  // Containers spelled here; scalars in their canonical spelling.
  var bytes: [UInt8] = []
  func write(_ value: JSONValue) {
    switch value {
    case .array(let elements):
      bytes.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        write(element)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      bytes.append(UInt8(ascii: "{"))
      for (index, key) in members.keys.sorted(by: { codePointOrder($1, $0) }).enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        CanonicalJSON.appendQuoted(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        write(members[key] ?? .null)
      }
      bytes.append(UInt8(ascii: "}"))
    default:
      var scalar = CanonicalJSON.encode(value)
      scalar.removeLast()
      bytes += scalar
    }
  }
  write(value)
  return bytes
}

/// Every `.json` file (payloads and `contract.json`) under `baselines`, relative to it.
func jsonFiles(under baselines: URL) -> [String] {
  DirectorySnapshot(baselines).entries.compactMap { path, entry in
    if case .file = entry, path.hasSuffix(".json") { return path }
    return nil
  }.sorted()
}

/// Rewrites every JSON file under `baselines` in ``nonCanonicalJSON(_:)`` spelling: the
/// same wire values, so `record` rewrites each file without any breaking finding.
/// - Returns: The rewritten bytes by path relative to `baselines`.
@discardableResult
func respellNonCanonically(_ baselines: URL) throws -> [String: [UInt8]] {
  var result: [String: [UInt8]] = [:]
  for path in jsonFiles(under: baselines) {
    let url = baselines.appendingPathComponent(path)
    let value = try JSONParser.parse(Array(try Data(contentsOf: url)), file: path)
    let bytes = nonCanonicalJSON(value)
    try Data(bytes).write(to: url)
    result[path] = bytes
  }
  return result
}

// MARK: - Seeded randomness

/// SplitMix64: a tiny, fast, seedable generator, so every fuzz case can be replayed from its
/// seed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

// MARK: - Small helpers

/// Sleeps the calling thread for `milliseconds`.
func sleep(milliseconds: Double) {
  usleep(UInt32(max(0, milliseconds) * 1000))
}

// MARK: - Shell

/// Runs `script` with `/bin/sh -c`, `$0` the built `contracts` and `$1…` the `arguments`:
/// for redirections a test process cannot set up itself (a closed descriptor, `/dev/full`).
func runShell(_ script: String, _ arguments: [String] = []) throws
  -> (code: Int32, stdout: String, stderr: String)
{
  let output = try TemporaryDirectory("faults-shell")
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/sh")
  process.arguments = ["-c", script, contractsExecutable.path] + arguments
  process.environment = developerEnvironment
  for name in ["out", "err"] {
    _ = FileManager.default.createFile(atPath: output.path(name).path, contents: nil)
  }
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = try FileHandle(forWritingTo: output.path("out"))
  process.standardError = try FileHandle(forWritingTo: output.path("err"))
  try process.run()
  process.waitUntilExit()
  return (process.terminationStatus, (try? output.read("out")) ?? "",
          (try? output.read("err")) ?? "")
}
