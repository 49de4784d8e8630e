import Foundation

/// `contracts record`: writes baselines, `contract.json` files and `Baselines.md`.
///
/// Guarded: when a new encoding would break a committed baseline of a released version, or a
/// released version recorded for the first time breaks the one before it, it writes nothing
/// and refuses, unless `acceptBreaking` comes with a reason, which `Baselines.md` then logs. Idempotent: a second run changes no byte. Files no contract
/// owns are listed, never deleted.
public struct Record: Sendable {
  public let catalog: Catalog
  /// Why breaking changes are accepted; `nil` refuses them.
  public var acceptBreakingReason: String?
  /// `true` writes only baselines that do not exist yet (`CONTRACTKIT_RECORD=missing`).
  public var onlyMissing: Bool
  /// The date logged for accepted breaks (`yyyy-MM-dd`, UTC); today when `nil`.
  public var date: String?
  public var threads: Int

  public init(catalog: Catalog, acceptBreakingReason: String? = nil, onlyMissing: Bool = false,
              date: String? = nil, threads: Int? = nil)
  {
    self.catalog = catalog
    self.acceptBreakingReason = acceptBreakingReason
    self.onlyMissing = onlyMissing
    self.date = date
    self.threads = threads ?? WorkerPool.defaultThreadCount
  }

  /// What a record run did.
  public struct Outcome: Sendable {
    /// `true` when nothing was written because of breaking or unstable changes.
    public var refused: Bool
    /// The findings that caused a refusal, or the breaks that were accepted.
    public var breaking: [Finding]
    /// Relative paths written (payloads and `contract.json`), and `Baselines.md`.
    public var written: [String]
    /// Payload files already up to date.
    public var unchanged: Int
    /// Files in the tree that no contract owns: kept, listed for the user to delete.
    public var leftovers: [Finding]
    /// Problems that do not block recording but still fail `check` (translations…).
    public var remaining: [Finding]

    /// 1 when refused, else 0.
    public var exitCode: Int32 { refused ? 1 : 0 }
  }

  /// Kinds that break clients holding a committed baseline: recording over them needs a reason.
  static let breakingKinds: Set<FindingKind> = [
    .fieldRemoved, .typeChanged, .becameNull, .enumCaseRemoved, .identityChanged, .decodeFailed,
  ]
  /// Kinds no reason can bless: the stub itself is unstable.
  static let unstableKinds: Set<FindingKind> = [.identityNondeterministic, .volatileValue]

  public func run() throws -> Outcome {
    var checking = Check(catalog: catalog, threads: threads)
    checking.listsMissingBaselines = false
    let check = try checking.runDetailed()
    let findings = check.report.findings
    let unstable = findings.filter { Self.unstableKinds.contains($0.kind) }
    let files = BaselineFiles(root: catalog.effectiveBaselineDirectory)
    let breaking = findings.filter { finding in
      Self.breakingKinds.contains(finding.kind)
        && finding.version.flatMap { try? SystemVersion(parsing: $0) }.map(catalog.isReleased) ?? true
    } + (try NewVersionBreaks(catalog: catalog, tree: check.tree, files: files)
      .findings(for: catalog.contracts))
    let leftovers = findings.filter {
      [.contractRemoved, .versionRemoved, .localeRemoved].contains($0.kind)
        || ($0.kind == .baselinesStale && $0.contract != nil && $0.locale != nil)
        || TreeFindings.isStrayEntry($0)
    }
    let remaining = findings.filter {
      $0.severity == .error && !Self.breakingKinds.contains($0.kind)
        && !Self.unstableKinds.contains($0.kind) && $0.kind != .baselineMissing
        && !leftovers.contains($0)
    }
    if !unstable.isEmpty || (!breaking.isEmpty && acceptBreakingReason == nil) {
      return Outcome(refused: true, breaking: unstable + breaking, written: [], unchanged: 0,
                     leftovers: leftovers, remaining: remaining)
    }
    let written = try write(check.groups, files: files)
    let tree = try BaselineTree.scan(files)
    var outcome = Outcome(
      refused: false, breaking: breaking, written: written,
      unchanged: check.groups.reduce(0) { $0 + $1.baselineCount } - written.filter {
        !$0.hasSuffix("/" + BaselineLayout.metadataFileName)
      }.count,
      leftovers: leftovers, remaining: remaining)
    if try writeDocument(tree: tree, coverage: check.report.coverage, breaking: breaking,
                         files: files)
    {
      outcome.written.append(BaselinesDocument.fileName)
    }
    return outcome
  }

  private func write(_ groups: [GroupCheck.Outcome], files: BaselineFiles) throws -> [String] {
    let catalog = self.catalog
    let onlyMissing = self.onlyMissing
    let perGroup = try WorkerPool.map(groups, threads: threads) { group -> [String] in
      var written: [String] = []
      guard let contract = catalog.contract(named: group.contract) else { return [] }
      let groupCheck = GroupCheck(
        catalog: catalog, contract: contract, version: group.version, files: files)
      let cases = groupCheck.cases
      for position in group.changedCases {
        let (variant, contractCase) = cases[Int(position)]
        if onlyMissing, try files.read(contractCase.relativePath) != nil { continue }
        let payload = try catalog.encode(variant, for: contractCase, annotations: false)
        if try files.write(CanonicalJSON.encode(payload.value), to: contractCase.relativePath) {
          written.append(contractCase.relativePath)
        }
      }
      let metadataPath = BaselineLayout.metadataPath(
        contract: group.contract, version: group.version.versionString)
      let wanted = try group.metadataChanged && (!onlyMissing || files.read(metadataPath) == nil)
      let metadata = try wanted ? groupCheck.currentMetadata() : nil
      if let metadata, try files.write(CanonicalJSON.encode(metadata.json), to: metadataPath) {
        written.append(metadataPath)
      }
      return written
    }
    return perGroup.flatMap { $0 }
  }

  private func writeDocument(tree: BaselineTree, coverage: [LocaleCoverage],
                             breaking: [Finding], files: BaselineFiles) throws -> Bool
  {
    let url = BaselinesDocument.url(for: files)
    let existing = try BaselinesDocument.read(url)
    var rows = BaselinesDocument.logRows(of: existing)
    if let reason = acceptBreakingReason {
      rows += Self.entries(breaking, date: date ?? Self.today(), reason: reason).map(\.row)
    }
    let text = BaselinesDocument.render(catalog: catalog, tree: tree, coverage: coverage,
                                        logRows: rows)
    guard text != existing else { return false }
    try AtomicFile.write(Array(text.utf8), to: url, display: url.path)
    return true
  }

  /// One log entry per contract and version, with the kinds that broke.
  static func entries(_ breaking: [Finding], date: String, reason: String)
    -> [BaselinesDocument.Entry]
  {
    var kinds: [[String]: Set<String>] = [:]
    for finding in breaking {
      kinds[[finding.contract ?? "", finding.version ?? ""], default: []]
        .insert(finding.kind.rawValue)
    }
    return kinds.keys.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }.map { key in
      BaselinesDocument.Entry(
        date: date, contract: key[0], version: key[1],
        kinds: (kinds[key] ?? []).sorted(), reason: reason)
    }
  }

  static func today() -> String {
    let components = Calendar(identifier: .gregorian).dateComponents(
      in: TimeZone(identifier: "UTC") ?? .current, from: Date())
    return String(format: "%04d-%02d-%02d", components.year ?? 0, components.month ?? 0,
                  components.day ?? 0)
  }
}
