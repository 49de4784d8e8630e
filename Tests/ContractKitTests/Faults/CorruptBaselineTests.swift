import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// A corrupt baseline is exit 2 with the file and the position, and nothing is
/// overwritten. Each kind of damage a baseline suffers in real life (a bad hand edit, a
/// truncated copy, an editor's encoding or BOM, a bad merge), in a private copy of the
/// sample tree, through `check` and `record`.
@Suite("Faults: corrupt baselines")
struct FaultCorruptBaselineTests {
  /// One way to damage one file, and where the reader must say the damage is.
  enum Corruption: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case invalidJSON
    case truncated
    case empty
    case notUTF8
    case latin1
    case byteOrderMark
    case duplicateKey
    case mergeConflict
    case corruptMetadata

    var testDescription: String { rawValue }

    /// The damaged file, relative to the baseline directory.
    var target: String {
      switch self {
      case .latin1: "DashboardViewModel/2.0.0/fr.json"
      case .corruptMetadata: "DashboardViewModel/2.0.0/contract.json"
      default: "DashboardViewModel/2.0.0/en.json"
      }
    }

    /// The damaged bytes, the byte offset the error must name, and words of its reason.
    func apply(to bytes: [UInt8]) throws -> (bytes: [UInt8], offset: Int, reason: String) {
      switch self {
      case .invalidJSON:
        // `"key" : value` becomes `"key" = value`.
        let colon = try #require(firstIndex(of: "\" : ", in: bytes)) + 2
        var damaged = bytes
        damaged[colon] = UInt8(ascii: "=")
        return (damaged, colon, "expected ':'")
      case .truncated, .corruptMetadata:
        // Cut right after a comma in the middle: the document just stops.
        let cut = try #require(bytes[..<(bytes.count / 2)].lastIndex(of: UInt8(ascii: ","))) + 1
        return (Array(bytes[..<cut]), cut, "unexpected end of file")
      case .empty:
        return ([], 0, "the file is empty")
      case .notUTF8:
        // A byte that is never UTF-8, inside the first string value.
        let start = try #require(firstIndex(of: "\" : \"", in: bytes)) + 5
        var damaged = bytes
        damaged.insert(0xFF, at: start)
        return (damaged, start, "invalid UTF-8")
      case .latin1:
        // The file re-saved by an editor in ISO-8859-1.
        let damaged = String(decoding: bytes, as: UTF8.self).unicodeScalars.map { scalar in
          scalar.value < 0x100 ? UInt8(scalar.value) : UInt8(ascii: "?")
        }
        let first = try #require(damaged.firstIndex { $0 >= 0x80 }, "needs a non-ASCII letter")
        return (damaged, first, "invalid UTF-8")
      case .byteOrderMark:
        return ([0xEF, 0xBB, 0xBF] + bytes, 0, "byte-order mark")
      case .duplicateKey:
        let line = try scalarMemberLine(in: bytes)
        var damaged = bytes
        damaged.insert(contentsOf: bytes[line], at: line.upperBound)
        let key = String(decoding: bytes[line].dropFirst(2).prefix { $0 != UInt8(ascii: " ") },
                         as: UTF8.self)
        let first = position(of: line.lowerBound + 2, in: bytes)
        return (damaged, line.upperBound + 2,
                "duplicate key \(key) (first at line \(first.line), column \(first.column))")
      case .mergeConflict:
        // A conflict left in the file: both sides of one member between markers.
        let line = try scalarMemberLine(in: bytes)
        let ours = Array(bytes[line])
        let theirs = Array(String(decoding: ours, as: UTF8.self)
          .replacingOccurrences(of: " : ", with: " : \"theirs\" + ").utf8)
        let block = Array("<<<<<<< HEAD\n".utf8) + ours + Array("=======\n".utf8) + theirs
          + Array(">>>>>>> feature/rename\n".utf8)
        var damaged = bytes
        damaged.replaceSubrange(line, with: block)
        return (damaged, line.lowerBound, "merge-conflict marker '<<<<<<<'")
      }
    }
  }

  @Test("check exits 2 naming the file, line, column and byte offset, and writes nothing",
        arguments: Corruption.allCases)
  func checkRefusesCorruptBaseline(_ corruption: Corruption) throws {
    let copy = try SampleCopy()
    let expected = try corrupt(copy, with: corruption)
    let before = DirectorySnapshot(copy.directory.url)

    // The library throws the exact position, not a generic failure…
    let error = try #require(throws: InputError.self) { try Check(catalog: copy.catalog).run() }
    #expect(error.file == expected.file)
    #expect(error.line == expected.line && error.column == expected.column)
    #expect(error.byteOffset == expected.byteOffset)
    #expect(error.reason.contains(expected.reason))
    // …and the command line prints it and exits 2.
    let result = runContracts(["check", "--baselines", copy.baselines.path])

    #expect(result.code == 2, "stdout: \(result.stdout)")
    #expect(result.stderr.contains(expected.place), "stderr: \(result.stderr)")
    #expect(result.stderr.contains(expected.reason), "stderr: \(result.stderr)")
    #expect(result.stderr.contains(expected.offset), "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty)
    let after = DirectorySnapshot(copy.directory.url)
    #expect(after == before, "check wrote:\n\(after.differences(from: before))")
  }

  @Test("record exits 2 on a corrupt tree and writes nothing, not even Baselines.md",
        arguments: Corruption.allCases)
  func recordRefusesCorruptBaseline(_ corruption: Corruption) throws {
    let copy = try SampleCopy()
    // Another file that record would rewrite if it got as far as writing.
    try copy.edit("SettingsViewModel/2.0.0/en.json") { $0.set("/title", to: "Stale title") }
    let expected = try corrupt(copy, with: corruption)
    let before = DirectorySnapshot(copy.directory.url)

    let result = runContracts(["record", "--baselines", copy.baselines.path])

    #expect(result.code == 2, "stdout: \(result.stdout)")
    #expect(result.stderr.contains(expected.place) && result.stderr.contains(expected.offset),
            "stderr: \(result.stderr)")
    let after = DirectorySnapshot(copy.directory.url)
    #expect(after == before, "record wrote:\n\(after.differences(from: before))")
  }

  @Test("the built binary exits 2 on a corrupt baseline and prints the position to stderr")
  func binaryExitCode() throws {
    let copy = try SampleCopy()
    let expected = try corrupt(copy, with: .mergeConflict)
    let before = DirectorySnapshot(copy.directory.url)
    for command in ["check", "record", "report"] {
      let result = try ContractsProcess.run([command, "--baselines", copy.baselines.path])
      #expect(result.code == 2, "\(command): \(result.stdout)")
      #expect(result.stderr.contains(expected.place) && result.stderr.contains(expected.offset),
              "\(command): \(result.stderr)")
    }
    #expect(DirectorySnapshot(copy.directory.url) == before)
  }

  @Test("diff exits 2 on a corrupt file in either tree, naming it", arguments: [false, true])
  func diffRefusesCorruptTree(_ corruptOld: Bool) throws {
    let copy = try SampleCopy()
    let other = try copyTree(copy.baselines, into: copy.directory, as: "other")
    // A real change, so the corrupt file's group has to be read.
    try copy.edit("DashboardViewModel/2.0.0/en.json") { $0.set("/title", to: "Changed") }
    let damaged = corruptOld ? other : copy.baselines
    let target = damaged.appendingPathComponent("DashboardViewModel/2.0.0/en.json")
    let (bytes, offset, _) = try Corruption.truncated.apply(to: [UInt8](try Data(contentsOf: target)))
    try Data(bytes).write(to: target)
    let before = DirectorySnapshot(copy.directory.url)

    let result = runContracts(["diff", other.path, copy.baselines.path])
    #expect(result.code == 2, "\(result.stdout)")
    #expect(result.stderr.contains(target.path + ":") && result.stderr.contains("(byte offset \(offset))"),
            "\(result.stderr)")
    #expect(DirectorySnapshot(copy.directory.url) == before)
  }

  @Test("a folder where a baseline file should be is exit 2 naming it, not a crash")
  func directoryInsteadOfFile() throws {
    let copy = try SampleCopy()
    let relative = "DashboardViewModel/2.0.0/en.json"
    try copy.remove(relative)
    try FileManager.default.createDirectory(
      at: copy.baselines.appendingPathComponent(relative + "/inside"), withIntermediateDirectories: true)
    let before = DirectorySnapshot(copy.directory.url)
    for command in ["check", "record"] {
      let result = runContracts([command, "--baselines", copy.baselines.path])
      #expect(result.code == 2, "\(command): \(result.stdout)")
      #expect(result.stderr.contains(copy.baselines.path + "/" + relative), "\(result.stderr)")
    }
    #expect(DirectorySnapshot(copy.directory.url) == before)
  }

  // MARK: - Helpers

  /// Damages the corruption's target in `copy` and returns the error `check` must report.
  private func corrupt(_ copy: SampleCopy, with corruption: Corruption) throws -> InputError {
    let url = copy.baselines.appendingPathComponent(corruption.target)
    let original = [UInt8](try Data(contentsOf: url))
    let (damaged, offset, reason) = try corruption.apply(to: original)
    try Data(damaged).write(to: url)
    let (line, column) = position(of: offset, in: damaged)
    return InputError(file: copy.baselines.path + "/" + corruption.target, line: line,
                      column: column, byteOffset: offset, reason: reason)
  }
}

extension InputError {
  /// `file:line:column: `, as messages start.
  fileprivate var place: String { "\(file):\(line ?? 0):\(column ?? 0): " }
  /// `(byte offset N)`, as messages end.
  fileprivate var offset: String { "(byte offset \(byteOffset ?? -1))" }
}

/// The 1-based line and column (in Unicode scalars) of `offset`, computed independently of
/// the parser: lines end at `\n`, and every byte that is not a UTF-8 continuation byte
/// starts a scalar.
private func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
  let before = bytes[..<offset]
  let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
  let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
  let column = bytes[lineStart..<offset].filter { $0 & 0xC0 != 0x80 }.count + 1
  return (line, column)
}

/// The first index where `needle` starts in `bytes`.
private func firstIndex(of needle: String, in bytes: [UInt8]) -> Int? {
  let pattern = Array(needle.utf8)
  guard bytes.count >= pattern.count else { return nil }
  return (0...(bytes.count - pattern.count)).first { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }
}

/// The byte range (newline included) of the first top-level member written on one line with
/// a scalar value and a trailing comma: `  "key" : value,\n`.
private func scalarMemberLine(in bytes: [UInt8]) throws -> Range<Int> {
  var start = 0
  while start < bytes.count {
    let end = (bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count - 1) + 1
    let line = bytes[start..<end]
    let text = String(decoding: line, as: UTF8.self)
    if text.hasPrefix("  \""), !text.hasPrefix("   "), text.hasSuffix(",\n"),
      !text.hasSuffix("{,\n"), !text.hasSuffix("[,\n"), !text.hasSuffix("[\n"),
      text.contains("\" : ")
    {
      return start..<end
    }
    start = end
  }
  throw ScalarMemberNotFound()
}

private struct ScalarMemberNotFound: Error {}
