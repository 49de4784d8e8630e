import ContractKit
import Testing

/// Swift Testing integration: one parameterized test, one test case per contract, version,
/// locale and variant.
///
/// ```swift
/// let contracts = ContractVerifier(SampleCatalog.make)
///
/// @Test("ViewModel contract", arguments: contracts.cases)
/// func contract(_ contractCase: ContractCase) { expectContract(contractCase, in: contracts) }
/// ```
/// A failure names the case and the JSON Pointer and shows the baseline and current values.
public func expectContract(
  _ contractCase: ContractCase, in verifier: ContractVerifier,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  for problem in verifier.problems(for: contractCase) {
    Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
  }
}

/// Swift Testing integration for what belongs to no single case: removed contracts, retired
/// versions, stale `Baselines.md`, unused keys, placeholder mismatches.
public func expectCatalog(
  _ verifier: ContractVerifier, sourceLocation: SourceLocation = #_sourceLocation
) {
  for problem in verifier.catalogProblems() {
    Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
  }
}

extension ContractCase: CustomTestStringConvertible {
  public var testDescription: String { description }
}
