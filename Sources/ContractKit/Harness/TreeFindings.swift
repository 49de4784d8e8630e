import ContractKitRuntime

/// What the baseline tree holds that the catalog no longer produces: removed contracts,
/// retired versions, dropped locales, orphaned variants, and what lies beside the baselines
/// (FOSTesting's legacy files, a killed `record`'s temporary files).
///
/// Nothing here is deleted by a check: `record` removes a contract, version or locale gone
/// from the catalog only as ``BaselineRemoval`` says (a reason where released), and lists
/// the rest (``Finding/isLeftover``). The files no contract owns are still parsed: a corrupt one is
/// unusable input (exit 2), whoever owns it.
struct TreeFindings {
  let catalog: Catalog
  let tree: BaselineTree
  let files: BaselineFiles
  let options: RunOptions

  /// The findings, after parsing every payload file no registered case owns.
  /// - Throws: ``InputError`` for an unowned file that is not valid JSON.
  func findings() throws -> [Finding] {
    var findings: [Finding] = []
    var unowned: [String] = []
    var unownedMetadata: [ContractVersion] = []
    let versions = Set(catalog.versions)
    let locales = Set(catalog.locales)
    for name in tree.contracts where options.includes(name) {
      guard let contract = catalog.contract(named: name) else {
        findings.append(.unregistered(name, folder: files.displayPath(name)))
        unowned += tree.files(of: name).map(\.relativePath)
        unownedMetadata += tree.versions(of: name).map {
          ContractVersion(contract: name, version: $0)
        }
        continue
      }
      let variants = Set(contract.variants.map(\.name))
      for version in tree.versions(of: name) {
        let folder = ContractVersion(contract: name, version: version)
        let inVersion = tree.files(in: folder)
        guard versions.contains(version) else {
          findings.append(.unsupportedVersion(
            folder, baselines: inVersion.count, display: files.displayPath(folder.path)))
          unowned += inVersion.map(\.relativePath)
          unownedMetadata.append(folder)
          continue
        }
        let goneLocales = Set(inVersion.map(\.locale)).subtracting(locales)
        for locale in goneLocales.sorted(by: codePointOrder) {
          findings.append(.unproducedLocale(locale, in: folder))
        }
        for file in inVersion where !locales.contains(file.locale) {
          unowned.append(file.relativePath)
        }
        for file in inVersion
        where locales.contains(file.locale) && !variants.contains(file.variant) {
          findings.append(.orphanVariant(file, display: files.displayPath(file.relativePath)))
          unowned.append(file.relativePath)
        }
      }
    }
    try Self.parse(unowned, in: files, threads: options.threads)
    for folder in unownedMetadata where tree.metadata.contains(folder) {
      _ = try ContractMetadata.read(folder, in: files)
    }
    if options.ownsCatalogFindings {
      if let first = tree.legacyFiles.first {
        findings.append(.legacyBaselines(
          first, count: tree.legacyFiles.count,
          names: tree.legacyFiles.map(DisplayText.escaped), directory: files.displayRoot))
      }
      let leftovers = Self.temporaryFiles(in: tree, files: files)
      if let first = leftovers.first {
        findings.append(.leftoverTemporaryFiles(first.relative, names: leftovers.map(\.display)))
      }
      for name in BaselineRemoval.interrupted(in: files) {
        findings.append(.interruptedRemoval(name, display: files.displayPath(name)))
      }
    }
    return findings
  }

  /// Validates the payload files at `paths`: nothing compares them, but a corrupt file is
  /// still unusable input (exit 2 naming the file and the position), never silently kept.
  static func parse(_ paths: [String], in files: BaselineFiles, threads: Int) throws {
    _ = try WorkerPool.map(paths, threads: threads) { path -> Bool in
      guard let bytes = try files.read(path) else { return false }
      try JSONParser.validate(bytes, file: files.displayPath(path))
      return true
    }
  }

  /// A killed `record`'s temporary files: in the tree's folders, and `Baselines.md`'s beside
  /// the tree; `relative` is the tree's spelling (from the tree's root, `../` for the
  /// document's folder), `path` the file's absolute path.
  static func temporaryFiles(in tree: BaselineTree, files: BaselineFiles)
    -> [(relative: String, display: String, path: String)]
  {
    var result = tree.temporaryFiles.map {
      ($0, files.displayPath(DisplayText.escaped($0)), files.root.path + "/" + $0)
    }
    let folder = BaselinesDocument.url(for: files).deletingLastPathComponent().path
    for name in LeftoverTemporaryFile.names(in: folder, forFile: BaselinesDocument.fileName) {
      let path = folder + "/" + name
      result.append(("../" + name, BaselineFiles.relativeToWorkingDirectory(path), path))
    }
    return result
  }
}
