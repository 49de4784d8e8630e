/// Flattens YAML documents into a ``LocalizationStore``'s table, checking structure and
/// rejecting keys defined twice for one locale.
struct LocalizationTableBuilder {
  /// Locale → flattened key → entry.
  private(set) var table: [String: [String: LocalizationStore.Entry]] = [:]
  /// Locale → flattened key of a mapping → where that mapping was first opened.
  private var branches: [String: [String: TranslationLocation]] = [:]

  /// Adds the translations of one document read from `file`.
  mutating func add(_ root: YAMLNode, file: String) throws(InputError) {
    guard case .map(let locales) = root else {
      throw InputError(
        file: file, line: 1, column: 1, byteOffset: 0,
        reason: "expected a mapping of locales at the top level, found a \(root.kindName)")
    }
    for localeEntry in locales {
      let locale = localeEntry.key
      guard Self.isLocaleTag(locale) else {
        throw error(
          "'\(locale)' is not a BCP-47 locale tag such as 'en' or 'pt-BR'",
          at: localeEntry, file: file)
      }
      guard case .map(let types) = localeEntry.value else {
        throw error(
          "locale '\(locale)' must hold a mapping of type names, found a "
            + localeEntry.value.kindName,
          at: localeEntry, file: file)
      }
      for typeEntry in types {
        guard case .map = typeEntry.value else {
          throw error(
            "'\(typeEntry.key)' sits directly under locale '\(locale)'; keys need a type "
              + "level such as 'TypeName.\(typeEntry.key)'",
            at: typeEntry, file: file)
        }
        try add(typeEntry, prefix: "", locale: locale, file: file)
      }
    }
  }

  /// Adds `entry` (a leaf, or a mapping flattened below `prefix`) for `locale`.
  private mutating func add(
    _ entry: YAMLNode.Entry, prefix: String, locale: String, file: String
  ) throws(InputError) {
    if entry.key.isEmpty {
      throw error("empty keys are not supported", at: entry, file: file)
    }
    if entry.key.contains(".") {
      throw error(
        "key '\(entry.key)' contains '.', which separates key path segments",
        at: entry, file: file)
    }
    let key = prefix.isEmpty ? entry.key : prefix + "." + entry.key
    let location = TranslationLocation(file: file, line: entry.line, column: entry.column)
    if case .map(let children) = entry.value {
      if let leaf = table[locale]?[key] {
        throw error(
          "key '\(key)' for locale '\(locale)' is a mapping here but a value at "
            + "\(leaf.location)",
          at: entry, file: file)
      }
      if branches[locale]?[key] == nil { branches[locale, default: [:]][key] = location }
      for child in children {
        try add(child, prefix: key, locale: locale, file: file)
      }
      return
    }
    guard let value = LocalizedValue(entry.value) else {
      throw error("lists may hold only scalars", at: entry, file: file)
    }
    if let first = table[locale]?[key] {
      throw error(
        "duplicate key '\(key)' for locale '\(locale)' (first defined at \(first.location))",
        at: entry, file: file)
    }
    if let branch = branches[locale]?[key] {
      throw error(
        "key '\(key)' for locale '\(locale)' is a value here but a mapping at \(branch)",
        at: entry, file: file)
    }
    table[locale, default: [:]][key] = LocalizationStore.Entry(value: value, location: location)
  }

  private func error(_ reason: String, at entry: YAMLNode.Entry, file: String) -> InputError {
    InputError(file: file, line: entry.line, column: entry.column, byteOffset: entry.byteOffset,
               reason: reason)
  }

  /// Whether `tag` matches `[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*`.
  static func isLocaleTag(_ tag: String) -> Bool {
    let parts = tag.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
    guard let language = parts.first, (2...3).contains(language.count),
          language.allSatisfy(isASCIILetter) else { return false }
    return parts.dropFirst().allSatisfy { part in
      (2...8).contains(part.count) && part.allSatisfy { isASCIILetter($0) || isASCIIDigit($0) }
    }
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  private static func isASCIIDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
}
