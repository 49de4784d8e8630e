import Foundation

/// Translations read from FOSMVVM YAML files, addressed by locale and dotted key.
///
/// Top-level keys of every file are BCP-47 locales (`en`, `pt-BR`); below a locale, nested
/// mappings flatten into dotted keys (`DashboardViewModel.Card.title`) whose leaves are
/// scalars or lists. The same locale may span several files; the same key twice is an error.
///
/// ```swift
/// let store = try LocalizationStore(directory: URL(fileURLWithPath: "Localization"))
/// store.resolve("DashboardViewModel.title", locale: "pt-BR", baseLocale: "en")
/// // .fellBack(.string("Dashboard"), from: "en") when neither pt-BR nor pt has the key
/// ```
public struct LocalizationStore: Sendable {
  /// One key's value and where it was written.
  struct Entry: Sendable, Hashable {
    let value: LocalizedValue
    let location: TranslationLocation
  }

  /// Locale → flattened key → entry.
  private let table: [String: [String: Entry]]

  /// A store without translations: every lookup is missing.
  public static let empty = LocalizationStore(table: [:])

  init(table: [String: [String: Entry]]) {
    self.table = table
  }

  /// Loads every `*.yml` and `*.yaml` file under `directory`, recursively, in sorted path order.
  ///
  /// Hidden files and folders (names starting with `.`) are skipped. Errors name files as
  /// `directory`'s path joined with the file's relative path.
  /// - Throws: `InputError` for an unreadable directory or file, bad YAML, a bad locale tag,
  ///   a misplaced value, or a key defined twice for one locale.
  public init(directory: URL) throws(InputError) {
    var builder = LocalizationTableBuilder()
    for path in try Self.translationFiles(in: directory) {
      guard let data = FileManager.default.contents(atPath: path) else {
        throw InputError(file: path, reason: "cannot read the file")
      }
      try builder.add(YAMLReader.read([UInt8](data), file: path), file: path)
    }
    table = builder.table
  }

  /// Loads in-memory files, in the order given; `name` stands for the path in errors.
  /// - Throws: `InputError` as ``init(directory:)`` does.
  public init(files: [(name: String, text: String)]) throws(InputError) {
    var builder = LocalizationTableBuilder()
    for file in files {
      try builder.add(YAMLReader.read(file.text, file: file.name), file: file.name)
    }
    table = builder.table
  }

  /// Locales that have at least one key, sorted.
  public var locales: [String] {
    table.filter { !$0.value.isEmpty }.keys.sorted()
  }

  /// The value at dotted `key` in exactly `locale`; `nil` when absent.
  public func value(forKey key: String, locale: String) -> LocalizedValue? {
    table[locale]?[key]?.value
  }

  /// Where `key` was defined for exactly `locale`; `nil` when absent.
  public func location(ofKey key: String, locale: String) -> TranslationLocation? {
    table[locale]?[key]?.location
  }

  /// All keys of `locale`, sorted.
  public func keys(in locale: String) -> [String] {
    table[locale]?.keys.sorted() ?? []
  }

  /// Looks `key` up along ``fallbackChain(locale:baseLocale:)``.
  /// - Returns: `.resolved` when `locale` itself has the key, `.fellBack` naming the locale
  ///   that had it, or `.missing`.
  public func resolve(_ key: String, locale: String, baseLocale: String) -> Resolution {
    resolve(key, along: FallbackChain(locale: locale, baseLocale: baseLocale))
  }

  /// The locales searched for `locale`: itself, its less specific parents, then `baseLocale`
  /// and its parents, without repeats (`zh-Hant-TW` → `zh-Hant`, `zh`, then the base).
  public static func fallbackChain(locale: String, baseLocale: String) -> [String] {
    FallbackChain(locale: locale, baseLocale: baseLocale).candidates
  }

  /// The translation files under `directory`, as paths, in sorted relative-path order.
  static func translationFiles(in directory: URL) throws(InputError) -> [String] {
    let root = directory.path
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    guard manager.fileExists(atPath: root, isDirectory: &isDirectory),
          isDirectory.boolValue else {
      throw InputError(file: root, reason: "the localization directory does not exist")
    }
    let subpaths: [String]
    do {
      subpaths = try manager.subpathsOfDirectory(atPath: root)
    } catch {
      throw InputError(file: root, reason: "cannot list the localization directory")
    }
    var files: [String] = []
    for subpath in subpaths.sorted() {
      let lowercased = subpath.lowercased()
      guard lowercased.hasSuffix(".yml") || lowercased.hasSuffix(".yaml") else { continue }
      guard !subpath.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else {
        continue
      }
      let path = directory.appendingPathComponent(subpath).path
      var isFolder: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
        continue
      }
      files.append(path)
    }
    return files
  }
}
