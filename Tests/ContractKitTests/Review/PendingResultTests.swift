import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

@Suite("Review: check keeps pending results outside the committed tree")
struct PendingResultTests {
  @Test("check keeps each differing case: its bytes, findings and both fingerprints")
  func checkKeeps() throws {
    let copy = try ReviewCopy()
    let before = try copy.files()
    #expect(copy.run(["check"]).code == 1)
    #expect(try copy.files() == before, "nothing in the tree or Baselines.md changes")
    let results = try PendingStore(root: copy.pending).results()
    #expect(Set(results.map(\.contractCase.contract))
      == [ReviewCopy.renamed, ReviewCopy.reworded, ReviewCopy.added])
    #expect(results.count == 24 + 4 + 24)
    let english = try #require(results.first {
      $0.contractCase == ContractCase(ReviewCopy.renamed, "1.0.0", "en")
    })
    let path = english.contractCase.relativePath
    let baseline = try Data(contentsOf: copy.baselines.appendingPathComponent(path))
    let kept = try Data(contentsOf: copy.pending.appendingPathComponent(path))
    #expect(english.baseline == SHA256.hex(Array(baseline)))
    #expect(english.encoding == SHA256.hex(Array(kept)))
    #expect(english.findings.map(brief).sorted() == [
      "error field-removed \(ReviewCopy.renamed) 1.0.0 en default /signInLabel",
      "info field-added \(ReviewCopy.renamed) 1.0.0 en default /signInAction",
      "warning decode-failed \(ReviewCopy.renamed) 1.0.0 en default /signInAction",
    ])
    // The kept bytes are exactly what record writes for the case.
    _ = try Record(catalog: copy.catalog, acceptBreakingReason: "test").run()
    #expect(try Data(contentsOf: copy.baselines.appendingPathComponent(path)) == kept)
  }

  @Test("a clean check keeps nothing and makes no folder")
  func cleanCheck() throws {
    let copy = try SampleCopy()
    var out = ""
    let code = ContractsCommandLine.run(
      arguments: ["check", "--baselines", copy.baselines.path], catalog: { copy.catalog },
      program: "contracts", colored: false, environment: [:], terminal: { nil },
      stdout: { out += $0 }, stderr: { _ in })
    #expect(code == 0)
    #expect(!FileManager.default.fileExists(
      atPath: copy.directory.path(PendingStore.directoryName).path))
  }

  @Test("a check replaces what an earlier check kept for the contracts it checked")
  func replaced() throws {
    let copy = try ReviewCopy()
    _ = copy.run(["check"])
    // The reworded English greeting is recorded: the next check keeps nothing for it.
    _ = copy.run(["record", "--only", "\(ReviewCopy.reworded)/*/en"])
    _ = copy.run(["check"])
    let contracts = Set(try PendingStore(root: copy.pending).results().map(\.contractCase.contract))
    #expect(contracts == [ReviewCopy.renamed, ReviewCopy.added])
    #expect(!FileManager.default.fileExists(
      atPath: copy.pending.appendingPathComponent(ReviewCopy.reworded).path))
  }

  @Test("on CI (CI=true) check writes nothing into the tree")
  func nothingOnCI() throws {
    let copy = try ReviewCopy()
    #expect(copy.run(["check"], environment: ["CI": "true"]).code == 1)
    #expect(!FileManager.default.fileExists(atPath: copy.pending.path))
  }

  @Test("--pending DIR keeps them in DIR, on CI too (an artifact to upload)")
  func pendingFlag() throws {
    let copy = try ReviewCopy()
    let artifact = copy.directory.path("artifact")
    let result = copy.run(["check", "--pending", artifact.path], environment: ["CI": "true"])
    #expect(result.code == 1)
    #expect(try PendingStore(root: artifact).results().count == 52)
    #expect(!FileManager.default.fileExists(atPath: copy.pending.path))
  }

  @Test("CONTRACTKIT_PENDING=DIR does the same for swift test and check")
  func pendingEnvironment() throws {
    let copy = try ReviewCopy()
    let artifact = copy.directory.path("from-env")
    _ = copy.run(["check"], environment: ["CI": "true", "CONTRACTKIT_PENDING": artifact.path])
    #expect(try PendingStore(root: artifact).results().count == 52)
  }

  @Test("--pending inside the baseline tree is refused (exit 2)")
  func pendingInsideTree() throws {
    let copy = try ReviewCopy()
    let inside = copy.baselines.appendingPathComponent("pending").path
    let result = copy.run(["check", "--pending", inside])
    #expect(result.code == 2)
    #expect(result.stderr.contains("is inside the baseline directory"))
    #expect(!FileManager.default.fileExists(atPath: inside))
  }

  @Test("swift test's catalog check keeps them too, and says how to review harmless ones")
  func verifierKeeps() throws {
    let copy = try ReviewCopy()
    let verifier = ContractVerifier({ copy.catalog }, command: "swift run contracts",
                                    environment: [:])
    let problems = verifier.catalogProblems()
    #expect(try PendingStore(root: copy.pending).results().count == 52)
    #expect(problems.contains { problem in
      problem.severity == .warning && problem.message.contains("harmless changes not recorded")
        && problem.message.hasSuffix("review them: swift run contracts review.")
    })
    let failure = verifier.problems(for: ContractCase(ReviewCopy.renamed, "1.0.0", "en"))
    #expect(failure.allSatisfy { $0.message.hasSuffix(
      "\nReview the pending change: swift run contracts review") })
  }

  @Test("on CI with CONTRACTKIT_PENDING, a failure ends with review --from")
  func verifierOnCI() throws {
    let copy = try ReviewCopy()
    let artifact = copy.directory.path("contracts-pending")
    let verifier = ContractVerifier(
      { copy.catalog }, command: "swift run contracts",
      environment: ["CI": "true", "CONTRACTKIT_PENDING": artifact.path])
    let failure = verifier.problems(for: ContractCase(ReviewCopy.renamed, "1.0.0", "en"))
    #expect(!failure.isEmpty)
    #expect(failure.allSatisfy { $0.message.hasSuffix("\nReview what CI saw: download "
      + "contracts-pending and run: swift run contracts review --from contracts-pending") })
    _ = verifier.catalogProblems()
    #expect(try PendingStore(root: artifact).results().count == 52)
    #expect(!FileManager.default.fileExists(atPath: copy.pending.path))
  }
}
