import Foundation
import ContractKitRuntime

/// `contracts record`: writes baselines, `contract.json` files and `Baselines.md`.
///
/// Guarded: when a new encoding would break a committed baseline of a released version, or a
/// released version recorded for the first time breaks the one before it, it writes nothing
/// and refuses, unless `acceptBreakingReason` is given, which `Baselines.md` then logs.
/// Idempotent: a second run changes no byte. Files no contract owns are listed, never
/// deleted.
package struct Record: Sendable {
  package let catalog: Catalog
  /// Why breaking changes are accepted; `nil` refuses them.
  package var acceptBreakingReason: String?
  /// Which baselines to write: every one that differs, only missing ones, or none.
  package var mode: RecordMode
  /// The cases to record (`--only`); empty records every case. Refusals and accepted breaks
  /// are limited to the selection too.
  package var selection: [CaseSelector]
  /// The date logged for accepted breaks (`yyyy-MM-dd`, UTC); today when `nil`.
  package var date: String?
  /// The cases whose stale translations someone checked and confirms as still right
  /// (`--confirm-translations`): `translation-stale` goes for them, and `contract.json`
  /// keeps their base texts no more.
  package var confirmingTranslations: [CaseSelector] = []
  package var options: RunOptions
  /// For `review`: the reason each accepted break was given, by the cases it was given for.
  /// A break that none of them touches falls back to ``acceptBreakingReason``.
  var breakReasons: [(selection: [CaseSelector], reason: String)] = []
  /// For `review`: the fingerprints of what was shown for each accepted case, its baseline
  /// (`nil`: none) and today's encoding. A case whose baseline or encoding is no longer the
  /// one shown refuses the run (``Outcome/outdated``): accepting writes exactly what was seen.
  var expected: [ContractCase: (baseline: String?, encoding: String)] = [:]
  /// For `review`: the baselines no contract produces that it accepted removing, by their
  /// selectors (an orphaned variant's file included). `nil` removes what the run selects of
  /// the contracts, versions and locales gone from the catalog (``BaselineRemoval``).
  var removing: [CaseSelector]?

  package init(catalog: Catalog, acceptBreakingReason: String? = nil, mode: RecordMode = .all,
              selection: [CaseSelector] = [], date: String? = nil,
              options: RunOptions = RunOptions())
  {
    self.catalog = catalog
    self.acceptBreakingReason = acceptBreakingReason
    self.mode = mode
    self.selection = selection
    self.date = date
    self.options = options
  }

  /// What a record run did.
  package struct Outcome: Sendable {
    /// `true` when nothing was written because of breaking or unstable changes.
    package var refused: Bool
    /// The findings that caused a refusal, or the breaks that were accepted.
    package var breaking: [Finding]
    /// The random identities written as stable (`identity-stabilized`), logged in
    /// Baselines.md's history as improvements.
    package var improvements: [Finding] = []
    /// Relative paths written (payloads and `contract.json`), and `Baselines.md`.
    package var written: [String]
    /// Payload files already up to date.
    package var unchanged: Int
    /// Files in the tree that no contract owns: kept, listed for the user to delete.
    package var leftovers: [Finding]
    /// Problems that do not block recording but still fail `check` (translations…).
    package var remaining: [Finding]
    /// Changed or missing payloads left unwritten because `--only` did not select them.
    package var unselected: Int = 0
    /// Breaking changes `--accept-breaking` would have accepted but that this run did not
    /// write (`--missing`, `--only`): not logged.
    package var unwrittenBreaks: Int = 0
    /// The `translation-stale` warnings that stay after this run, until the translation
    /// changes or is confirmed.
    package var staleTranslations: [Finding] = []
    /// The selectors whose stale translations this run confirmed.
    package var confirmed: [CaseSelector] = []
    /// The cases of ``Record/expected`` that are no longer what was shown: the run refused.
    package var outdated: [ContractCase] = []
    /// Baseline files removed (relative paths): a contract, version or locale gone from the
    /// catalog, logged in Baselines.md where released.
    package var removed: [String] = []
    /// Version folders moved with the unreleased version's new name.
    package var moved: [(from: ContractVersion, to: ContractVersion)] = []
    /// What this run did about removals an interrupted `record` left, a sentence each.
    package var recovered: [String] = []
  }

  package func run() throws -> Outcome {
    let files = BaselineFiles(root: catalog.effectiveBaselineDirectory)
    let recovered = BaselineRemoval.recover(in: files)
    // The unreleased version's baselines follow its new name before anything is compared.
    let rename = try UnreleasedRename(catalog: catalog, files: files)
    try rename.apply(in: files)
    var outcome: Outcome
    do {
      outcome = try record(files: files)
    } catch {
      rename.undo(in: files)
      throw error
    }
    if outcome.refused {
      rename.undo(in: files)
    } else {
      outcome.moved = rename.moves
    }
    outcome.recovered = recovered
    return outcome
  }

  /// The run once the tree is as the catalog names it: check, commit what is staged, remove
  /// what goes, write Baselines.md.
  private func record(files: BaselineFiles) throws -> Outcome {
    let selection = self.selection
    let mode = self.mode
    // The check stages what this run would write; a refusal, an error or a kill leaves none
    // of it in place.
    let staging = StagedWrites(
      files: files,
      stagesCase: { contractCase, isMissing in
        selection.touches(.version(contractCase.folder)) && selection.touches(.file(contractCase))
          && (mode == .all || mode == .missing && isMissing)
      },
      stagesMetadata: { folder, isMissing in
        selection.touches(.version(folder)) && (mode == .all || mode == .missing && isMissing)
      })
    defer { staging.discard() }
    // The check's tree and report are gone once this returns: the tree is scanned anew for
    // Baselines.md, and a cold record of 20,000 files would otherwise hold both.
    let committed = try checkAndCommit(files: files, staging: staging)
    guard !committed.outcome.refused else { return committed.outcome }
    var outcome = committed.outcome
    // Removed files wait aside until Baselines.md logs their removal (BaselineRemoval).
    var removal = BaselineRemoval(files: files)
    try removal.moveAside(committed.removing)
    do {
      let tree = try BaselineTree.scan(files)
      let document = try documentText(
        tree: tree, coverage: committed.coverage, breaking: outcome.breaking,
        improvements: outcome.improvements, files: files)
      try removal.commit(with: document.text)
      if document.text != document.existing {
        let url = BaselinesDocument.url(for: files)
        try AtomicFile.write(Array(document.text.utf8), to: url, display: url.path)
        outcome.written.append(BaselinesDocument.fileName)
      }
    } catch {
      removal.restore()
      throw error
    }
    removal.finish()
    outcome.removed = removal.moved
    return outcome
  }

  /// Checks the catalog with `staging` and, unless it refuses, puts what it staged in place:
  /// the outcome so far and the coverage Baselines.md shows.
  private func checkAndCommit(files: BaselineFiles, staging: StagedWrites) throws
    -> (outcome: Outcome, coverage: [LocaleCoverage], removing: [String])
  {
    let selection = self.selection
    let guarantee = catalog.compatibility
    var checking = Check(catalog: catalog, options: RunOptions(threads: options.threads))
    checking.listsMissingBaselines = false
    checking.reportsCases = false
    checking.staging = staging
    checking.confirmsTranslations = confirmingTranslations
    let shown = expected.isEmpty ? nil : PendingCollector(store: nil)
    checking.pending = shown
    let check = try checking.runDetailed()
    if let shown {
      let now = shown.collected
      let outdated = expected.filter { contractCase, fingerprints in
        guard let current = now[contractCase] else { return true }
        return current.baseline != fingerprints.baseline
          || current.encoding != fingerprints.encoding
      }.keys.sorted { FindingScope.precedes(.file($0), .file($1)) }
      if !outdated.isEmpty {
        var refused = Outcome(refused: true, breaking: [], written: [], unchanged: 0,
                              leftovers: [], remaining: [])
        refused.outdated = outdated
        return (refused, [], [])
      }
    }
    // A locale that lost most of its texts reads as one finding; each payload that would
    // lose a text is refused (or logged) on its own.
    let findings = check.report.findings + check.collapsed
    let changed = changedPaths(check.groups)
    // Only what this run would write is refused or accepted: a committed baseline that
    // `--missing` keeps, or that `--only` leaves out, breaks nothing now. A finding about a
    // case whose bytes equal its baseline is one no write can fix.
    let unstable = findings.filter {
      $0.kind.recording == .refuses && selection.touches($0.scope)
    }
    // Only what a write makes: a finding about a payload this run writes, or a version
    // folder's `contract.json`; one about the store as a whole (a locale below a coverage
    // floor) is no baseline's.
    var breaking = (findings.filter { finding in
      finding.recording(under: guarantee) == .needsReason && mode == .all
        && finding.scope.version.map(catalog.isReleased) ?? true
        && finding.scope.file.map { changed.contains($0.relativePath) }
          ?? !finding.scope.isCatalogWide
    } + (try firstRecordingBreaks(tree: check.tree, files: files)))
      .filter { selection.touches($0.scope) }
    // What goes: the contracts, versions and locales gone from the catalog that the run
    // selects (a break where released), or what review accepted removing.
    let removals = findings.filter { finding in
      guard finding.isLeftover, finding.contract != nil else { return false }
      if let removing = self.removing { return removing.contains { $0.touches(finding.scope) } }
      return finding.recording(under: guarantee) == .removes && mode == .all
        && selection.touches(finding.scope)
    }
    let removalBreaks = removals.filter {
      BaselineRemoval.needsReason($0, tree: check.tree, catalog: catalog)
    }
    breaking += removalBreaks
    let leftovers = findings.filter { $0.isLeftover && !removals.contains($0) }
    // Errors that stay whatever is recorded: those recording keeps, those about today's
    // encoding alone (a missing translation: record at most writes its empty text), and
    // those about a case whose bytes equal its baseline (today's type cannot decode today's
    // payload).
    let remaining = check.report.findings.filter { finding in
      let effect = finding.recording(under: guarantee)
      guard finding.severity == .error, !finding.isLeftover, effect != .refuses else {
        return false
      }
      return effect == .keeps || finding.kind.valuePair == .currentOnly
        || finding.scope.file.map { !changed.contains($0.relativePath) } ?? false
    }
    if !unstable.isEmpty || breaking.contains(where: { reason(for: $0) == nil }) {
      let refused = Outcome(refused: true, breaking: unstable + breaking, written: [],
                            unchanged: 0, leftovers: leftovers, remaining: remaining)
      return (refused, [], [])
    }
    // A killed record's temporary files go once this one is sure to write.
    LeftoverTemporaryFile.remove(
      TreeFindings.temporaryFiles(in: check.tree, files: files).map(\.path))
    let (written, unselected) = try commit(check.groups, staging: staging)
    staging.forgetFoldersIfAllCommitted()
    let considered = selection.isEmpty
      ? check.groups.reduce(0) { $0 + $1.baselineCount }
      : catalog.cases.reduce(0) { $0 + (selection.touches(.file($1)) ? 1 : 0) }
    let payloadsWritten = written.reduce(0) {
      $0 + ($1.hasSuffix("/" + BaselineLayout.metadataFileName) ? 0 : 1)
    }
    // The log records exactly the breaks that were written, and the removals.
    let writtenBreaks = breaking.filter {
      !removalBreaks.contains($0) && Self.wrote($0.scope, in: written)
    } + removalBreaks
    var outcome = Outcome(
      refused: false, breaking: writtenBreaks, written: written,
      unchanged: considered - payloadsWritten,
      leftovers: leftovers, remaining: remaining, unselected: unselected)
    outcome.improvements = findings.filter {
      $0.kind == .identityStabilized && Self.wrote($0.scope, in: written)
    }
    outcome.staleTranslations = findings.filter { $0.kind == .translationStale }
    outcome.confirmed = confirmingTranslations
    outcome.unwrittenBreaks = acceptBreakingReason == nil
      ? 0 : findings.filter { finding in
        finding.recording(under: guarantee) == .needsReason
          && finding.scope.version.map(catalog.isReleased) ?? true
          && !Self.wrote(finding.scope, in: written)
      }.count + leftovers.filter {
        BaselineRemoval.needsReason($0, tree: check.tree, catalog: catalog)
      }.count
    let removedFiles = removals.flatMap { BaselineRemoval.files(of: $0, in: check.tree) ?? [] }
    return (outcome, check.report.coverage, removedFiles)
  }

  /// The breaking changes a released version recorded for the first time makes against the
  /// version before it: its baselines compare with nothing of their own yet, but against the
  /// previous version's they show what the release breaks for clients that move to it.
  private func firstRecordingBreaks(tree: BaselineTree, files: BaselineFiles) throws
    -> [Finding]
  {
    var findings: [Finding] = []
    for contract in catalog.contracts {
      let recorded = Set(tree.versions(of: contract.name))
      for (previous, version) in zip(catalog.versions, catalog.versions.dropFirst())
      where catalog.isReleased(version) && !recorded.contains(version)
        && recorded.contains(previous)
      {
        let comparison = VersionComparison(files: files, previous: previous)
        let folder = ContractVersion(contract: contract.name, version: version)
        for variant in contract.variants {
          for locale in catalog.locales {
            let file = folder.file(locale: locale, variant: variant.name)
            let payload: EncodedPayload
            do {
              payload = try catalog.encode(variant, of: contract, for: file)
            } catch let failure as EncodingFailure where !failure.isDeclarationMistake {
              continue  // The check reported it as `encoding-failed`, and wrote nothing.
            }
            let roles = PathRoles(
              metadata: ContractMetadata(
                contract: contract.name, version: version.versionString,
                baseLocale: catalog.baseLocale, locales: catalog.locales, variants: [],
                annotations: payload.annotations),
              localizedPointers: [])
            let changes = try comparison.changes(
              to: payload.value, bytes: CanonicalJSON.encode(payload.value), of: file,
              roles: roles) ?? []
            findings += changes
              .filter { $0.recording(under: catalog.compatibility) == .needsReason }
              .map { $0.breaking(clientsOf: previous) }
          }
        }
      }
    }
    return findings
  }

  /// Puts the staged payloads and `contract.json` files of the selection in place; returns
  /// the paths written and how many changed payloads the selection left out.
  private func commit(_ groups: [GroupCheck.Outcome], staging: StagedWrites) throws
    -> (written: [String], unselected: Int)
  {
    let catalog = self.catalog
    let selection = self.selection
    let files = staging.files
    let perGroup = try WorkerPool.map(groups, threads: options.threads) {
      group -> (written: [String], unselected: Int) in
      var written: [String] = []
      var unselected = 0
      guard let contract = catalog.contract(named: group.contract) else { return ([], 0) }
      let groupCheck = GroupCheck(
        catalog: catalog, contract: contract, version: group.version, files: files)
      // A version folder's contract.json goes with any of its cases.
      guard selection.touches(.version(groupCheck.folder)) else {
        return ([], group.changedCases.count)
      }
      let cases = groupCheck.cases
      for position in group.changedCases {
        let contractCase = cases[Int(position)].contractCase
        guard selection.touches(.file(contractCase)) else {
          unselected += 1
          continue
        }
        // Not staged: `CONTRACTKIT_RECORD=missing` and the baseline exists.
        guard staging.isStaged(contractCase.relativePath) else { continue }
        try staging.commit(contractCase.relativePath)
        written.append(contractCase.relativePath)
      }
      let metadataPath = groupCheck.folder.metadataPath
      if staging.isStaged(metadataPath) {
        try staging.commit(metadataPath)
        written.append(metadataPath)
      }
      return (written, unselected)
    }
    return (perGroup.flatMap(\.written), perGroup.reduce(0) { $0 + $1.unselected })
  }
}
