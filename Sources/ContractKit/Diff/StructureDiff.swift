import ContractKitRuntime

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
      findings.append(.contractGone(contract))
    }
    for contract in new.contracts where !oldContracts.contains(contract) {
      findings.append(.contractAdded(contract))
    }
    for contract in old.contracts where newContracts.contains(contract) {
      let newVersions = Set(new.versions(of: contract))
      for version in old.versions(of: contract) {
        let folder = ContractVersion(contract: contract, version: version)
        guard newVersions.contains(version) else {
          findings.append(.versionGone(folder))
          continue
        }
        findings += removedFiles(in: folder)
      }
    }
    return findings
  }

  /// A locale whose files are all gone is one `locale-removed`; a single variant's file gone
  /// while its locale stays is one `locale-removed` naming the variant.
  private func removedFiles(in folder: ContractVersion) -> [Finding] {
    let oldFiles = old.files(in: folder)
    let newFiles = Set(new.files(in: folder))
    let newLocales = Set(newFiles.map(\.locale))
    var findings: [Finding] = []
    var reportedLocales = Set<String>()
    for file in oldFiles where !newFiles.contains(file) {
      if !newLocales.contains(file.locale) {
        guard reportedLocales.insert(file.locale).inserted else { continue }
        findings.append(.localeGone(file.locale, in: folder))
      } else {
        findings.append(.variantFileGone(file))
      }
    }
    return findings
  }
}
