import ContractKit
import Foundation
import XCTest

extension XCTestCase {
  /// XCTest integration: checks every case of the catalog and what belongs to no single
  /// case, and reports each problem with its contract, version, locale, variant and JSON
  /// Pointer.
  ///
  /// ```swift
  /// final class ContractXCTests: XCTestCase {
  ///   func testContracts() async {
  ///     await assertContracts(ContractVerifier(AppCatalog.make, command: "swift run app-contracts"))
  ///   }
  /// }
  /// ```
  /// A case with an error or a warning attaches its baseline, today's payload and their diff
  /// (on Apple platforms, whose XCTest has `XCTAttachment`). Errors fail the test. XCTest
  /// has no warnings, so a warning (a translation that fell back to another locale) is
  /// printed as `<file>:<line>: warning: …` and the test passes.
  /// Cases are checked on ContractKit's own threads, so the app's `async` producers run on
  /// the cooperative pool meanwhile.
  public func assertContracts(
    _ verifier: ContractVerifier, file: StaticString = #filePath, line: UInt = #line
  ) async {
    var problems: [ContractVerifier.Problem] = []
    var attachments: [CaseAttachment] = []
    for contractCase in verifier.cases {
      problems += await verifier.problems(for: contractCase)
      attachments += await verifier.attachments(for: contractCase)
    }
    report(problems + (await verifier.catalogProblems()), file: file, line: line)
    attach(attachments)
  }

  /// ``assertContracts(_:file:line:)`` from a synchronous test method, which XCTest runs on
  /// the main thread, outside the cooperative pool.
  public func assertContracts(
    _ verifier: ContractVerifier, file: StaticString = #filePath, line: UInt = #line
  ) {
    let problems = verifier.cases.flatMap(verifier.problems(for:)) + verifier.catalogProblems()
    report(problems, file: file, line: line)
    attach(verifier.cases.flatMap(verifier.attachments(for:)))
  }

  /// Attaches each failing or warning case's baseline, today's payload and their diff,
  /// where XCTest has attachments (Apple's XCTest; swift-corelibs-xctest has none).
  private func attach(_ attachments: [CaseAttachment]) {
    #if canImport(Darwin)
      for item in attachments {
        let attachment = XCTAttachment(
          data: Data(item.bytes),
          uniformTypeIdentifier: item.name.hasSuffix(".json") ? "public.json" : "public.plain-text")
        attachment.name = item.name
        attachment.lifetime = .keepAlways
        add(attachment)
      }
    #endif
  }

  private func report(
    _ problems: [ContractVerifier.Problem], file: StaticString, line: UInt
  ) {
    for problem in problems {
      if problem.severity == .error {
        XCTFail(problem.message, file: file, line: line)
      } else {
        print("\(file):\(line): warning: \(problem.message)")
      }
    }
  }
}
