import ContractKitRuntime
import Foundation

/// `contracts compat --against REF...`: asks each release's own code whether it decodes
/// today's payloads.
///
/// For each ref, the release's package is taken from git (``ReleaseBuild``), a decoder
/// probe is built against its modules, and today's encodings — of the newest catalog
/// version not newer than the newest version in the release's own baseline tree, in every
/// locale and variant — are decoded by the release's types. A payload the release rejects
/// is a ``FindingKind/clientDecodeFailed`` error with the decoder's coding path and message;
/// the report's ``CompatMatrix`` shows every cell.
struct Compat {
  let catalog: Catalog
  let refs: [String]
  let options: RunOptions
  /// Contract name → `Module.Type` for the contracts to ask about; the catalog's own
  /// (``Contract/swiftType``) by default.
  var types: [(contract: String, type: String)]
  /// The cache of built probes, by commit.
  var cache: URL
  /// Seconds one `swift build` may take (`CONTRACTKIT_COMPAT_BUILD_SECONDS`, default 1200).
  var buildTimeLimit: Double

  init(catalog: Catalog, refs: [String], options: RunOptions) {
    self.catalog = catalog
    self.refs = refs
    self.options = options
    types = catalog.contracts.compactMap { contract in
      // A type with no stable name (a local type) has nothing a probe can name.
      guard let type = contract.swiftType, !type.contains("(") else { return nil }
      return (contract.name, type)
    }
    let packageRoot = catalog.effectiveBaselineDirectory.deletingLastPathComponent()
    cache = packageRoot.appendingPathComponent(".build/contractkit-compat")
    buildTimeLimit = ProcessInfo.processInfo.environment["CONTRACTKIT_COMPAT_BUILD_SECONDS"]
      .flatMap(Double.init) ?? 1200
  }

  /// Builds or reuses each release's probe and reports what it decodes.
  /// - Throws: ``InputError`` (exit 2) naming a ref that names no commit, has no baseline
  ///   tree, speaks no version the catalog supports, or whose code does not build.
  func run() throws -> Report {
    var findings: [Finding] = []
    var releases: [CompatMatrix.Release] = []
    /// What JUnit makes test cases of: every case some release was asked about.
    var asked: [ContractCase] = []
    let root = catalog.effectiveBaselineDirectory
    for ref in refs {
      let tree = try GitTree.load(ref: ref, sameTreeAs: root)
      let scanned = try BaselineTree.scan(BaselineFiles(gitTree: tree))
      let spoken = scanned.contracts.flatMap { scanned.versions(of: $0) }.max()
      guard let spoken, let version = catalog.versions.last(where: { $0 <= spoken }) else {
        throw InputError(file: "git:\(ref)", reason: "(commit \(tree.commit.prefix(12))) "
          + (spoken.map { "speaks \($0), older than every version the catalog supports" }
            ?? "has no baselines, so the version it speaks is unknown"))
      }
      let packagePath = String(tree.repositoryPath.split(separator: "/").dropLast()
        .joined(separator: "/"))
      let build = try ReleaseBuild(
        ref: ref, commit: tree.commit, packagePath: packagePath, types: types,
        repository: root.deletingLastPathComponent(), cache: cache, timeLimit: buildTimeLimit
      ).make()
      let cases = try self.cases(for: version, skipping: build.absent)
      let failures = try ask(build.executable, cases: cases, ref: ref)
      asked += cases.map {
        ContractCase(contract: $0.contract, version: version, locale: $0.locale,
                     variant: $0.variant)
      }
      var cells: [CompatMatrix.Cell] = []
      for contract in catalog.contracts {
        for locale in catalog.locales {
          let outcome: CompatMatrix.Outcome
          if !types.contains(where: { $0.contract == contract.name }) {
            outcome = .untyped
          } else if build.absent.contains(contract.name) {
            outcome = .absent
          } else {
            let failed = Set(failures.filter { $0.contract == contract.name && $0.locale == locale }
              .map(\.variant))
            outcome = failed.isEmpty ? .decodes : .fails(failed.count)
          }
          cells.append(CompatMatrix.Cell(contract: contract.name, locale: locale, outcome: outcome))
        }
      }
      findings += failures.map { failure in
        .clientDecodeFailed(
          at: failure.path,
          in: ContractCase(contract: failure.contract, version: version, locale: failure.locale,
                           variant: failure.variant),
          ref: ref, commit: tree.commit, reason: failure.message)
      }
      releases.append(CompatMatrix.Release(
        ref: ref, commit: tree.commit, version: version, built: build.built, cells: cells))
    }
    let cases = Array(Set(asked)).sorted { $0.description < $1.description }
    return Report(
      command: "compat", findings: findings,
      summary: Summary(
        findings: findings, contracts: catalog.contracts.count,
        versions: Set(releases.map(\.version)).count,
        locales: catalog.locales.count,
        baselines: releases.reduce(0) { $0 + $1.cells.count }, failOn: options.failOn,
        requiredBump: findings.isEmpty ? .none : .major),
      baselineDirectory: BaselineFiles(root: root).displayRoot, failOn: options.failOn,
      cases: cases, compat: CompatMatrix(releases: releases, contracts: catalog.contracts.map(\.name),
                           locales: catalog.locales))
  }

  /// One payload the probe is given.
  private struct Case: Encodable {
    let contract, locale, variant, payload: String
  }

  /// One payload the release failed to decode, as the probe prints it.
  struct Failure: Decodable {
    let contract, locale, variant, path, message: String
  }

  /// Today's payloads of `version` for every typed contract the release has, every locale
  /// and variant: the value before redaction where one was redacted (what a client gets).
  private func cases(for version: SystemVersion, skipping absent: Set<String>) throws -> [Case] {
    var cases: [Case] = []
    for (name, _) in types where !absent.contains(name) {
      guard let contract = catalog.contract(named: name) else { continue }
      for locale in catalog.locales {
        for variant in contract.variants {
          let contractCase = ContractCase(
            contract: name, version: version, locale: locale, variant: variant.name)
          let payload = try catalog.encodeCase(
            variant, of: contract, for: contractCase, annotations: false)
          let bytes = payload.live.map { CanonicalJSON.encode($0) } ?? payload.bytes
          cases.append(Case(contract: name, locale: locale, variant: variant.name,
                            payload: String(decoding: bytes, as: UTF8.self)))
        }
      }
    }
    return cases
  }

  /// Runs the probe over `cases` and returns what it failed to decode.
  private func ask(_ executable: URL, cases: [Case], ref: String) throws -> [Failure] {
    let input = FileManager.default.temporaryDirectory
      .appendingPathComponent(".contractkit-compat-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    try JSONEncoder().encode(cases).write(to: input)
    defer { try? FileManager.default.removeItem(at: input) }
    let outcome = try ChildProcess(
      arguments: [executable.path, input.path], directory: cache, timeLimit: 300
    ).run()
    guard outcome.status == 0, !outcome.timedOut,
      let failures = try? JSONDecoder().decode([Failure].self, from: Data(outcome.output))
    else {
      throw InputError(file: "git:\(ref)", reason: "its decoder probe \(executable.path) failed "
        + "(exit \(outcome.status)): "
        + (outcome.error.split(separator: "\n").first.map(String.init) ?? "no message"))
    }
    return failures
  }
}
