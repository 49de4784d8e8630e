import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// Issue 33: a failing or warning case carries its payloads. `expectContract` attaches the
/// baseline, today's payload and their diff; a passing case attaches nothing.
@Suite("swift test: a failing case attaches its baseline, today's payload and their diff")
struct AttachmentTests {
  @Test("a failing case: three attachments named after the case; a passing case: none")
  func failingAndPassing() throws {
    let copy = try ReviewCopy()
    let verifier = ContractVerifier({ copy.catalog }, command: "swift run contracts",
                                    environment: [:])
    let failing = ContractCase(ReviewCopy.renamed, "1.0.0", "en")
    #expect(verifier.problems(for: failing).map(\.severity).contains(.error))
    let attachments = verifier.attachments(for: failing)
    #expect(attachments.map(\.name) == [
      "SessionExpiredErrorViewModel-1.0.0-en-baseline.json",
      "SessionExpiredErrorViewModel-1.0.0-en-today.json",
      "SessionExpiredErrorViewModel-1.0.0-en.diff",
    ])
    #expect(attachments[0].bytes == Array(try copy.copy.read(failing.relativePath).utf8))
    let today = String(decoding: attachments[1].bytes, as: UTF8.self)
    #expect(today.contains("\"signInAction\" : \"Sign in again\""))
    #expect(!today.contains("signInLabel"))
    #expect(String(decoding: attachments[2].bytes, as: UTF8.self).hasPrefix("""
      --- baseline/SessionExpiredErrorViewModel/1.0.0/en.json
      +++ today/SessionExpiredErrorViewModel/1.0.0/en.json
      @@ -1,7 +1,7 @@
      """))
    #expect(String(decoding: attachments[2].bytes, as: UTF8.self)
      .contains("\n-  \"signInLabel\" : \"Sign in again\",\n+  \"signInAction\" : \"Sign in again\",\n"))
    // A case of a contract nobody changed passes, and attaches nothing.
    let passing = try #require(copy.catalog.cases.first {
      ![ReviewCopy.renamed, ReviewCopy.reworded, ReviewCopy.added].contains($0.contract)
    })
    #expect(verifier.problems(for: passing).isEmpty)
    #expect(verifier.attachments(for: passing).isEmpty)
    // A harmless change (a new field) is info: it passes and attaches nothing either.
    #expect(verifier.attachments(for: ContractCase(ReviewCopy.added, "1.0.0", "en")).isEmpty)
  }

  @Test("a case whose baseline is missing attaches today's payload and the diff from nothing")
  func missingBaseline() throws {
    let copy = try ReviewCopy()
    let file = ContractCase(ReviewCopy.added, "1.0.0", "de")
    try FileManager.default.removeItem(at: copy.baselines.appendingPathComponent(file.relativePath))
    let verifier = ContractVerifier({ copy.catalog }, command: "swift run contracts",
                                    environment: ["CI": "true"])
    let attachments = verifier.attachments(for: file)
    #expect(attachments.map(\.name) == ["SignInViewModel-1.0.0-de-today.json",
                                        "SignInViewModel-1.0.0-de.diff"])
    #expect(String(decoding: attachments[1].bytes, as: UTF8.self)
      .hasPrefix("--- (no baseline)\n+++ today/SignInViewModel/1.0.0/de.json\n"))
  }
}

/// The quick start as a user runs it: `swift test --attachments-path DIR` on a temporary
/// copy of `Examples/QuickStart` with one baseline broken leaves exactly the failing case's
/// three files in DIR, and nothing of the cases that pass.
@Suite("Quick start: swift test --attachments-path saves a failing case's payloads")
struct QuickStartAttachmentTests {
  @Test("a broken baseline of the quick start: three attachments on disk, none for the passing cases",
        .timeLimit(.minutes(60)))
  func attachmentsOnDisk() async throws {
    let scratch = try TemporaryDirectory("quickstart-attachments")
    let package = scratch.path("QuickStart")
    try FileManager.default.copyItem(
      at: packageRoot.appendingPathComponent("Examples/QuickStart"), to: package)
    try? FileManager.default.removeItem(at: package.appendingPathComponent(".build"))
    // The copy depends on this checkout of ContractKit, wherever the copy is.
    let manifest = package.appendingPathComponent("Package.swift")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    try #require(text.contains("path: \"../..\""))
    try Data(text.replacingOccurrences(of: "path: \"../..\"", with: "path: \"\(packageRoot.path)\"")
      .utf8).write(to: manifest)
    // Today's HomeViewModel sends `unread` as a text: a number in the 1.0.0 English baseline
    // is a type change, an error for that one case.
    let broken = package.appendingPathComponent(".VersionedTestJSON/HomeViewModel/1.0.0/en.json")
    let baseline = try String(contentsOf: broken, encoding: .utf8)
    try #require(baseline.contains("\"unread\" : \"1,204\""))
    try Data(baseline.replacingOccurrences(of: "\"unread\" : \"1,204\"", with: "\"unread\" : 1204")
      .utf8).write(to: broken)
    let attachments = scratch.path("attachments")
    try FileManager.default.createDirectory(at: attachments, withIntermediateDirectories: true)
    // A build folder of its own, kept between runs in this checkout's .build: the first run
    // builds ContractKit for the copy (minutes), later ones only the copy.
    let build = packageRoot.appendingPathComponent(".build/quickstart-attachments")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "test", "--package-path", package.path, "--scratch-path",
                         build.path, "--attachments-path", attachments.path]
    process.environment = developerEnvironment
    let log = scratch.path("swift-test.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: log)
    process.standardError = process.standardOutput
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Minutes of a cold build: waited for on a thread of its own, never one of the
    // cooperative pool, whose two threads other tests' tasks need meanwhile.
    await WorkerPool.value { process.waitUntilExit() }
    let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    #expect(process.terminationStatus != 0, "the broken case fails")
    #expect(output.contains("type-changed at HomeViewModel 1.0.0 /unread in en (default)"),
            "\(output.suffix(3000))")
    let names = try FileManager.default.contentsOfDirectory(atPath: attachments.path).sorted()
    #expect(names.count == 3, "\(names)\n\(output.suffix(3000))")
    for suffix in ["-baseline.json", "-today.json", ".diff"] {
      let name = try #require(names.first { $0.hasPrefix("HomeViewModel-1.0.0-en") && $0.hasSuffix(suffix) },
                              "\(suffix) in \(names)")
      let bytes = try Data(contentsOf: attachments.appendingPathComponent(name))
      switch suffix {
      case "-baseline.json": #expect(String(decoding: bytes, as: UTF8.self).contains("\"unread\" : 1204"))
      case "-today.json": #expect(String(decoding: bytes, as: UTF8.self).contains("\"unread\" : \"1,204\""))
      default: #expect(String(decoding: bytes, as: UTF8.self).contains("+  \"unread\" : \"1,204\","))
      }
    }
  }
}
