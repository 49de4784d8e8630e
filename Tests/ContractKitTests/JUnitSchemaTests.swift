import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@testable import ContractKit
@testable import ContractKitRuntime

/// The JUnit output of `check`, `diff` and `merge`, clean and failing, against the schema
/// CI tools read (`Tests/Schemas/junit.xsd`): with `xmllint` where it is installed, and
/// everywhere with a structural check of the same rules.
@Suite("JUnit output CI tools accept", .serialized)
struct JUnitSchemaTests {
  static let schema = packageRoot.appendingPathComponent("Tests/Schemas/junit.xsd")

  /// `xmllint`, when installed (Debian: `apt-get install libxml2-utils`).
  static let xmllint: URL? = ["/usr/bin/xmllint", "/usr/local/bin/xmllint",
                              "/opt/homebrew/bin/xmllint"]
    .map(URL.init(fileURLWithPath:))
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }

  /// The JUnit output of every command, clean and failing, by name.
  static func outputs() throws -> [(name: String, xml: String)] {
    let copy = try SampleCopy()
    let pristine = try TemporaryDirectory()
    let old = try copyTree(copy.baselines, into: pristine, as: "old")
    var outputs: [(String, String)] = []
    func run(_ name: String, _ arguments: [String]) {
      let result = runContracts(arguments + ["--format", "junit"])
      outputs.append((name, result.stdout))
    }
    func shards(_ name: String) throws {
      var paths: [String] = []
      for index in 1...3 {
        let path = pristine.path("\(name)-\(index).json").path
        _ = runContracts(["check", "--baselines", copy.baselines.path, "--shard", "\(index)/3",
                          "--format", "json", "--output", path])
        paths.append(path)
      }
      run("merge \(name)", ["merge"] + paths)
    }
    run("check clean", ["check", "--baselines", copy.baselines.path])
    run("report clean", ["report", "--baselines", copy.baselines.path])
    run("diff clean", ["diff", old.path, copy.baselines.path])
    try shards("clean")
    try copy.edit("SettingsViewModel/1.0.0/de.json") { $0.set("/legacy", to: true) }
    try copy.edit("DashboardViewModel/1.0.0/en.json") {
      $0.set("/zzAdded", to: 1)
      $0.set("/vmId", to: "changed")
    }
    try copy.remove("SignInViewModel/2.0.0/fr.json")
    run("check failing", ["check", "--baselines", copy.baselines.path, "--strict"])
    run("diff failing", ["diff", old.path, copy.baselines.path])
    try shards("failing")
    return outputs
  }

  @Test("check, diff and merge output validates against the schema with xmllint",
        .enabled(if: xmllint != nil,
                 "xmllint is not installed (apt-get install libxml2-utils); the structural check still runs"))
  func xmllintValidates() throws {
    let directory = try TemporaryDirectory()
    for (name, xml) in try Self.outputs() {
      let file = directory.path(name.replacingOccurrences(of: " ", with: "-") + ".xml")
      try Data(xml.utf8).write(to: file)
      let process = Process()
      process.executableURL = Self.xmllint
      process.arguments = ["--noout", "--schema", Self.schema.path, file.path]
      let errors = Pipe()
      process.standardError = errors
      try process.run()
      let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(name): \(message)")
    }
  }

  @Test("the schema refuses what CI tools choke on: an empty suite, two failures in a case",
        .enabled(if: xmllint != nil, "xmllint is not installed (Debian: apt-get install libxml2-utils)"))
  func schemaRefuses() throws {
    let check = try #require(Self.xmllint)
    let directory = try TemporaryDirectory()
    let bad = [
      #"<testsuites tests="0"><testsuite name="a" tests="0"/></testsuites>"#,
      #"<testsuites tests="1"><testsuite name="a" tests="1"><testcase name="x"><failure/>"#
        + #"<failure/></testcase></testsuite></testsuites>"#,
    ]
    for (index, xml) in bad.enumerated() {
      let file = directory.path("bad-\(index).xml")
      try Data(xml.utf8).write(to: file)
      let process = Process()
      process.executableURL = check
      process.arguments = ["--noout", "--schema", Self.schema.path, file.path]
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus != 0, "\(xml)")
    }
  }

  @Test("structure: counts match the test cases, one failure per case, never an empty suite")
  func structure() throws {
    var testCounts: [String: Int] = [:]
    for (name, xml) in try Self.outputs() {
      let document = try JUnitDocument(xml)
      #expect(document.problems.isEmpty, "\(name): \(document.problems)")
      #expect(document.tests > 0, "\(name)")
      testCounts[name] = document.tests
      if name.hasSuffix("failing") { #expect(document.failures > 0, "\(name)") }
      if name.hasSuffix("clean") { #expect(document.failures == 0, "\(name)") }
    }
    // The count depends on what the run covers, never on what it found.
    #expect(testCounts["check clean"] == testCounts["check failing"])
    #expect(testCounts["check clean"] == testCounts["merge clean"])
    #expect(testCounts["merge clean"] == testCounts["merge failing"])
    #expect(testCounts["check clean"] == 4 + 20 + 20 * 4 + 624)
    #expect((testCounts["diff failing"] ?? 0) == (testCounts["diff clean"] ?? 0))
  }
}

/// A JUnit document read with `XMLParser`, and whatever breaks the schema's rules in it.
struct JUnitDocument {
  var tests = 0
  var failures = 0
  var problems: [String] = []

  init(_ xml: String) throws {
    let reader = _Reader()
    let parser = XMLParser(data: Data(xml.utf8))
    parser.delegate = reader
    guard parser.parse() else {
      throw InputError(file: "junit", reason: "\(parser.parserError.map { "\($0)" } ?? "?")")
    }
    tests = reader.rootTests
    failures = reader.rootFailures
    problems = reader.problems
  }

  private final class _Reader: NSObject, XMLParserDelegate {
    var problems: [String] = []
    var rootTests = 0
    var rootFailures = 0
    private var stack: [String] = []
    private var suite: (name: String, tests: Int, failures: Int, skipped: Int)?
    private var counted = (tests: 0, failures: 0, skipped: 0)
    private var suiteCounted = (tests: 0, failures: 0, skipped: 0)
    private var caseChildren: [String] = []
    private var caseName = ""

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:])
    {
      let parent = stack.last
      stack.append(name)
      func number(_ key: String) -> Int? { attributes[key].flatMap(Int.init) }
      switch (parent, name) {
      case (nil, "testsuites"):
        rootTests = number("tests") ?? -1
        rootFailures = number("failures") ?? -1
        for key in ["tests", "failures", "errors", "skipped", "time"] where attributes[key] == nil {
          problems.append("testsuites lacks \(key)")
        }
      case ("testsuites", "testsuite"):
        suite = (attributes["name"] ?? "?", number("tests") ?? -1, number("failures") ?? -1,
                 number("skipped") ?? -1)
        suiteCounted = (0, 0, 0)
        for key in ["name", "tests", "failures", "errors", "skipped", "time"]
        where attributes[key] == nil {
          problems.append("testsuite lacks \(key)")
        }
      case ("testsuite", "testcase"):
        caseChildren = []
        caseName = attributes["name"] ?? "?"
        for key in ["name", "classname", "time"] where attributes[key] == nil {
          problems.append("testcase \(caseName) lacks \(key)")
        }
      case ("testcase", "failure"), ("testcase", "error"), ("testcase", "skipped"),
        ("testcase", "system-out"), ("testcase", "system-err"):
        caseChildren.append(name)
      default:
        problems.append("\(name) inside \(parent ?? "the document")")
      }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
                qualifiedName: String?)
    {
      stack.removeLast()
      switch name {
      case "testcase":
        let results = caseChildren.filter { ["failure", "error", "skipped"].contains($0) }
        if results.count > 1 { problems.append("\(caseName) has \(results)") }
        suiteCounted.tests += 1
        if results == ["failure"] { suiteCounted.failures += 1 }
        if results == ["skipped"] { suiteCounted.skipped += 1 }
      case "testsuite":
        guard let suite else { return }
        if suite.tests < 1 { problems.append("suite \(suite.name) is empty") }
        if (suite.tests, suite.failures, suite.skipped) != suiteCounted {
          problems.append("suite \(suite.name) says \(suite), holds \(suiteCounted)")
        }
        counted.tests += suiteCounted.tests
        counted.failures += suiteCounted.failures
        counted.skipped += suiteCounted.skipped
      case "testsuites":
        if (rootTests, rootFailures) != (counted.tests, counted.failures) {
          problems.append("testsuites says \(rootTests)/\(rootFailures), holds \(counted)")
        }
      default:
        break
      }
    }
  }
}
