import Foundation

/// Translations read from FOSMVVM YAML files, with the table FOSMVVM's `YamlLocalizationStore`
/// builds from them, addressed by locale (in any case) and dotted key.
///
/// Top-level keys whose values are mappings are locales (`en`, `pt-BR`, `pt_BR`); below a
/// locale, nested mappings flatten into dotted keys (`DashboardViewModel.Card.title`, or
/// `title` directly under the locale) whose values are trimmed strings, numbers, booleans or
/// lists of one of them. Each key also keeps how it was written, so that a lookup FOSMVVM
/// would answer with nothing (`Yes` read as a boolean, a null, a date) can say why, and where.
///
/// ```swift
/// let store = try LocalizationStore(directory: URL(fileURLWithPath: "Localization"))
/// store.resolve("DashboardViewModel.title", locale: "pt-BR", baseLocale: "en")
/// // .fellBack(.string("Dashboard"), from: "en") when neither pt-BR nor pt has the key
/// ```
public struct LocalizationStore: Sendable {
  /// What one locale has at one key: what FOSMVVM has, and how it was written.
  struct Entry: Sendable {
    /// FOSMVVM's value; `nil` where it writes nothing (a null, a date, an empty collection).
    package let value: LocalizedValue?
    /// Where the key's last segment was written.
    let location: TranslationLocation
    let written: WrittenValue
  }

  /// A value as written: the YAML node with its text and position, its key's position, and
  /// its file.
  struct WrittenValue: Sendable {
    let node: YAMLSourceNode
    let keyMark: YAMLMark
    let file: String
  }

  /// Locale → flattened key → entry, under each locale's lowercased name and every spelling
  /// it was written with.
  private let table: [String: [String: Entry]]
  /// The locales that have a key FOSMVVM keeps, as first written, sorted.
  public let locales: [String]
  /// Every key some locale has a value for, numbered from 0 in code-point order: what a set
  /// of this store's keys is indexed by (``keyNumber(_:)``).
  private let keyNumbers: [String: Int]

  /// A store without translations: every lookup is missing.
  public static let empty = LocalizationStore(LocalizationTableBuilder())

  init(_ builder: LocalizationTableBuilder) {
    var table = builder.table
    for (locale, spelling) in builder.spellings where spelling != locale {
      table[spelling] = builder.table[locale]
    }
    self.table = table
    locales = builder.table.compactMap { locale, keys in
      keys.values.contains { $0.value != nil } ? builder.spellings[locale] ?? locale : nil
    }.sorted()
    let kept = Set(builder.table.values.flatMap { keys in
      keys.compactMap { $0.value.value == nil ? nil : $0.key }
    })
    keyNumbers = Dictionary(
      uniqueKeysWithValues: kept.sorted(by: codePointOrder).enumerated().map { ($1, $0) })
  }

  /// Loads the translation files FOSMVVM would load under `directory`: every file whose
  /// extension is exactly `yml`, in subfolders and hidden folders too, in sorted path order.
  ///
  /// A file inside a built resource bundle (`.build/…/Package_Target.resources/…`) is named in
  /// errors and locations by the package's source file it was copied from, when there is one.
  /// - Throws: `InputError` for an unreadable directory or file (a folder named `*.yml`
  ///   included), bad YAML, a list FOSMVVM refuses, or a key written twice with different
  ///   values.
  public init(directory: URL) throws(InputError) {
    var builder = LocalizationTableBuilder()
    for file in try TranslationFiles.find(in: directory) {
      let bytes = try file.contents()
      try builder.add(YAMLReader.document(bytes, file: file.displayPath), file: file.displayPath)
    }
    self.init(builder)
  }

  /// Loads in-memory files, in the order given; `name` stands for the path in errors.
  /// - Throws: `InputError` as ``init(directory:)`` does.
  public init(files: [(name: String, text: String)]) throws(InputError) {
    var builder = LocalizationTableBuilder()
    for file in files {
      try builder.add(YAMLReader.document(Array(file.text.utf8), file: file.name),
                      file: file.name)
    }
    self.init(builder)
  }

  /// What `locale` (in any case) has at `key`.
  func entry(forKey key: String, locale: String) -> Entry? {
    if let keys = table[locale] { return keys[key] }
    return table[locale.lowercased()]?[key]
  }

  /// FOSMVVM's value at dotted `key` in exactly `locale` (compared without case); `nil` when
  /// absent or when FOSMVVM drops what was written there.
  package func value(forKey key: String, locale: String) -> LocalizedValue? {
    entry(forKey: key, locale: locale)?.value
  }

  /// Where `key` was written for exactly `locale`; `nil` when FOSMVVM has no value there.
  package func location(ofKey key: String, locale: String) -> TranslationLocation? {
    guard let entry = entry(forKey: key, locale: locale), entry.value != nil else { return nil }
    return entry.location
  }

  /// Where `key` was written in the first of `locales` that has a value for it, with that
  /// locale: where a translation missing in another locale can be copied from.
  package func location(ofKey key: String, inFirstOf locales: [String])
    -> (locale: String, location: TranslationLocation)?
  {
    for locale in locales {
      if let location = location(ofKey: key, locale: locale) { return (locale, location) }
    }
    return nil
  }

  /// The translation files that write keys of exactly `locale` (compared without case), as
  /// the store names them, sorted; `[]` when no file has the locale.
  package func files(of locale: String) -> [String] {
    let keys = table[locale] ?? table[locale.lowercased()] ?? [:]
    return Set(keys.values.map(\.location.file)).sorted()
  }

  /// All keys of `locale` that FOSMVVM has a value for, sorted.
  package func keys(in locale: String) -> [String] {
    let keys = table[locale] ?? table[locale.lowercased()] ?? [:]
    return keys.compactMap { $0.value.value == nil ? nil : $0.key }.sorted()
  }

  /// How many keys some locale has a value for: the numbers ``keyNumber(_:)`` gives are below.
  package var keyCount: Int { keyNumbers.count }

  /// The number of `key` among the keys some locale has a value for (``keys(in:)`` of any
  /// locale); `nil` for a key no locale has a value for.
  package func keyNumber(_ key: String) -> Int? { keyNumbers[key] }

  /// Looks `key` up along ``fallbackChain(locale:baseLocale:)``, for its value whatever type.
  /// - Returns: `.resolved` when `locale` itself has the key, `.fellBack` naming the locale
  ///   that had it, `.flawed` when the first locale that has it holds a value FOSMVVM drops
  ///   (or a list it keeps only part of), or `.missing`.
  package func resolve(_ key: String, locale: String, baseLocale: String) -> Resolution {
    resolve(key, along: FallbackChain(locale: locale, baseLocale: baseLocale),
            expecting: .value)
  }

  /// The locales searched for `locale`: itself, its less specific parents, then `baseLocale`
  /// and its parents, without repeats (`zh-Hant-TW` → `zh-Hant`, `zh`, then the base).
  package static func fallbackChain(locale: String, baseLocale: String) -> [String] {
    FallbackChain(locale: locale, baseLocale: baseLocale).candidates
  }
}
