/// Compares the files of one contract, version and variant between two trees.
struct GroupDiff {
  let group: TreeDiff.Group
  let old: BaselineFiles
  let new: BaselineFiles

  func findings() throws -> [Finding] {
    var changed: [BaselineTree.File] = []
    for file in group.files {
      if try old.read(file.relativePath) != new.read(file.relativePath) { changed.append(file) }
    }
    guard !changed.isEmpty else { return [] }
    let oldPayloads = try payloads(in: old)
    let newPayloads = try payloads(in: new)
    let metadata = try metadata(in: new) ?? metadata(in: old)
    let localized = LocalizedPointers.find(in: group.locales.compactMap { oldPayloads[$0] })
      .union(LocalizedPointers.find(in: group.locales.compactMap { newPayloads[$0] }))
    let roles = PathRoles(metadata: metadata, localizedPointers: localized)
    let baseLocale = metadata?.baseLocale ?? (group.locales.contains("en") ? "en" : nil)
    var findings: [Finding] = []
    for file in changed {
      guard let oldValue = oldPayloads[file.locale], let newValue = newPayloads[file.locale]
      else { continue }
      let base: (old: JSONValue?, new: JSONValue?)? =
        baseLocale.flatMap { $0 == file.locale ? nil : (oldPayloads[$0], newPayloads[$0]) }
      let location = DiffLocation(contract: group.contract, version: group.version,
                                  locale: file.locale, variant: group.variant)
      findings += FileDiff(location: location, roles: roles, base: base)
        .findings(old: oldValue, new: newValue)
    }
    return findings
  }

  private func payloads(in files: BaselineFiles) throws -> [String: JSONValue] {
    var payloads: [String: JSONValue] = [:]
    for locale in group.locales {
      let path = BaselineLayout.relativePath(
        contract: group.contract, version: group.version, locale: locale, variant: group.variant)
      guard let bytes = try files.read(path) else { continue }
      payloads[locale] = try JSONParser.parse(bytes, file: files.displayPath(path))
    }
    return payloads
  }

  private func metadata(in files: BaselineFiles) throws -> ContractMetadata? {
    try ContractMetadata.read(contract: group.contract, version: group.version, in: files)
  }
}
