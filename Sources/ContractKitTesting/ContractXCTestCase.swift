import ContractKit
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
  /// Errors fail the test. XCTest has no warnings, so a warning (a translation that fell
  /// back to another locale) is printed as `<file>:<line>: warning: …` and the test passes.
  /// Cases are checked on ContractKit's own threads, so the app's `async` producers run on
  /// the cooperative pool meanwhile.
  public func assertContracts(
    _ verifier: ContractVerifier, file: StaticString = #filePath, line: UInt = #line
  ) async {
    var problems: [ContractVerifier.Problem] = []
    for contractCase in verifier.cases { problems += await verifier.problems(for: contractCase) }
    report(problems + (await verifier.catalogProblems()), file: file, line: line)
  }

  /// ``assertContracts(_:file:line:)`` from a synchronous test method, which XCTest runs on
  /// the main thread, outside the cooperative pool.
  public func assertContracts(
    _ verifier: ContractVerifier, file: StaticString = #filePath, line: UInt = #line
  ) {
    let problems = verifier.cases.flatMap(verifier.problems(for:)) + verifier.catalogProblems()
    report(problems, file: file, line: line)
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
