/// What the baseline tree holds that the catalog no longer produces: removed contracts,
/// retired versions, dropped locales, orphaned variants, stray files and links.
///
/// Nothing here is ever deleted: `record` lists these files (``Finding/isLeftover``) and
/// leaves them to the user.
struct TreeFindings {
  let catalog: Catalog
  let tree: BaselineTree
  let files: BaselineFiles
  let options: RunOptions

  var findings: [Finding] {
    var findings: [Finding] = []
    let versions = Set(catalog.versions)
    let locales = Set(catalog.locales)
    for name in tree.contracts where options.includes(name) {
      guard let contract = catalog.contract(named: name) else {
        findings.append(.unregistered(name, folder: files.displayPath(name)))
        continue
      }
      let variants = Set(contract.variants.map(\.name))
      for version in tree.versions(of: name) {
        let folder = ContractVersion(contract: name, version: version)
        let inVersion = tree.files(in: folder)
        guard versions.contains(version) else {
          findings.append(.unsupportedVersion(
            folder, baselines: inVersion.count, display: files.displayPath(folder.path)))
          continue
        }
        let goneLocales = Set(inVersion.map(\.locale)).subtracting(locales)
        for locale in goneLocales.sorted(by: codePointOrder) {
          findings.append(.unproducedLocale(locale, in: folder))
        }
        for file in inVersion
        where locales.contains(file.locale) && !variants.contains(file.variant) {
          findings.append(.orphanVariant(file, display: files.displayPath(file.relativePath)))
        }
      }
    }
    if options.ownsCatalogFindings {
      for path in tree.strayFiles {
        findings.append(.strayEntry(path, display: files.displayPath(path)))
      }
      for path in tree.links {
        findings.append(.link(path, display: files.displayPath(path)))
      }
    }
    return findings
  }
}
