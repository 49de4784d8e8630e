/// What the baseline tree holds that the catalog no longer produces: removed contracts,
/// retired versions, dropped locales, orphaned variants, stray files and links.
///
/// Nothing here is ever deleted: `record` lists these files and leaves them to the user.
struct TreeFindings {
  let catalog: Catalog
  let tree: BaselineTree
  let files: BaselineFiles
  let shard: Shard?

  /// Whether a finding is about a stray file or a link in the tree (which `record` lists).
  static func isStrayEntry(_ finding: Finding) -> Bool {
    finding.kind == .baselinesStale && finding.contract == nil
      && (finding.message.hasSuffix(strayMessage) || finding.message.hasSuffix(linkMessage))
  }

  static let strayMessage = " does not fit the baseline layout"
  static let linkMessage = " is a symbolic link; links are never followed"

  var findings: [Finding] {
    var findings: [Finding] = []
    let versions = Set(catalog.versions.map(\.versionString))
    let locales = Set(catalog.locales)
    for name in tree.contracts where shard?.includes(name) ?? true {
      guard let contract = catalog.contract(named: name) else {
        findings.append(Finding(
          .contractRemoved, contract: name,
          message: "contract '\(name)' has baselines in \(files.displayPath(name)) but is no "
            + "longer registered; clients still decoding it break"))
        continue
      }
      let variants = Set(contract.variants.map(\.name))
      for version in tree.versions(of: name) {
        let inVersion = tree.files(of: name, version: version)
        guard versions.contains(version) else {
          findings.append(Finding(
            .versionRemoved, contract: name, version: version,
            message: "version \(version) is no longer supported; its \(inVersion.count) "
              + "baselines in \(files.displayPath("\(name)/\(version)")) are not checked"))
          continue
        }
        let goneLocales = Set(inVersion.map(\.locale)).subtracting(locales)
        for locale in goneLocales.sorted(by: codePointOrder) {
          findings.append(Finding(
            .localeRemoved, contract: name, version: version, locale: locale,
            message: "locale \(locale) is no longer produced for \(name) \(version); "
              + "clients in \(locale) lose this screen's translations"))
        }
        for file in inVersion where locales.contains(file.locale) && !variants.contains(file.variant) {
          findings.append(Finding(
            .baselinesStale, contract: name, version: version, locale: file.locale,
            variant: file.variant,
            message: "\(files.displayPath(file.relativePath)) belongs to no registered variant"))
        }
      }
    }
    if shard?.ownsGlobalFindings ?? true {
      for path in tree.strayFiles {
        findings.append(Finding(
          .baselinesStale,
          message: files.displayPath(path) + Self.strayMessage))
      }
      for path in tree.links {
        findings.append(Finding(
          .baselinesStale,
          message: files.displayPath(path) + Self.linkMessage))
      }
    }
    return findings
  }
}
