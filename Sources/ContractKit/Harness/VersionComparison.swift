/// Compares a contract's payloads at one version with the same cases at an older version:
/// what clients moving from `previous` to `current` meet.
///
/// The release gate compares two committed trees of versions this way; `record` compares a
/// version it records for the first time (today's encodings) with the version before it.
struct VersionComparison {
  let catalog: Catalog
  let files: BaselineFiles
  let previous: SystemVersion
  let current: SystemVersion

  /// Where the newer side of the comparison comes from.
  enum Source {
    /// `current`'s committed baselines, classified with its committed `contract.json`.
    case baselines
    /// Today's encodings for `current`, classified with what the types say now.
    case encodings
  }

  /// Every change from `previous` to `current` in `contract`, case by case; a case with no
  /// baseline at `previous` is a `contract-added`.
  func changes(of contract: Contract, from source: Source) throws -> [Finding] {
    let folder = ContractVersion(contract: contract.name, version: current)
    let committed = source == .baselines ? try ContractMetadata.read(folder, in: files) : nil
    var changes: [Finding] = []
    for variant in contract.variants {
      for locale in catalog.locales {
        let old = ContractCase(contract: contract.name, version: previous, locale: locale,
                               variant: variant.name)
        let new = folder.file(locale: locale, variant: variant.name)
        guard let oldBytes = try files.read(old.relativePath) else {
          changes.append(.contractNew(contract.name, since: previous))
          continue
        }
        let newValue: JSONValue
        let roles: PathRoles
        switch source {
        case .baselines:
          guard let newBytes = try files.read(new.relativePath), !sameBytes(newBytes, oldBytes)
          else { continue }
          newValue = try JSONParser.parse(newBytes, file: files.displayPath(new.relativePath))
          roles = PathRoles(metadata: committed, localizedPointers: [])
        case .encodings:
          let payload = try catalog.encode(variant, of: contract, for: new)
          newValue = payload.value
          roles = PathRoles(
            metadata: ContractMetadata(
              contract: contract.name, version: current.versionString,
              baseLocale: catalog.baseLocale, locales: catalog.locales, variants: [],
              annotations: payload.annotations),
            localizedPointers: [])
        }
        changes += PayloadDiff(file: new, roles: roles).findings(
          baseline: try JSONParser.parse(oldBytes, file: files.displayPath(old.relativePath)),
          current: newValue)
      }
    }
    return changes
  }
}
