import ContractKitRuntime

/// Compares the files of one contract, version and variant between two trees.
struct GroupDiff {
  /// The files of one contract, version and variant that both trees have.
  ///
  /// A diff holds one for every version folder and variant until it has compared them all,
  /// so a group holds its locales, not its files: where the trees have the same locales
  /// (nearly always), both lists are one array, shared with every group alike
  /// (``TreeDiff/pair(_:_:)``).
  struct Group: Sendable {
    let folder: ContractVersion
    let variant: String
    /// All locales with a file in either tree (for the shape rules)…
    let locales: [String]
    /// …and the locales whose file both trees have, which are compared, in order.
    let sharedLocales: [String]

    /// The files present in both trees, which are compared.
    var files: [ContractCase] {
      sharedLocales.map { folder.file(locale: $0, variant: variant) }
    }
  }

  let group: Group
  let old: BaselineFiles
  let new: BaselineFiles

  func findings() throws -> [Finding] {
    guard let (changed, oldPayloads, newPayloads) = try parsed() else { return [] }
    let metadata = try metadata(in: new) ?? metadata(in: old)
    // Localized by shape in either tree; resolved to pointers in each file, so a row that
    // moved between the trees keeps its role. Only a changed path that metadata says nothing
    // about asks, so the group's payloads are walked for it at most once, and often never.
    let (oldList, newList) = (group.locales.compactMap { oldPayloads[$0] },
                              group.locales.compactMap { newPayloads[$0] })
    let localized = Memo {
      LocalizedPointers.find(in: oldList).union(LocalizedPointers.find(in: newList))
    }
    func roles(in payload: JSONValue) -> PathRoles {
      PathRoles(metadata: metadata) {
        var paths = StablePaths(payload)
        return paths.pointers(of: localized.value)
      }
    }
    let baseLocale = metadata?.baseLocale ?? (group.locales.contains("en") ? "en" : nil)
    var findings: [Finding] = []
    var locales: [StaleTranslations.Locale] = []
    let changedLocales = Set(changed.map(\.locale))
    for file in group.files {
      guard let oldValue = oldPayloads[file.locale], let newValue = newPayloads[file.locale]
      else { continue }
      var found: [Finding] = []
      if changedLocales.contains(file.locale) {
        let base: (old: JSONValue?, new: JSONValue?)? =
          baseLocale.flatMap { $0 == file.locale ? nil : (oldPayloads[$0], newPayloads[$0]) }
        found = FileDiff(file: file, roles: roles(in: newValue), oldRoles: roles(in: oldValue),
                         base: base)
          .findings(old: oldValue, new: newValue)
      }
      findings += found
      locales.append(.init(file: file, findings: found, payload: newValue))
    }
    if let baseLocale {
      findings += StaleTranslations.findings(in: locales, baseLocale: baseLocale)
    }
    return findings
  }

  private func path(_ locale: String) -> String {
    group.folder.file(locale: locale, variant: group.variant).relativePath
  }

  /// The bytes of every locale's file of the group in `files`, by locale.
  private func contents(of files: BaselineFiles) throws -> [String: [UInt8]] {
    let names = group.locales.map {
      BaselineLayout.fileName(locale: $0, variant: group.variant)
    }
    var contents: [String: [UInt8]] = [:]
    for (locale, bytes) in zip(group.locales, try files.read(names, in: group.folder.path)) {
      contents[locale] = bytes
    }
    return contents
  }

  /// The files that changed and both trees' payloads, or `nil` when no file changed.
  ///
  /// Each file is read once; nothing is parsed into values unless some file of the group
  /// changed, and then what two files share is held once (a file equal in both trees is
  /// parsed once, a changed one shares its unchanged parts: `JSONParser+Sharing.swift`).
  /// The bytes are freed on return, before the diff.
  private func parsed() throws
    -> (changed: [ContractCase], old: [String: JSONValue], new: [String: JSONValue])?
  {
    var oldBytes = try contents(of: old)
    let newBytes = try contents(of: new)
    let changed = group.files.filter { !sameBytes(oldBytes[$0.locale], newBytes[$0.locale]) }
    guard !changed.isEmpty else {
      // Equal bytes are still parsed, once: an identically corrupt file is unusable input.
      try validate(newBytes, in: new)
      return nil
    }
    var oldPayloads: [String: JSONValue] = [:]
    var donors: [String: JSONParser.Donor] = [:]
    for locale in group.locales {
      guard let bytes = oldBytes[locale] else { continue }
      let file = old.displayPath(path(locale))
      if let other = newBytes[locale], !sameBytes(bytes, other) {
        (oldPayloads[locale], donors[locale]) = try JSONParser.parse(
          bytes, file: file, preparing: other)
      } else {
        oldPayloads[locale] = try JSONParser.parse(bytes, file: file)
      }
    }
    // The old files' bytes are no longer needed: freed before the new files are parsed.
    oldBytes = [:]
    var newPayloads: [String: JSONValue] = [:]
    for locale in group.locales {
      guard let bytes = newBytes[locale] else { continue }
      let file = new.displayPath(path(locale))
      if let donor = donors[locale] {
        newPayloads[locale] = try JSONParser.parse(bytes, file: file, sharingWith: donor)
      } else if let value = oldPayloads[locale] {
        newPayloads[locale] = value
      } else {
        newPayloads[locale] = try JSONParser.parse(bytes, file: file)
      }
    }
    return (changed, oldPayloads, newPayloads)
  }

  private func validate(_ contents: [String: [UInt8]], in files: BaselineFiles) throws {
    for locale in group.locales {
      guard let bytes = contents[locale] else { continue }
      try JSONParser.validate(bytes, file: files.displayPath(path(locale)))
    }
  }

  private func metadata(in files: BaselineFiles) throws -> ContractMetadata? {
    try ContractMetadata.read(group.folder, in: files)
  }
}
