import Foundation
import ContractKitRuntime

/// `contracts import fostesting DIR`: takes FOSTesting's baselines over, the only record of
/// what clients of a version already in the field decode.
///
/// FOSTesting's `expectVersionedViewModel` writes one `<Type>_<version>.json` per version, in
/// one locale, with unsorted keys and the identities of the FOSMVVM of its day (`{"ts": …}`).
/// Each file becomes that version's base-locale baseline of the registered contract of that
/// type: its bytes canonicalized, its redacted places (FOSMVVM's `fsh`, the registration's
/// redactions) holding their placeholders as every baseline does, its identities as they are.
/// From then on `check` compares today's encoding with it, and reports what today's server
/// changed for those clients (`field-removed` at `/vmId/ts`).
///
/// Every file is read and checked before anything is written: a type no contract has, a
/// version the catalog does not list, or invalid JSON stops the import (exit 2) naming the
/// file; a file that would replace a different committed baseline refuses it (exit 1)
/// unless `acceptReason` says why. What it writes is logged in `Baselines.md`'s history with
/// the source file names.
package struct FOSTestingImport: Sendable {
  package let catalog: Catalog
  /// The folder holding FOSTesting's files (`Tests/<Target>/.VersionedTestJSON`).
  package let source: URL
  /// Why committed baselines may be replaced (`--accept-breaking --reason`); `nil` refuses.
  package var acceptReason: String?
  /// The date logged (`yyyy-MM-dd`, UTC); today when `nil`.
  package var date: String?
  package var options = RunOptions()

  package init(catalog: Catalog, source: URL, acceptReason: String? = nil, date: String? = nil) {
    self.catalog = catalog
    self.source = source
    self.acceptReason = acceptReason
    self.date = date
  }

  /// One FOSTesting file and where it goes.
  package struct Item: Sendable, Hashable {
    /// The file as the user names it (`Tests/AppTests/.VersionedTestJSON/Home_1.0.0.json`).
    package let source: String
    /// Its name alone, as the log shows it.
    package let name: String
    /// The baseline it becomes.
    package let target: ContractCase
    /// Whether a different baseline was committed there.
    package let replaces: Bool
  }

  /// What an import did.
  package struct Outcome: Sendable {
    /// Nothing was written: files would replace committed baselines (``refusedItems``).
    package var refused: Bool
    package var refusedItems: [Item] = []
    /// The files written, in source order.
    package var imported: [Item] = []
    /// The files whose baseline already holds exactly their canonical bytes.
    package var unchanged: [Item] = []
    /// Whether `Baselines.md` was written.
    package var wroteDocument = false
  }

  /// Imports every FOSTesting file of ``source``.
  /// - Throws: ``InputError`` for an unreadable folder, a folder without FOSTesting files, a
  ///   file of an unregistered type or of a version the catalog does not list, invalid JSON,
  ///   or an unusable baseline tree or `Baselines.md`; nothing is written then.
  package func run() throws -> Outcome {
    let origin = BaselineFiles(root: source)
    let files = BaselineFiles(root: catalog.effectiveBaselineDirectory)
    // The target tree and its document must be usable before anything is written.
    _ = try BaselineTree.scan(files)
    let documentURL = BaselinesDocument.url(for: files)
    let existing = try BaselinesDocument.read(documentURL)
    _ = try BaselinesDocument.logRows(
      of: existing, file: BaselineFiles.relativeToWorkingDirectory(documentURL.path))
    // Each file and its canonical bytes; `nil` bytes where the baseline already holds them.
    var planned: [(item: Item, bytes: [UInt8]?)] = []
    for name in try legacyFiles(in: origin) {
      let display = origin.displayPath(name)
      let (contract, version) = try destination(of: name, display: display)
      guard let bytes = try origin.read(name) else {
        throw InputError(file: display, reason: "cannot be read: it is gone")
      }
      let value = contract.redactor.apply(to: try JSONParser.parse(bytes, file: display))
      let canonical = CanonicalJSON.encode(value)
      let target = ContractVersion(contract: contract.name, version: version)
        .file(locale: catalog.baseLocale, variant: BaselineLayout.defaultVariant)
      if let twin = planned.first(where: { $0.item.target == target }) {
        throw InputError(file: display, reason: "goes to \(target.relativePath), as "
          + "\(twin.item.source) does: keep one of them")
      }
      let committed = try files.read(target.relativePath)
      let item = Item(source: display, name: name, target: target,
                      replaces: committed.map { !sameBytes($0, canonical) } ?? false)
      let isWritten = committed.map { sameBytes($0, canonical) } == true
      planned.append((item, isWritten ? nil : canonical))
    }
    var outcome = Outcome(refused: false)
    outcome.unchanged = planned.filter { $0.bytes == nil }.map(\.item)
    let writes = planned.compactMap { planned in planned.bytes.map { (item: planned.item, bytes: $0) } }
    let replacing = writes.map(\.item).filter(\.replaces)
    if !replacing.isEmpty, acceptReason == nil {
      outcome.refused = true
      outcome.refusedItems = replacing
      return outcome
    }
    guard !writes.isEmpty else { return outcome }
    // Coverage depends on the encodings, not on the baselines: the document's table is the
    // same before and after the files are in place.
    var checking = Check(catalog: catalog, options: RunOptions(threads: options.threads))
    checking.listsMissingBaselines = false
    checking.reportsCases = false
    let coverage = try checking.run().coverage
    let staging = StagedWrites(files: files, stagesCase: { _, _ in true },
                               stagesMetadata: { _, _ in true })
    defer { staging.discard() }
    for write in writes { try staging.stage(write.bytes, at: write.item.target.relativePath) }
    for write in writes { try staging.commit(write.item.target.relativePath) }
    staging.forgetFoldersIfAllCommitted()
    outcome.imported = writes.map(\.item)
    let day = date ?? Record.today()
    let history = BaselineHistory.rows(of: existing) + outcome.imported.map { item in
      BaselineHistory.Entry(
        date: day, contract: item.target.contract, version: item.target.version.versionString,
        event: "imported",
        details: "FOSTesting's \(item.name) as \(item.target.locale).json"
          + (item.replaces ? ", replacing the committed baseline: \(acceptReason ?? "")" : "")
      ).row
    }
    let text = BaselinesDocument.render(
      catalog: catalog, tree: try BaselineTree.scan(files), coverage: coverage,
      logRows: try BaselinesDocument.logRows(
        of: existing, file: BaselineFiles.relativeToWorkingDirectory(documentURL.path)),
      historyRows: history)
    if text != existing {
      try AtomicFile.write(Array(text.utf8), to: documentURL, display: documentURL.path)
      outcome.wroteDocument = true
    }
    return outcome
  }

  /// The names of FOSTesting's files directly in `folder`, in name order.
  private func legacyFiles(in folder: BaselineFiles) throws -> [String] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.root.path, isDirectory: &isFolder),
      isFolder.boolValue
    else {
      throw InputError(file: folder.displayRoot, reason: "no such folder")
    }
    let names = try folder.entries(in: "", folders: false).compactMap { entry -> String? in
      guard !entry.isHidden, entry.kind == .file, let name = entry.name,
        BaselineLayout.isLegacyFileName(name)
      else { return nil }
      return name
    }
    guard !names.isEmpty else {
      throw InputError(file: folder.displayRoot, reason: "holds no FOSTesting baseline "
        + "(<Type>_<version>.json, as expectVersionedViewModel writes them)")
    }
    return names
  }

  /// The registered contract and the catalog's version that the file `name` belongs to.
  private func destination(of name: String, display: String) throws
    -> (Contract, SystemVersion)
  {
    guard let underscore = name.lastIndex(of: "_") else {
      throw InputError(file: display, reason: "is not named <Type>_<version>.json")
    }
    let type = String(name[..<underscore])
    let versionText = String(name[name.index(after: underscore)...].dropLast(".json".count))
    let owners = catalog.contracts.filter { $0.isOfType(type) }
    guard let contract = owners.first else {
      let names = catalog.contracts.map(\.name)
      throw InputError(file: display, reason: "no registered contract has the type '\(type)' "
        + "(contracts: " + names.prefix(10).joined(separator: ", ")
        + (names.count > 10 ? ", …" : "") + "): register it first, or leave the file out")
    }
    guard owners.count == 1 else {
      throw InputError(file: display, reason: "the type '\(type)' is the type of "
        + owners.map { "'\($0.name)' (\($0.registeredAt))" }.joined(separator: " and ")
        + ": FOSTesting's file name cannot tell which")
    }
    guard let version = try? SystemVersion(parsing: versionText),
      catalog.versions.contains(version)
    else {
      throw InputError(file: display, reason: "version \(versionText) is not in the catalog "
        + "(versions: \(catalog.versions.map(\.versionString).joined(separator: ", ")))")
    }
    return (contract, version)
  }
}

extension Contract {
  /// Whether FOSTesting names this contract's type `type` (`String(describing:)`: the type
  /// without its module or enclosing types): its name, or the app type it registers.
  func isOfType(_ type: String) -> Bool {
    [name, keyType, swiftType].compactMap { $0 }.contains { $0 == type || $0.hasSuffix("." + type) }
  }
}
