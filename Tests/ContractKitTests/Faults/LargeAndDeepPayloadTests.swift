import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// Very large (10 MB) and very deep (1,000 levels) payloads give a result or a clear
/// error, never a crash.
///
/// Deep values are built, encoded, diffed and released inside ``WorkerPool/run(_:)`` (64 MiB
/// stack), as the harness does: Swift Testing's own threads have small stacks, and
/// `JSONValue`'s synthesized `==`, hash and deinit recurse once per level.
@Suite("Faults: large and deep payloads")
struct FaultLargeAndDeepPayloadTests {
  // MARK: - Deep

  /// One level of a chain 1,000 objects deep; the last level carries the value.
  final class DeepNode: Codable, Sendable {
    let level: Int
    let value: Int?
    let next: DeepNode?

    init(level: Int, value: Int?, next: DeepNode?) {
      self.level = level
      self.value = value
      self.next = next
    }

    /// `depth` nested levels, built bottom-up without recursion.
    static func chain(depth: Int, deepestValue: Int) -> DeepNode {
      var node = DeepNode(level: depth, value: deepestValue, next: nil)
      for level in stride(from: depth - 1, through: 1, by: -1) {
        node = DeepNode(level: level, value: nil, next: node)
      }
      return node
    }
  }

  /// A view model whose `tree` nests 1,000 objects deep.
  struct DeepViewModel: ViewModel {
    var title: LocalizableString = .localized(key: "Deep.title")
    var tree: DeepNode
    var vmId = ViewModelId(type: DeepViewModel.self)

    static func stub() -> Self { .init(tree: .chain(depth: 1000, deepestValue: 7)) }
  }

  static let depth = 1000
  static let yaml = """
    en:
      Deep:
        title: "Deep"
    es:
      Deep:
        title: "Profundo"
    """

  /// `/tree/next/next/…/value`: the deepest value's pointer.
  static let deepestPointer = "/tree" + String(repeating: "/next", count: depth - 1) + "/value"

  @Test("a 1,000-level view model encodes to canonical JSON that reads back equal")
  func deepEncoding() throws {
    let outcome = try WorkerPool.run { () -> [String] in
      let store = try LocalizationStore(files: [(name: "deep.yml", text: Self.yaml)])
      let payload = try LocalizingEncoder(locale: "es", baseLocale: "en", store: store,
                                          version: SystemVersion(1, 0, 0))
        .encode(DeepViewModel.stub())
      let bytes = CanonicalJSON.encode(payload.value)
      let reread = try JSONParser.parse(bytes, file: "deep.json")
      var notes: [String] = []
      if reread != payload.value { notes.append("reread differs") }
      if CanonicalJSON.encode(reread) != bytes { notes.append("not idempotent") }
      if JSONPointer.value(at: Self.deepestPointer, in: reread) != .number(JSONNumber(7)) {
        notes.append("deepest value missing")
      }
      if reread["title"] != "Profundo" { notes.append("title \(String(describing: reread["title"]))") }
      notes.append("depth \(Self.nesting(of: bytes))")
      JSONParser.releaseIteratively([consume reread])
      return notes
    }
    #expect(outcome == ["depth \(Self.depth + 1)"])
  }

  /// The same screen as an `Encodable`-only contract.
  ///
  /// Foundation's `JSONDecoder` refuses documents nested deeper than 512 levels ("The given
  /// data was not valid JSON."), so a `Decodable` contract this deep gets a `decode-failed`
  /// beside its real change; that is reported separately, and this test is about the diff.
  struct DeepScreen: Encodable, Sendable {
    var title: LocalizableString = .localized(key: "Deep.title")
    var tree: DeepNode
    var vmId = ViewModelId(type: DeepViewModel.self)
  }

  @Test("recording and checking a 1,000-level contract finds exactly the one deep change")
  func deepRecordAndCheck() throws {
    let findings = try WorkerPool.run { () -> [String] in
      let scenario = try Scenario()
      let recorded = try scenario.catalog(locales: ["en"], yaml: Self.yaml) {
        try $0.register(DeepScreen.self, named: "Deep", stub: {
          DeepScreen(tree: .chain(depth: Self.depth, deepestValue: 7))
        })
      }
      try scenario.record(recorded)
      let file = scenario.baselines.appendingPathComponent("Deep/1.0.0/en.json")
      let depth = Self.nesting(of: [UInt8](try Data(contentsOf: file)))
      guard depth == Self.depth + 1 else { return ["recorded depth \(depth)"] }

      let changed = try scenario.catalog(locales: ["en"], yaml: Self.yaml) {
        try $0.register(DeepScreen.self, named: "Deep", stub: {
          DeepScreen(tree: .chain(depth: Self.depth, deepestValue: 8))
        })
      }
      return briefs(try Check(catalog: changed).run())
    }
    #expect(findings == ["info value-changed Deep 1.0.0 en default \(Self.deepestPointer)"])
  }

  @Test("PayloadDiff and CanonicalJSON handle 1,000 levels of arrays and objects")
  func deepDiff() throws {
    let result = try WorkerPool.run { () -> [String] in
      func nested(_ depth: Int, leaf: JSONValue) -> JSONValue {
        var value = leaf
        for level in 0..<depth {
          value = level.isMultiple(of: 2) ? .array([value]) : .object(["k": value])
        }
        return value
      }
      let old = nested(Self.depth, leaf: 1)
      let new = nested(Self.depth, leaf: "1")
      let findings = PayloadDiff(
        file: ContractCase("C", "1.0.0", "en"), roles: PathRoles(localizedPointers: [])
      ).findings(baseline: old, current: new)
      let lint = PayloadLint.findings(
        in: old, file: ContractCase("C", "1.0.0", "en"), roles: nil)
      let bytes = CanonicalJSON.encode(old)
      let reread = try JSONParser.parse(bytes, file: "deep.json")
      let summary = findings.map { "\($0.kind.rawValue) \($0.path?.count ?? -1)" }
        + ["lint \(lint.count)", "equal \(reread == old)"]
      JSONParser.releaseIteratively([consume reread, consume old, consume new])
      return summary
    }
    // 500 array levels ("/0") and 500 object levels ("/k"): a 1,000-token pointer.
    #expect(result == ["type-changed \(2 * Self.depth)", "lint 0", "equal true"])
  }

  @Test("a committed baseline nested 20,000 deep is exit 2 naming the depth limit, not a crash")
  func tooDeepBaseline() throws {
    let copy = try SampleCopy()
    let relative = "DashboardViewModel/2.0.0/en.json"
    let depth = 20_000
    try Data(repeating: UInt8(ascii: "["), count: depth)
      .write(to: copy.baselines.appendingPathComponent(relative))
    let handle = try FileHandle(forWritingTo: copy.baselines.appendingPathComponent(relative))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(repeating: UInt8(ascii: "]"), count: depth))
    try handle.close()
    let before = DirectorySnapshot(copy.directory.url)

    for command in ["check", "record"] {
      let result = runContracts([command, "--baselines", copy.baselines.path])
      #expect(result.code == 2, "\(command): \(result.stdout)")
      let limit = JSONParser.maximumDepth
      #expect(result.stderr.contains(
        "\(copy.baselines.path)/\(relative):1:\(limit + 1): nesting is deeper than \(limit) levels "
          + "(byte offset \(limit))"), "\(command): \(result.stderr)")
    }
    #expect(DirectorySnapshot(copy.directory.url) == before)
  }

  @Test("a committed baseline nested 9,999 deep (within the limit) gives a finding, not a crash")
  func deepBaselineWithinLimit() throws {
    let copy = try SampleCopy()
    let relative = "DashboardViewModel/2.0.0/en.json"
    let depth = JSONParser.maximumDepth - 1
    try Data(Array(repeating: UInt8(ascii: "["), count: depth)
      + Array(repeating: UInt8(ascii: "]"), count: depth))
      .write(to: copy.baselines.appendingPathComponent(relative))
    // The built binary: a crash here would be a signal, not a failed expectation.
    for format in ["text", "json"] {
      let result = try ContractsProcess.run(
        ["check", "--baselines", copy.baselines.path, "--format", format])
      #expect(!result.killed && result.code == 1, "\(format): \(result.code) \(result.stderr)")
      #expect(result.stdout.contains("type-changed"))
    }
    let record = try ContractsProcess.run(["record", "--baselines", copy.baselines.path])
    #expect(!record.killed && record.code == 1, "\(record.stderr)")
    #expect(record.stdout.contains("Refused"))
    // In process too, on this test's own thread, as the Swift Testing integration runs it.
    let inProcess = runContracts(["check", "--baselines", copy.baselines.path, "--format", "json"])
    #expect(inProcess.code == 1 && inProcess.stdout.contains("\"type-changed\""))
  }

  // MARK: - Large

  struct Row: Codable, Sendable {
    var vmId: ViewModelId
    var index: Int
    var name: String
    var note: String
    var amount: Double
  }

  /// About 10 MB of canonical JSON: 10,000 rows of about 1 KB.
  struct LargeViewModel: ViewModel {
    var title: LocalizableString = .constant("Large")
    var rows: [Row]
    var vmId = ViewModelId(type: LargeViewModel.self)

    static let rowCount = 10_000

    static func stub() -> Self { make(changingRow: nil) }

    static func make(changingRow changed: Int?) -> Self {
      let filler = String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing. ", count: 18)
      return .init(rows: (0..<rowCount).map { index in
        Row(vmId: ViewModelId(id: "row-\(index)"), index: index, name: "Row \(index)",
            note: "\(index): \(filler)", amount: index == changed ? 0.5 : Double(index) + 0.25)
      })
    }
  }

  @Test("a 10 MB payload records, checks clean, and one changed value is exactly one finding")
  func largePayload() throws {
    let outcome = try WorkerPool.run { () -> [String] in
      let scenario = try Scenario()
      let recorded = try scenario.catalog(locales: ["en"]) {
        try $0.register(LargeViewModel.self, named: "Large")
      }
      try scenario.record(recorded)
      let size = (try FileManager.default.attributesOfItem(
        atPath: scenario.baselines.appendingPathComponent("Large/1.0.0/en.json").path)[.size]
        as? Int) ?? 0
      guard size >= 10_000_000 else { return ["size \(size)"] }
      let clean = try Check(catalog: recorded).run()
      guard clean.findings.isEmpty else { return ["clean check: "] + briefs(clean) }
      let changed = try scenario.catalog(locales: ["en"]) {
        try $0.register(LargeViewModel.self, named: "Large", stub: {
          LargeViewModel.make(changingRow: 5_000)
        })
      }
      return briefs(try Check(catalog: changed).run())
    }
    #expect(outcome == ["info value-changed Large 1.0.0 en default /rows/5000/amount"])
  }

  // MARK: - Helpers

  /// The deepest nesting of brackets in JSON bytes, counted without parsing.
  static func nesting(of bytes: [UInt8]) -> Int {
    var depth = 0
    var deepest = 0
    var inString = false
    var escaped = false
    for byte in bytes {
      if inString {
        if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true }
        else if byte == UInt8(ascii: "\"") { inString = false }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1; deepest = max(deepest, depth)
      case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
      default: break
      }
    }
    return deepest
  }
}

/// The memory a diff of two large, nearly equal payloads takes: the second tree shares what
/// the first already holds (`JSONParser+Sharing.swift`), rather than a second full copy.
@Suite("Faults: memory of a large diff")
struct FaultLargeDiffMemoryTests {
  /// `rows` list rows in canonical JSON, as `record` writes them; `changed` alters one.
  static func payload(rows: Int, changed: Int?) -> [UInt8] {
    var text = "{\n  \"rows\" : [\n"
    for index in 0..<rows {
      let title = index == changed ? "Changed" : "Title number \(index) of the list"
      text += """
            {
              "count" : \(index),
              "detail" : {
                "note" : "Some longer note text for row \(index)",
                "score" : \(index / 2)
              },
              "flag" : \(index % 2 == 0),
              "tags" : [
                "alpha",
                "beta"
              ],
              "title" : "\(title)",
              "vmId" : "row-\(index)"
            }\(index + 1 < rows ? "," : "")

        """
    }
    text += "  ],\n  \"vmId\" : \"Big\"\n}\n"
    return Array(text.utf8)
  }

  /// GNU time, which reports a child's own peak: `wait4` on a child this process spawns
  /// would count this (large) test process's pages too, which the child starts from.
  static let gnuTime = URL(fileURLWithPath: "/usr/bin/time")
  static let hasGNUTime = FileManager.default.isExecutableFile(atPath: gnuTime.path)
    && (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) != nil

  @Test("a 30 MB payload with one change: the diff's peak memory stays under 6.5× its size",
        .enabled(if: hasGNUTime, "needs GNU time at /usr/bin/time (Debian: apt-get install time)"))
  func peakMemory() throws {
    let builder = try TreeBuilder()
    let rows = 110_000
    let old = Self.payload(rows: rows, changed: nil)
    let (oldRoot, newRoot) = try builder.pair(
      old: ["Big/1.0.0/en.json": .raw(old)],
      new: ["Big/1.0.0/en.json": .raw(Self.payload(rows: rows, changed: rows / 2))])
    let process = Process()
    process.executableURL = Self.gnuTime
    process.arguments = ["-f", "%M", contractsExecutable.path, "diff", oldRoot.path, newRoot.path]
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let report = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(report)")
    let kilobytes = try #require(report.split(separator: "\n").last.flatMap { Int($0) }, "\(report)")
    // One parsed tree of this shape is about 4× its bytes, and both files' bytes are read:
    // two full trees (before sharing) took 7.7×.
    #expect(Double(kilobytes * 1024) < 6.5 * Double(old.count),
            "peak \(kilobytes / 1000) MB for \(old.count / 1_000_000) MB")
  }
}
