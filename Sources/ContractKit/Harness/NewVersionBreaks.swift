/// The breaking changes a version recorded for the first time makes against the version
/// before it: `record` asks for a reason before it writes them, and logs the reason.
///
/// Baselines of a new version compare with nothing of their own yet; against the previous
/// version's baselines they show what the release breaks for clients that move to it.
struct NewVersionBreaks {
  let catalog: Catalog
  let tree: BaselineTree
  let files: BaselineFiles

  func findings(for contracts: [Contract]) throws -> [Finding] {
    var findings: [Finding] = []
    for contract in contracts {
      let recorded = Set(tree.versions(of: contract.name))
      for (index, version) in catalog.versions.enumerated() where index > 0 {
        let previous = catalog.versions[index - 1]
        guard catalog.isReleased(version), !recorded.contains(version.versionString),
          recorded.contains(previous.versionString)
        else { continue }
        findings += try breaks(of: contract, from: previous, to: version)
      }
    }
    return findings
  }

  private func breaks(of contract: Contract, from previous: SystemVersion,
                      to version: SystemVersion) throws -> [Finding]
  {
    var findings: [Finding] = []
    for variant in contract.variants {
      for locale in catalog.locales {
        let old = ContractCase(contract: contract.name, version: previous, locale: locale,
                               variant: variant.name)
        guard let bytes = try files.read(old.relativePath) else { continue }
        let new = ContractCase(contract: contract.name, version: version, locale: locale,
                               variant: variant.name)
        let payload = try catalog.encode(variant, for: new)
        let roles = PathRoles(
          metadata: ContractMetadata(
            contract: contract.name, version: version.versionString,
            baseLocale: catalog.baseLocale, locales: catalog.locales, variants: [],
            annotations: payload.annotations),
          localizedPointers: [])
        let changes = PayloadDiff(location: new.location, roles: roles).findings(
          baseline: try JSONParser.parse(bytes, file: files.displayPath(old.relativePath)),
          current: payload.value)
        findings += changes.filter { Record.breakingKinds.contains($0.kind) }.map { change in
          var finding = change
          finding.message = "new in \(version), breaking \(previous) clients: \(change.message)"
          return finding
        }
      }
    }
    return findings
  }
}
