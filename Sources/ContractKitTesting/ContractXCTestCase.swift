import ContractKit
import XCTest

extension XCTestCase {
  /// XCTest integration: checks every case of the catalog and reports each failure with
  /// its contract, version, locale, variant and JSON Pointer.
  ///
  /// ```swift
  /// final class ContractTests: XCTestCase {
  ///   func testContracts() { assertContracts(ContractVerifier(SampleCatalog.make)) }
  /// }
  /// ```
  public func assertContracts(
    _ verifier: ContractVerifier, file: StaticString = #filePath, line: UInt = #line
  ) {
    for contractCase in verifier.cases {
      for problem in verifier.problems(for: contractCase) {
        XCTFail(problem, file: file, line: line)
      }
    }
    for problem in verifier.catalogProblems() {
      XCTFail(problem, file: file, line: line)
    }
  }
}
