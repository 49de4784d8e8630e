import ContractKit
import Testing

/// Swift Testing integration: one parameterized test, one test case per contract, version,
/// locale and variant.
///
/// ```swift
/// let contracts = ContractVerifier(AppCatalog.make, command: "swift run app-contracts")
///
/// @Test(arguments: contracts.cases)
/// func contract(_ contractCase: ContractCase) { expectContract(contractCase, in: contracts) }
/// ```
/// An error fails the case; a warning (a translation that fell back to another locale) is
/// recorded as an issue of warning severity, which shows in the output and lets the case
/// pass. Each names the case and the JSON Pointer, shows the baseline and current values and
/// ends with its remedy.
public func expectContract(
  _ contractCase: ContractCase, in verifier: ContractVerifier,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  recordIssues(for: verifier.problems(for: contractCase), at: sourceLocation)
}

/// Swift Testing integration for what belongs to no single case: a refused
/// `CONTRACTKIT_RECORD` run, removed contracts, retired versions, stale `Baselines.md`,
/// unused keys, placeholder mismatches.
///
/// ```swift
/// @Test func catalog() { expectCatalog(contracts) }
/// ```
public func expectCatalog(
  _ verifier: ContractVerifier, sourceLocation: SourceLocation = #_sourceLocation
) {
  recordIssues(for: verifier.catalogProblems(), at: sourceLocation)
}

/// Records each problem as an issue of its severity: errors fail the test, warnings show.
func recordIssues(for problems: [ContractVerifier.Problem], at sourceLocation: SourceLocation) {
  for problem in problems {
    let comment = Comment(rawValue: problem.message)
    #if compiler(>=6.3)
      Issue.record(comment, severity: problem.severity == .error ? .error : .warning,
                   sourceLocation: sourceLocation)
    #else
      // Issue severities arrived with Swift 6.3; before it a warning is printed, not failed.
      if problem.severity == .error {
        Issue.record(comment, sourceLocation: sourceLocation)
      } else {
        print("\(sourceLocation): warning: \(problem.message)")
      }
    #endif
  }
}

extension ContractCase: CustomTestStringConvertible {
  public var testDescription: String { description }
}
