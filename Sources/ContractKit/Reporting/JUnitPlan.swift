import ContractKitRuntime

/// The test cases of a JUnit report and which findings each holds.
///
/// The test cases come from what the run covered, never from what it found: the fixed
/// catalog test cases, and for every contract of the report's cases a `contract` test case,
/// a test case per version, and one per case. Each finding goes to exactly one: its case,
/// else its version's, else its contract's, else the catalog test case of its scope.
struct JUnitPlan {
  /// One `<testcase>`.
  enum TestCase: Hashable {
    case catalog(CatalogCase)
    /// One break since the release `report --against` names that no log row accepts, by
    /// its name (`unlogged since v1: field-removed Card 1.0.0 /title in en (default)`).
    case unlogged(String)
    case contract(String)
    case version(ContractVersion)
    case file(ContractCase)

    /// The `<testsuite>` and `classname`: the contract, or ``JUnitReporter/catalogSuite``.
    var suite: String {
      switch self {
      case .catalog, .unlogged: JUnitReporter.catalogSuite
      case .contract(let name): name
      case .version(let folder): folder.contract
      case .file(let file): file.contract
      }
    }

    /// `1.0.0 en default`, `1.0.0`, `contract`, or the catalog test case's name.
    var name: String {
      switch self {
      case .catalog(let catalogCase): catalogCase.rawValue
      case .unlogged(let name): name
      case .contract: "contract"
      case .version(let folder): folder.version.versionString
      case .file(let file): "\(file.version) \(file.locale) \(file.variant)"
      }
    }

    /// Where the test case sorts among its suite's: contract, then each version before its
    /// cases, as reports order scopes.
    fileprivate var scope: FindingScope? {
      switch self {
      case .catalog, .unlogged: nil
      case .contract(let name): .contract(name)
      case .version(let folder): .version(folder)
      case .file(let file): .file(file)
      }
    }
  }

  /// The test cases that belong to no contract, in the order listed; they exist in every
  /// report, passing, failing or skipped where the command does not look.
  enum CatalogCase: String, CaseIterable {
    /// Entries of the tree: legacy files, leftovers, contracts no longer registered.
    case tree = "baseline tree"
    /// `Baselines.md`.
    case document = "Baselines.md"
    /// The localization store: unused keys, placeholder mismatches.
    case store = "localization store"
    /// The release gate's own finding, `version-bump-required`.
    case release = "release gate"
  }

  let command: String
  /// Every test case, in output order.
  let testCases: [TestCase]
  /// The findings of each test case, in report order.
  let findings: [TestCase: [Finding]]

  init(_ report: Report, extraCases: [ContractCase] = []) {
    command = report.command
    var seen = Set<TestCase>()
    var contractCases: [TestCase] = []
    for file in report.cases + extraCases {
      for testCase in [TestCase.contract(file.contract), .version(file.folder), .file(file)]
      where seen.insert(testCase).inserted {
        contractCases.append(testCase)
      }
    }
    contractCases.sort { left, right in
      guard let leftScope = left.scope, let rightScope = right.scope else { return false }
      return FindingScope.precedes(leftScope, rightScope)
    }
    // A test case per unlogged break (the same break in several locales is one), holding
    // its `break-unlogged` findings.
    var unlogged: [TestCase] = []
    var unloggedCase: [UnloggedKey: TestCase] = [:]
    if let since = report.since {
      for group in SinceReleaseLines.unloggedGroups(since, localeOrder: report.localeOrder) {
        let testCase = TestCase.unlogged(
          "unlogged since \(DisplayText.escaped(since.ref)): \(group.kind.rawValue) "
            + DisplayText.escaped(group.location))
        unlogged.append(testCase)
        for member in group.members {
          unloggedCase[UnloggedKey(scope: member.scope, path: member.path)] = testCase
        }
      }
    }
    testCases = CatalogCase.allCases.map(TestCase.catalog) + unlogged + contractCases
    var findings: [TestCase: [Finding]] = [:]
    for finding in report.findings {
      let testCase = finding.kind == .breakUnlogged
        ? unloggedCase[UnloggedKey(scope: finding.scope, path: finding.path)] : nil
      findings[testCase ?? Self.place(finding.scope, in: seen), default: []].append(finding)
    }
    self.findings = findings
  }

  /// What ties a `break-unlogged` finding to its break: the same scope and path.
  private struct UnloggedKey: Hashable {
    var scope: FindingScope
    var path: String?
  }

  /// Why the command does not look at `testCase`, when it does not.
  func skipReason(_ testCase: TestCase) -> String? {
    guard case .catalog(let catalogCase) = testCase, findings[testCase] == nil else {
      return nil
    }
    switch (command, catalogCase) {
    case ("diff", .document): return "diff compares two trees; it reads no Baselines.md"
    case ("diff", .store): return "diff reads no localization store"
    case ("diff", .release), ("check", .release):
      return "\(command) states no release gate; contracts report does"
    default: return nil
    }
  }

  /// The test case a finding of `scope` goes to, among `known` ones.
  private static func place(_ scope: FindingScope, in known: Set<TestCase>) -> TestCase {
    let candidates: [TestCase]
    switch scope {
    case .file(let file):
      candidates = [.file(file), .version(file.folder), .contract(file.contract)]
    case .version(let folder), .locale(let folder, _):
      candidates = [.version(folder), .contract(folder.contract)]
    case .contract(let name):
      candidates = [.contract(name)]
    case .catalog:
      return .catalog(.document)
    case .store:
      return .catalog(.store)
    case .release:
      return .catalog(.release)
    case .entry:
      return .catalog(.tree)
    }
    return candidates.first(where: known.contains) ?? .catalog(.tree)
  }
}
