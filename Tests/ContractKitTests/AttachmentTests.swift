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

/// The quick start as a user runs it: `swift test --attachments-path DIR` in its copy
/// (``QuickStartCopy``) with one baseline broken leaves exactly the failing case's three
/// files in DIR, and nothing of the cases that pass.
@Suite("Quick start: swift test --attachments-path saves a failing case's payloads")
struct QuickStartAttachmentTests {
  @Test("a broken baseline of the quick start: three attachments on disk, none for the passing cases",
        .timeLimit(.minutes(60)))
  func attachmentsOnDisk() async throws {
    let scratch = try TemporaryDirectory("quickstart-attachments")
    let attachments = scratch.path("attachments")
    try FileManager.default.createDirectory(at: attachments, withIntermediateDirectories: true)
    let tests = try await QuickStartCopy.use { copy in
      // Today's HomeViewModel sends `unread` as a text: a number in the 1.0.0 English
      // baseline is a type change, an error for that one case.
      try copy.edit(".VersionedTestJSON/HomeViewModel/1.0.0/en.json",
                    "\"unread\" : \"1,204\"", "\"unread\" : 1204")
      return try await copy.swift(["test", "--attachments-path", attachments.path])
    }
    let output = tests.output + tests.error
    #expect(tests.status != 0, "the broken case fails")
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
