/// Flattens YAML documents into a ``LocalizationStore``'s table exactly as FOSMVVM's
/// `YamlLocalizationStore` flattens them, and refuses what FOSMVVM would settle at random.
///
/// FOSMVVM's rules, all shown by the corpus in `../shared/fosmvvm-yaml`:
/// - a root that is not a mapping is skipped, and so is a top-level key whose value is not a
///   mapping; every other top-level key is a locale, stored lowercased (`EN` and `en` merge);
/// - keys below a locale join with `.` (an empty key adds no `.` below it, `a.b` and
///   `a: {b}` are one key);
/// - strings are trimmed of Foundation's `whitespacesAndNewlines`; ints, doubles and bools are
///   kept; nulls, dates, empty lists and empty mappings write nothing;
/// - a list keeps only its items of the first type present among string, int, double and bool
///   (untrimmed), and a list with none of them is an error.
///
/// The same key written twice with different values is refused, naming both places: FOSMVVM
/// keeps the one it happens to read last, and its order changes from run to run.
struct LocalizationTableBuilder {
  /// Lowercased locale → flattened key → entry.
  private(set) var table: [String: [String: LocalizationStore.Entry]] = [:]
  /// Lowercased locale → the spelling it was first written with.
  private(set) var spellings: [String: String] = [:]

  /// Adds the translations of one document read from `file` (`nil`: the file has none).
  mutating func add(_ root: YAMLSourceNode?, file: String) throws(InputError) {
    guard case .map(let locales)? = root?.content else { return }
    for localeEntry in locales {
      guard case .map(let keys) = localeEntry.value.content else { continue }
      let locale = localeEntry.key.lowercased()
      if spellings[locale] == nil { spellings[locale] = localeEntry.key }
      try flatten(keys, locale: locale, file: file)
    }
  }

  /// Adds every leaf below a locale, walking the mappings with an explicit stack.
  private mutating func flatten(_ entries: [YAMLSourceEntry], locale: String, file: String)
    throws(InputError)
  {
    var pending: [(entries: ArraySlice<YAMLSourceEntry>, prefix: String)] = [(entries[...], "")]
    while var top = pending.popLast() {
      guard let entry = top.entries.popFirst() else { continue }
      pending.append(top)
      let key = top.prefix.isEmpty ? entry.key : top.prefix + "." + entry.key
      if case .map(let children) = entry.value.content, !children.isEmpty {
        pending.append((children[...], key))
        continue
      }
      let location = TranslationLocation(file: file, mark: entry.mark)
      let value = try Self.value(of: entry.value, key: key, file: file)
      let written = LocalizationStore.WrittenValue(node: entry.value, keyMark: entry.mark,
                                                   file: file)
      try store(LocalizationStore.Entry(value: value, location: location, written: written),
                key: key, locale: locale)
    }
  }

  /// What FOSMVVM keeps of a leaf; `nil` when it writes nothing.
  /// - Throws: `InputError` for a list with no string, int, double or bool, as FOSMVVM does.
  private static func value(of node: YAMLSourceNode, key: String, file: String)
    throws(InputError) -> LocalizedValue?
  {
    switch node.content {
    case .scalar(let scalar):
      guard case .string(let text) = scalar.value else { return LocalizedValue(scalar.value) }
      return .string(Whitespace.trimmed(text))
    case .map:
      return nil
    case .list(let items):
      guard !items.isEmpty else { return nil }
      let values = items.map { item -> LocalizedValue? in
        guard case .scalar(let scalar) = item.content else { return nil }
        return LocalizedValue(scalar.value)
      }
      // FOSMVVM tries `[String]`, then `[Int]`, `[Double]`, `[Bool]`, each by compactMap.
      let kinds: [(LocalizedValue) -> Bool] = [
        { if case .string = $0 { true } else { false } },
        { if case .int = $0 { true } else { false } },
        { if case .double = $0 { true } else { false } },
        { if case .bool = $0 { true } else { false } },
      ]
      for isKind in kinds {
        let kept = values.compactMap { $0 }.filter(isKind)
        if !kept.isEmpty { return .list(kept) }
      }
      let place = TranslationLocation(file: file, mark: node.mark)
      throw InputError(
        file: file, line: place.line, column: place.column, byteOffset: node.mark.offset,
        reason: "the list at key '\(key)' holds no string, integer, number or boolean, so "
          + "FOSMVVM refuses the whole store (a typeError); translations are texts, numbers "
          + "or booleans, or lists of one of them")
    }
  }

  /// Records `entry` at `key`, unless it conflicts with what is already there.
  private mutating func store(_ entry: LocalizationStore.Entry, key: String, locale: String)
    throws(InputError)
  {
    guard let existing = table[locale]?[key] else {
      table[locale, default: [:]][key] = entry
      return
    }
    // A null, a date or an empty value writes nothing in FOSMVVM: it never erases a value,
    // and a later value replaces it.
    guard let value = entry.value else { return }
    guard let first = existing.value else {
      table[locale]?[key] = entry
      return
    }
    if value.isIdentical(to: first) { return }
    throw InputError(
      file: entry.location.file, line: entry.location.line, column: entry.location.column,
      byteOffset: entry.written.keyMark.offset,
      reason: "key '\(key)' of locale '\(spellings[locale] ?? locale)' is written here and at "
        + "\(existing.location) with different values; FOSMVVM shows whichever it happens to "
        + "read last, which changes from run to run, so keep one")
  }
}

extension LocalizedValue {
  /// A scalar Yams typed, as FOSMVVM keeps it (untrimmed); `nil` for nulls, dates and
  /// collections, which FOSMVVM drops.
  init?(_ node: YAMLNode) {
    switch node {
    case .string(let text): self = .string(text)
    case .int(let value): self = .int(value)
    case .double(let value): self = .double(value)
    case .bool(let value): self = .bool(value)
    case .null, .date, .list, .map: return nil
    }
  }
}

/// Foundation's `CharacterSet.whitespacesAndNewlines`, as FOSMVVM trims strings with it.
///
/// Written out rather than asked of Foundation: the set differs between platforms (U+200B is
/// in it on Linux, not on Darwin), and the corpus was produced on Linux.
enum Whitespace {
  static let scalars: Set<UInt32> = Set(
    [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000]
      + Array(0x2000...0x200B))

  /// `text` without leading and trailing whitespace.
  static func trimmed(_ text: String) -> String {
    let view = text.unicodeScalars
    guard let first = view.firstIndex(where: { !scalars.contains($0.value) }),
          let last = view.lastIndex(where: { !scalars.contains($0.value) }) else { return "" }
    if first == view.startIndex, last == view.index(before: view.endIndex) { return text }
    return String(view[first...last])
  }
}
