import ContractKit
import XCTest

extension XCTestCase {
  /// XCTest integration: checks every case of the catalog and what belongs to no single
  /// case, and reports each problem with its contract, version, locale, variant and JSON
  /// Pointer.
  ///
  /// ```swift
  /// final class ContractXCTests: XCTestCase {
  ///   func testContracts() {
  ///     assertContracts(ContractVerifier(AppCatalog.make, command: "swift run app-contracts"))
  ///   }
  /// }
  /// ```
  /// Errors fail the test. XCTest has no warnings, so a warning (a translation that fell
  /// back to another locale) is printed as `<file>:<line>: warning: …` and the test passes.
  public func assertContracts(
    _ verifier: ContractVerifier, file: StaticString = #filePath, line: UInt = #line
  ) {
    let problems = verifier.cases.flatMap(verifier.problems(for:)) + verifier.catalogProblems()
    for problem in problems {
      if problem.severity == .error {
        XCTFail(problem.message, file: file, line: line)
      } else {
        print("\(file):\(line): warning: \(problem.message)")
      }
    }
  }
}
