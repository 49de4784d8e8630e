import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// Files that are not regular files, or cannot be read, where baselines and `Baselines.md`
/// should be: never a hang, never an unbounded read, never a silent loss of the break log.
@Suite("Faults: FIFOs, devices, unreadable files")
struct FaultUnusableFileTests {
  /// Makes a FIFO at `url`.
  private func fifo(at url: URL) throws {
    try? FileManager.default.removeItem(at: url)
    try #require(mkfifo(url.path, 0o644) == 0, "mkfifo: \(String(cString: strerror(errno)))")
  }

  /// Runs the built binary and kills it if it has not ended after `seconds`: a hang fails.
  private func runWithin(_ seconds: Double, _ arguments: [String]) throws
    -> (code: Int32, stdout: String, stderr: String)
  {
    let process = try ContractsProcess(arguments)
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    let hung = process.isRunning
    if hung { process.kill() }
    let result = process.wait()
    #expect(!hung, "\(arguments.joined(separator: " ")) hung")
    return (result.code, result.stdout, result.stderr)
  }

  @Test("a payload or contract.json that is a FIFO is exit 2 at once for check, record and diff",
        arguments: ["SettingsViewModel/1.0.0/en.json", "SettingsViewModel/1.0.0/contract.json"])
  func fifoInTree(_ path: String) throws {
    let copy = try SampleCopy()
    let pristine = try TemporaryDirectory()
    let old = try copyTree(copy.baselines, into: pristine, as: "old")
    try fifo(at: copy.baselines.appendingPathComponent(path))
    let before = DirectorySnapshot(copy.directory.url)
    for arguments in [["check", "--baselines", copy.baselines.path],
                      ["record", "--baselines", copy.baselines.path],
                      ["diff", old.path, copy.baselines.path]]
    {
      let result = try runWithin(30, arguments)
      #expect(result.code == 2, "\(arguments[0]): \(result.stdout)")
      #expect(result.stderr.hasSuffix(
        "\n  \(copy.baselines.path)/\(path): is a FIFO (named pipe), never read\n"),
        "\(arguments[0]): \(result.stderr)")
    }
    #expect(DirectorySnapshot(copy.directory.url) == before)
  }

  @Test("the one opening path refuses FIFOs, devices and links, and bounds every read")
  func inputFileRules() throws {
    let directory = try TemporaryDirectory()
    let pipe = directory.path("pipe")
    try fifo(at: pipe)
    let refusals: [(path: String, reason: String)] = [
      (pipe.path, "is a FIFO (named pipe), not a regular file; it is never read"),
      ("/dev/zero", "is a character device, not a regular file; it is never read"),
      (directory.url.path, "is a folder, not a regular file; it is never read"),
    ]
    for (path, reason) in refusals {
      let error = #expect(throws: InputError.self) { try InputFile.read(path, display: "x") }
      #expect(error?.reason == reason)
    }
    try directory.write("{}\n", to: "real.json")
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("link.json").path, withDestinationPath: "real.json")
    let link = #expect(throws: InputError.self) {
      try InputFile.read(directory.path("link.json").path, display: "link.json")
    }
    #expect(link?.reason == "is a symbolic link; links are never followed")
    #expect(try InputFile.read(directory.path("missing.json").path, display: "m") == nil)
    #expect(try InputFile.read(directory.path("real.json").path, display: "r") == Array("{}\n".utf8))
    // A named file (a report to merge) may be a link or a pipe; a device is still bounded.
    #expect(try InputFile.read(directory.path("link.json").path, display: "l", rules: .named)
      == Array("{}\n".utf8))
    let endless = #expect(throws: InputError.self) {
      try InputFile.read("/dev/zero", display: "/dev/zero", rules: .named, limit: 1 << 20)
    }
    #expect(endless?.reason
      == "is larger than 1 MiB, the most ContractKit reads of one file; it is not read")
    try directory.write(String(repeating: " ", count: 2 << 20), to: "large.json")
    let large = #expect(throws: InputError.self) {
      try InputFile.read(directory.path("large.json").path, display: "large.json", limit: 1 << 20)
    }
    #expect(large?.reason.hasPrefix("is larger than 1 MiB") == true)
  }

  @Test("a version folder's files read by name give what reads by path give: bytes, nil, the same refusals")
  func folderReads() throws {
    let directory = try TemporaryDirectory()
    try directory.write("{}\n", to: "Screen/1.0.0/en.json")
    try fifo(at: directory.path("Screen/1.0.0/de.json"))
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("Screen/1.0.0/es.json").path, withDestinationPath: "en.json")
    let files = BaselineFiles(root: directory.url)
    func outcome(_ read: () throws -> [UInt8]?) -> String {
      do { return try read().map { String(decoding: $0, as: UTF8.self) } ?? "nil" } catch {
        return "\(error)"
      }
    }
    let names = ["en.json", "de.json", "es.json", "fr.json"]
    let byPath = names.map { name in outcome { try files.read("Screen/1.0.0/" + name) } }
    #expect(byPath == ["{}\n",
                       "\(directory.url.path)/Screen/1.0.0/de.json: is a FIFO (named pipe), not "
                         + "a regular file; it is never read",
                       "\(directory.url.path)/Screen/1.0.0/es.json: is a symbolic link; links "
                         + "are never followed",
                       "nil"])
    // By name, once the folder is vouched for (a read by path checked it), one at a time.
    for (name, expected) in zip(names, byPath) {
      #expect(outcome { try files.read([name], in: "Screen/1.0.0")[0] } == expected)
    }
    #expect(try files.read(["en.json", "fr.json"], in: "Screen/1.0.0")
      == [Array("{}\n".utf8), nil])
    // A folder no read checked yet is read by path, with the per-component checks.
    let unchecked = BaselineFiles(root: directory.url)
    #expect(try unchecked.read(["en.json"], in: "Screen/1.0.0") == [Array("{}\n".utf8)])
  }

  @Test("merge reads a report from a pipe, and refuses a folder")
  func mergeFromPipe() throws {
    let copy = try SampleCopy()
    let report = copy.directory.path("shard.json")
    let write = runContracts(["check", "--baselines", copy.baselines.path, "--shard", "1/1",
                              "--format", "json", "--output", report.path])
    try #require(write.code == 0, "\(write.stderr)")
    let direct = runContracts(["merge", report.path])
    #expect(direct.code == 0, "\(direct.stderr)")
    #expect(direct.stdout.hasPrefix("GATE: PASS\n"))
    let piped = try runShell(#"cat "$1" | "$0" merge /dev/stdin"#, [report.path])
    #expect(piped.code == 0, "\(piped.stderr)")
    #expect(piped.stdout == direct.stdout)
    let directory = runContracts(["merge", copy.directory.url.path])
    #expect(directory.code == 2)
    #expect(directory.stderr == "Error: \(copy.directory.url.path): is a folder, not a regular "
      + "file; it is never read\n")
  }

  // MARK: - Baselines.md

  /// Each way `Baselines.md` can be unusable, what the error says, and whether a root
  /// process can tell (a mode 000 file is readable to root).
  enum BrokenDocument: String, CaseIterable, Sendable {
    case fifo, dangling, link, folder, unreadable

    func make(at url: URL) throws {
      let manager = FileManager.default
      switch self {
      case .fifo:
        try manager.removeItem(at: url)
        try #require(mkfifo(url.path, 0o644) == 0)
      case .dangling:
        try manager.removeItem(at: url)
        try manager.createSymbolicLink(atPath: url.path, withDestinationPath: "nowhere.md")
      case .link:
        let real = url.deletingLastPathComponent().appendingPathComponent("Real.md")
        try manager.moveItem(at: url, to: real)
        try manager.createSymbolicLink(atPath: url.path, withDestinationPath: "Real.md")
      case .folder:
        try manager.removeItem(at: url)
        try manager.createDirectory(at: url, withIntermediateDirectories: false)
      case .unreadable:
        try #require(chmod(url.path, 0) == 0)
      }
    }

    var reason: String {
      switch self {
      case .fifo: "is a FIFO (named pipe), not a regular file; it is never read"
      case .dangling, .link: "is a symbolic link; links are never followed"
      case .folder: "is a folder, not a regular file; it is never read"
      case .unreadable: "cannot be read: Permission denied"
      }
    }
  }

  // A mode 000 file is readable to root: that case runs only for other users.
  @Test("a Baselines.md that cannot be read stops check and record, exit 2, and is kept",
        arguments: BrokenDocument.allCases.filter { $0 != .unreadable || geteuid() != 0 })
  func unreadableDocument(_ broken: BrokenDocument) throws {
    let copy = try SampleCopy()
    let document = copy.directory.path("Baselines.md")
    try broken.make(at: document)
    defer { chmod(document.path, 0o644) }
    let before = DirectorySnapshot(copy.directory.url)
    for command in ["record", "check"] {
      let result = try runWithin(30, [command, "--baselines", copy.baselines.path])
      #expect(result.code == 2, "\(command): \(result.stdout)")
      #expect(result.stderr == "Error: \(document.path): \(broken.reason); replace it with the "
        + "file itself: record never rewrites it without its log of accepted breaks\n",
        "\(command)")
    }
    #expect(DirectorySnapshot(copy.directory.url) == before)
  }

  @Test("a Baselines.md with CRLF line endings keeps its log of accepted breaks through record")
  func crlfDocument() throws {
    let copy = try SampleCopy()
    let document = copy.directory.path("Baselines.md")
    let committed = try copy.directory.read("Baselines.md")
    let rows = try BaselinesDocument.logRows(of: committed)
    try #require(rows.count >= 2, "the sample log has accepted breaks")
    try Data(committed.replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: document)
    #expect(try BaselinesDocument.logRows(of: try copy.directory.read("Baselines.md")) == rows)
    #expect(briefs(try Check(catalog: copy.catalog).run()) == ["warning baselines-stale"])
    let record = runContracts(["record", "--baselines", copy.baselines.path])
    #expect(record.code == 0, "\(record.stderr)")
    #expect(try copy.directory.read("Baselines.md") == committed)
  }

  @Test("a reason with a CR or a line break stays one row of the log, read back as written")
  func reasonWithLineBreaks() throws {
    let entry = BaselinesDocument.Entry(
      date: "2026-01-01", contract: "Card", version: "1.0.0", kinds: ["field-removed"],
      reason: "first line\r\n| forged | row |\rend")
    #expect(entry.row == #"| 2026-01-01 | Card | 1.0.0 | field-removed | first line\r\n\| forged \| row \|\rend | - |"#)
    let text = "## Accepted breaking changes\n\n| date |\n| --- |\n" + entry.row + "\n"
    #expect(try BaselinesDocument.logRows(of: text) == [entry.row])
    #expect(try BaselinesDocument.logRows(of: text.replacingOccurrences(of: "\n", with: "\r\n"))
      == [entry.row])
  }
}
