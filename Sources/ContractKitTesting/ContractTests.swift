import ContractKit
import Testing

/// Swift Testing integration: one parameterized test, one test case per contract, version,
/// locale and variant.
///
/// ```swift
/// let contracts = ContractVerifier(AppCatalog.make, command: "swift run app-contracts")
///
/// @Test(arguments: contracts.cases)
/// func contract(_ contractCase: ContractCase) async {
///   await expectContract(contractCase, in: contracts)
/// }
/// ```
/// An error fails the case; a warning (a translation that fell back to another locale) is
/// recorded as an issue of warning severity, which shows in the output and lets the case
/// pass. Each names the case and the JSON Pointer, shows the baseline and current values and
/// ends with its remedy. A case with an error or a warning also attaches its baseline,
/// today's payload and their diff (`swift test --attachments-path DIR` saves them).
///
/// The case is checked on a thread of ContractKit's own while the test's task is suspended:
/// the app's `async` producers (FOSMVVM factories) run on the cooperative pool meanwhile,
/// and cases run concurrently without ever blocking a thread of the pool.
public func expectContract(
  _ contractCase: ContractCase, in verifier: ContractVerifier,
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  let problems = await verifier.problems(for: contractCase)
  recordIssues(for: problems, at: sourceLocation)
  if !problems.isEmpty {
    attach(await verifier.attachments(for: contractCase), at: sourceLocation)
  }
}

/// ``expectContract(_:in:sourceLocation:)`` from a synchronous test function: it checks the
/// case on the test's own thread, a thread of the cooperative pool, so a catalog with an
/// `async` producer needs the `async` form (`await expectContract(…)`).
public func expectContract(
  _ contractCase: ContractCase, in verifier: ContractVerifier,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let problems = verifier.problems(for: contractCase)
  recordIssues(for: problems, at: sourceLocation)
  if !problems.isEmpty { attach(verifier.attachments(for: contractCase), at: sourceLocation) }
}

/// Attaches a failing or warning case's baseline, today's payload and their diff to the
/// running test: `swift test --attachments-path DIR` saves them, Xcode shows them.
func attach(_ attachments: [CaseAttachment], at sourceLocation: SourceLocation) {
  #if compiler(>=6.2)
    for attachment in attachments {
      Attachment.record(attachment.bytes, named: attachment.name, sourceLocation: sourceLocation)
    }
  #endif
}

/// Swift Testing integration for what belongs to no single case: a refused
/// `CONTRACTKIT_RECORD` run, removed contracts, retired versions, stale `Baselines.md`,
/// unused keys, placeholder mismatches.
///
/// ```swift
/// @Test func catalog() async { await expectCatalog(contracts) }
/// ```
public func expectCatalog(
  _ verifier: ContractVerifier, sourceLocation: SourceLocation = #_sourceLocation
) async {
  recordIssues(for: await verifier.catalogProblems(), at: sourceLocation)
}

/// ``expectCatalog(_:sourceLocation:)`` from a synchronous test function; a catalog with an
/// `async` producer needs the `async` form.
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
