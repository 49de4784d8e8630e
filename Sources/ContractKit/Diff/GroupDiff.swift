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
    let locales = group.locales
    let localized = Memo {
      LocalizedPointers.find(in: locales.compactMap { oldPayloads[$0]?.value })
        .union(LocalizedPointers.find(in: locales.compactMap { newPayloads[$0]?.value }))
    }
    func roles(in payload: JSONValue) -> PathRoles {
      PathRoles(metadata: metadata) {
        var paths = StablePaths(payload)
        return paths.pointers(of: localized.value)
      }
    }
    let baseLocale = metadata?.baseLocale ?? (group.locales.contains("en") ? "en" : nil)
    // The base locale's payloads, for the fallbacks of the other changed locales.
    let basePayloads = Memo {
      baseLocale.map { (old: oldPayloads[$0]?.value, new: newPayloads[$0]?.value) }
    }
    var findings: [Finding] = []
    var stale: [StaleTranslations.Locale] = []
    for file in group.files {
      guard let oldPayload = oldPayloads[file.locale], let newPayload = newPayloads[file.locale]
      else { continue }
      var found: [Finding] = []
      if changed.contains(file) {
        let (oldValue, newValue) = (oldPayload.value, newPayload.value)
        let base = file.locale == baseLocale ? nil : basePayloads.value
        found = FileDiff(file: file, roles: roles(in: newValue), oldRoles: roles(in: oldValue),
                         base: base)
          .findings(old: oldValue, new: newValue)
      }
      findings += found
      stale.append(.init(file: file, findings: found, reading: { newPayload.value }))
    }
    if let baseLocale {
      findings += StaleTranslations.findings(in: stale, baseLocale: baseLocale)
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

  /// One tree's file of the group: parsed, or its bytes, validated, parsed when a rule asks.
  private enum Payload: Sendable {
    case parsed(JSONValue)
    case validated([UInt8], file: String)

    /// The payload's value. Bytes that validated parse alike (validation is the parser's
    /// own check: `validationAgreesWithTheParser`), so a failure here is ContractKit's bug,
    /// stopped loudly rather than read as some other value.
    var value: JSONValue {
      switch self {
      case .parsed(let value):
        return value
      case .validated(let bytes, let file):
        do {
          return try JSONParser.parse(bytes, file: file)
        } catch {
          preconditionFailure("\(file) validated but does not parse: \(error.reason)")
        }
      }
    }
  }

  /// The files that changed and both trees' payloads, or `nil` when no file changed.
  ///
  /// Each file is read once, and checked in the order a parse of every file would find the
  /// first corrupt one, with the same message: the old tree's, then the new tree's, in locale
  /// order. Only the files that changed are parsed into values (a file and its other version
  /// share their unchanged parts: `JSONParser+Sharing.swift`); the others, which most rules
  /// never read, are validated and parsed only when one does (the base locale's for
  /// fallbacks, all for the shape rule or stale translations).
  private func parsed() throws
    -> (changed: Set<ContractCase>, old: [String: Payload], new: [String: Payload])?
  {
    let oldBytes = try contents(of: old)
    let newBytes = try contents(of: new)
    let changed = group.files.filter { !sameBytes(oldBytes[$0.locale], newBytes[$0.locale]) }
    guard !changed.isEmpty else {
      // Equal bytes are still parsed, once: an identically corrupt file is unusable input.
      try validate(newBytes, in: new)
      return nil
    }
    var oldPayloads: [String: Payload] = [:]
    var donors: [String: JSONParser.Donor] = [:]
    for locale in group.locales {
      guard let bytes = oldBytes[locale] else { continue }
      let file = old.displayPath(path(locale))
      if let other = newBytes[locale], !sameBytes(bytes, other) {
        let (value, donor) = try JSONParser.parse(bytes, file: file, preparing: other)
        (oldPayloads[locale], donors[locale]) = (.parsed(value), donor)
      } else {
        try JSONParser.validate(bytes, file: file)
        oldPayloads[locale] = .validated(bytes, file: file)
      }
    }
    var newPayloads: [String: Payload] = [:]
    for locale in group.locales {
      guard let bytes = newBytes[locale] else { continue }
      let file = new.displayPath(path(locale))
      if let donor = donors[locale] {
        newPayloads[locale] = .parsed(try JSONParser.parse(bytes, file: file, sharingWith: donor))
      } else if let payload = oldPayloads[locale] {
        newPayloads[locale] = payload
      } else {
        try JSONParser.validate(bytes, file: file)
        newPayloads[locale] = .validated(bytes, file: file)
      }
    }
    return (Set(changed), oldPayloads, newPayloads)
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
