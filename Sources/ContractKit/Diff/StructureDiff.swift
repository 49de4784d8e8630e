/// What two baseline trees say by their file names alone: contracts removed and added,
/// versions retired, locales dropped.
///
/// One finding per whole thing: a version folder gone from one contract is one
/// `version-removed`, not one finding per file.
struct StructureDiff {
  let old: BaselineTree
  let new: BaselineTree

  var findings: [Finding] {
    var findings: [Finding] = []
    let newContracts = Set(new.contracts)
    let oldContracts = Set(old.contracts)
    for contract in old.contracts where !newContracts.contains(contract) {
      findings.append(Finding(
        .contractRemoved, contract: contract,
        message: "contract '\(contract)' has no baselines any more; clients decoding it break"))
    }
    for contract in new.contracts where !oldContracts.contains(contract) {
      findings.append(Finding(.contractAdded, contract: contract,
                              message: "new contract '\(contract)'"))
    }
    for contract in old.contracts where newContracts.contains(contract) {
      let newVersions = Set(new.versions(of: contract))
      for version in old.versions(of: contract) {
        guard newVersions.contains(version) else {
          findings.append(Finding(
            .versionRemoved, contract: contract, version: version,
            message: "all baselines of \(contract) \(version) are gone (support retired)"))
          continue
        }
        findings += removedFiles(contract: contract, version: version)
      }
    }
    return findings
  }

  /// A locale whose files are all gone is one `locale-removed`; a single variant's file gone
  /// while its locale stays is one `locale-removed` naming the variant.
  private func removedFiles(contract: String, version: String) -> [Finding] {
    let oldFiles = old.files(of: contract, version: version)
    let newFiles = Set(new.files(of: contract, version: version))
    let newLocales = Set(newFiles.map(\.locale))
    var findings: [Finding] = []
    var reportedLocales = Set<String>()
    for file in oldFiles where !newFiles.contains(file) {
      if !newLocales.contains(file.locale) {
        guard reportedLocales.insert(file.locale).inserted else { continue }
        findings.append(Finding(
          .localeRemoved, contract: contract, version: version, locale: file.locale,
          message: "the \(file.locale) baselines of \(contract) \(version) are gone; clients in "
            + "\(file.locale) lose this screen"))
      } else {
        findings.append(Finding(
          .localeRemoved, contract: contract, version: version, locale: file.locale,
          variant: file.variant,
          message: "the \(file.variant) baseline of \(contract) \(version) in \(file.locale) is gone"))
      }
    }
    return findings
  }
}
