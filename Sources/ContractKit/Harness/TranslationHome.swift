import ContractKitRuntime

/// Where a translation belongs in an app's YAML files, for messages that tell someone where
/// to add a missing text or restore a lost one.
///
/// Apps keep one file per locale (`en.yml`, `fr.yml`) or one per type with every locale in
/// it (`DashboardViewModel.yml`); the files the store read say which.
enum TranslationHome {
  /// The file `key`'s translation belongs in for `locale`: the one holding this locale's
  /// keys of the key's nearest group (`HomeViewModel` for `HomeViewModel.subtitle`); else
  /// where the base locale keeps that group, as this locale's file (`fr.yml` beside
  /// `en.yml`, or the same per-type file); else any file of the locale.
  static func file(forKey key: String, locale: String, store: LocalizationStore,
                   baseLocale: String) -> String
  {
    let own = store.keys(in: locale)
    let base = store.keys(in: baseLocale)
    var group = Substring(key)
    while let dot = group.lastIndex(of: ".") {
      group = group[..<dot]
      let prefix = group + "."
      if let sibling = own.first(where: { $0.hasPrefix(prefix) }),
        let location = store.location(ofKey: sibling, locale: locale)
      {
        return location.file
      }
      if let sibling = base.first(where: { $0.hasPrefix(prefix) }),
        let location = store.location(ofKey: sibling, locale: baseLocale)
      {
        return counterpart(of: location.file, locale: locale, baseLocale: baseLocale)
      }
    }
    return store.files(of: locale).first
      ?? counterpart(of: store.files(of: baseLocale).first ?? "\(baseLocale).yml", locale: locale,
                     baseLocale: baseLocale)
  }

  /// What a locale's translation files are, for a message about the whole locale: `read
  /// Localization/fr.yml`, or `no translation file has fr (Localization/fr.yml missing?)`.
  static func describeFiles(of locale: String, store: LocalizationStore, baseLocale: String)
    -> String
  {
    let files = store.files(of: locale)
    guard files.isEmpty else { return "read " + files.joined(separator: ", ") }
    let baseFiles = store.files(of: baseLocale)
    let perLocale = baseFiles.first.map { counterpart(of: $0, locale: locale, baseLocale: baseLocale) }
    if let perLocale, !baseFiles.contains(perLocale) {
      return "no translation file has \(locale) (\(perLocale) missing?)"
    }
    return "no translation file has \(locale) (its section missing from "
      + (baseFiles.isEmpty ? "the translation files" : baseFiles.joined(separator: ", ")) + "?)"
  }

  /// `fr.yml` beside a base locale's `en.yml`; any other file (one per type) holds every
  /// locale, so the same file.
  private static func counterpart(of file: String, locale: String, baseLocale: String) -> String {
    let name = file.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard name.lowercased() == "\(baseLocale.lowercased()).yml" else { return file }
    return file.dropLast(name.count) + "\(locale).yml"
  }
}
