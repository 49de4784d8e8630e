import ContractKitRuntime
import Foundation

/// `contracts compat --against REF...`: asks each release's own code whether it decodes
/// today's payloads.
///
/// For each ref (each asked once, however often it is given), a decoder probe is built
/// inside the release's own package (``ReleaseBuild``), and today's encodings, of the
/// version the release speaks, in every locale and variant, are decoded by the release's
/// types with the decoder each contract declares (``DecoderDeclaration``: the one the
/// release's own `contract.json` records, else today's). A payload the release rejects, or
/// whose decoding crashes or never returns, is a ``FindingKind/clientDecodeFailed`` error
/// with the decoder's coding path and message; the report's ``CompatMatrix`` shows every
/// cell and says which decoders were used.
struct Compat {
  let catalog: Catalog
  let refs: [String]
  let options: RunOptions
  /// Contract name → `Module.Type` for the contracts to ask about; the catalog's own
  /// (``Contract/swiftType``) by default.
  var types: [(contract: String, type: String)]
  /// The cache of built probes, by commit.
  var cache: URL
  /// Seconds reading a release's manifest, and then building its probe, may take
  /// (`CONTRACTKIT_COMPAT_BUILD_SECONDS`, default 1200).
  var buildTimeLimit: Double
  /// Seconds one decode may take (`CONTRACTKIT_COMPAT_DECODE_SECONDS`, default 60).
  var decodeTimeLimit: Double

  init(catalog: Catalog, refs: [String], options: RunOptions) {
    self.catalog = catalog
    // `--against v1 v1` asks v1 once.
    self.refs = refs.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    self.options = options
    types = catalog.contracts.compactMap { contract in
      // A type with no stable name (a local type) has nothing a probe can name.
      guard let type = contract.swiftType, !type.contains("(") else { return nil }
      return (contract.name, type)
    }
    let packageRoot = catalog.effectiveBaselineDirectory.deletingLastPathComponent()
    cache = packageRoot.appendingPathComponent(".build/contractkit-compat")
    let environment = ProcessInfo.processInfo.environment
    buildTimeLimit = environment["CONTRACTKIT_COMPAT_BUILD_SECONDS"].flatMap(Double.init) ?? 1200
    decodeTimeLimit = environment["CONTRACTKIT_COMPAT_DECODE_SECONDS"].flatMap(Double.init) ?? 60
  }

  /// Builds or reuses each release's probe and reports what it decodes.
  /// - Throws: ``InputError`` (exit 2) naming a ref that names no commit, speaks no version
  ///   the catalog supports, breaks a rule of ``ReleasePackage``, or does not build.
  func run() throws -> Report {
    var findings: [Finding] = []
    var releases: [CompatMatrix.Release] = []
    /// What JUnit makes test cases of: every case some release was asked about.
    var asked: [ContractCase] = []
    for ref in refs {
      let answer = try ask(ref)
      findings += answer.findings
      releases.append(answer.release)
      asked += answer.asked
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
      baselineDirectory: BaselineFiles(root: catalog.effectiveBaselineDirectory).displayRoot,
      failOn: options.failOn, cases: cases,
      compat: CompatMatrix(releases: releases, contracts: catalog.contracts.map(\.name),
                           locales: catalog.locales))
  }

  /// One release asked: its row of the matrix, its findings, and the cases it decoded.
  private func ask(_ ref: String) throws
    -> (release: CompatMatrix.Release, findings: [Finding], asked: [ContractCase])
  {
    let release = try GitTree.release(ref: ref, sameTreeAs: catalog.effectiveBaselineDirectory)
    let (version, speaks) = try self.version(of: release, ref: ref)
    let packagePath = String(release.repositoryPath.split(separator: "/").dropLast()
      .joined(separator: "/"))
    let build = try ReleaseBuild(
      ref: ref, release: release, packagePath: packagePath, types: types, cache: cache,
      timeLimit: buildTimeLimit
    ).make()
    let decoders = try self.decoders(for: version, in: release, ref: ref)
    let cases = try self.cases(for: version)
    let probed = try ProbeRun(
      executable: build.executable, ref: ref, timeLimit: decodeTimeLimit,
      scratch: cache.appendingPathComponent(release.commit)
    ).run(cases, decoders: decoders.declarations)
    let absent = Set(types.map(\.contract)).subtracting(probed.known)
    let findings = probed.failures.map { failure in
      Finding.clientDecodeFailed(
        at: failure.path,
        in: ContractCase(contract: failure.contract, version: version, locale: failure.locale,
                         variant: failure.variant),
        ref: ref, commit: release.commit, reason: failure.message)
    }
    var notes: [String] = []
    if let speaks { notes.append(speaks) }
    if let reason = build.distrusted {
      notes.append("the cached build was not trusted (\(reason)), so it was rebuilt")
    }
    notes += decoders.notes(absent: absent)
    let row = CompatMatrix.Release(
      ref: ref, commit: release.commit, version: version, built: build.built,
      cells: cells(absent: absent, failures: probed.failures), notes: notes)
    let asked = cases.filter { !absent.contains($0.contract) }.map {
      ContractCase(contract: $0.contract, version: version, locale: $0.locale, variant: $0.variant)
    }
    return (row, findings, asked)
  }

  /// One cell per contract and locale: whether every variant decodes, how many fail, or why
  /// nothing was asked.
  private func cells(absent: Set<String>, failures: [ProbeRun.Failure]) -> [CompatMatrix.Cell] {
    catalog.contracts.flatMap { contract in
      catalog.locales.map { locale in
        let outcome: CompatMatrix.Outcome
        if !types.contains(where: { $0.contract == contract.name }) {
          outcome = .untyped
        } else if absent.contains(contract.name) {
          outcome = .absent
        } else {
          let failed = Set(failures.filter {
            $0.contract == contract.name && $0.locale == locale
          }.map(\.variant))
          outcome = failed.isEmpty ? .decodes : .fails(failed.count)
        }
        return CompatMatrix.Cell(contract: contract.name, locale: locale, outcome: outcome)
      }
    }
  }

  /// The version a release speaks: the newest catalog version not newer than the newest
  /// version of the release's own baseline tree; for a release without one (cut before the
  /// app adopted ContractKit), the catalog's oldest, said in the note.
  private func version(of release: GitTree.Release, ref: String) throws
    -> (SystemVersion, note: String?)
  {
    guard let tree = release.tree else {
      guard let oldest = catalog.versions.first else {
        throw InputError(file: "git:\(ref)", reason: "cannot be asked: the catalog declares no version")
      }
      return (oldest, "\(ref) has no baseline tree (cut before ContractKit?): asked as the "
        + "catalog's oldest version, \(oldest)")
    }
    let scanned = try BaselineTree.scan(BaselineFiles(gitTree: tree))
    let spoken = scanned.contracts.flatMap { scanned.versions(of: $0) }.max()
    guard let spoken, let version = catalog.versions.last(where: { $0 <= spoken }) else {
      throw InputError(file: "git:\(ref)", reason: "(commit \(release.commit.prefix(12))) "
        + (spoken.map { "speaks \($0), older than every version the catalog supports" }
          ?? "has no baselines, so the version it speaks is unknown"))
    }
    return (version, nil)
  }

  /// Each typed contract's decoder: the one the release's `contract.json` of `version`
  /// records, else today's declaration.
  private func decoders(for version: SystemVersion, in release: GitTree.Release, ref: String)
    throws -> Decoders
  {
    var decoders = Decoders(ref: ref)
    let files = release.tree.map { BaselineFiles(gitTree: $0) }
    for (name, _) in types {
      let folder = ContractVersion(contract: name, version: version)
      if let files, let recorded = try ContractMetadata.read(folder, in: files)?.decoder {
        decoders.add(name, recorded, fromRelease: true)
      } else if let today = catalog.contract(named: name)?.decoderDeclaration {
        decoders.add(name, today, fromRelease: false)
      }
    }
    return decoders
  }

  /// The decoders of one release, and where each came from.
  private struct Decoders {
    let ref: String
    var declarations: [String: DecoderDeclaration] = [:]
    var fromRelease: [String] = []
    var fromToday: [String] = []

    init(ref: String) { self.ref = ref }

    mutating func add(_ contract: String, _ declaration: DecoderDeclaration, fromRelease: Bool) {
      declarations[contract] = declaration
      if fromRelease { self.fromRelease.append(contract) } else { fromToday.append(contract) }
    }

    /// `decoders: v1's contract.json for Card; today's declaration for Badge`, and what a
    /// declaration's custom strategies became.
    func notes(absent: Set<String>) -> [String] {
      let release = fromRelease.filter { !absent.contains($0) }
      let today = fromToday.filter { !absent.contains($0) }
      var parts: [String] = []
      if !release.isEmpty {
        parts.append("\(ref)'s contract.json for \(release.joined(separator: ", "))")
      }
      if !today.isEmpty { parts.append("today's declaration for \(today.joined(separator: ", "))") }
      var notes = parts.isEmpty ? [] : ["decoders: " + parts.joined(separator: "; ")]
      for contract in release + today {
        for uncarried in declarations[contract]?.uncarried ?? [] {
          notes.append("\(contract)'s decoder: \(uncarried) cannot be rebuilt in a release's "
            + "package")
        }
      }
      return notes
    }
  }

  /// Today's payloads of `version` for every typed contract, every locale and variant: the
  /// value before redaction where one was redacted (what a client gets).
  private func cases(for version: SystemVersion) throws -> [ProbeRun.Case] {
    var cases: [ProbeRun.Case] = []
    for (name, _) in types {
      guard let contract = catalog.contract(named: name) else { continue }
      for locale in catalog.locales {
        for variant in contract.variants {
          let contractCase = ContractCase(
            contract: name, version: version, locale: locale, variant: variant.name)
          let payload = try catalog.encodeCase(
            variant, of: contract, for: contractCase, annotations: false)
          let bytes = payload.live.map { CanonicalJSON.encode($0) } ?? payload.bytes
          cases.append(ProbeRun.Case(contract: name, locale: locale, variant: variant.name,
                                     payload: String(decoding: bytes, as: UTF8.self)))
        }
      }
    }
    return cases
  }
}
