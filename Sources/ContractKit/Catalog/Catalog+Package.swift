import Foundation
import ContractKitRuntime

extension Catalog {
  /// Declares a catalog whose base locale is named as such and whose baselines live beside
  /// the package that declares it.
  ///
  /// ```swift
  /// var catalog = try Catalog(
  ///   versions: ["1.0.0", "1.1.0"],
  ///   baseLocale: "en", locales: ["es", "de"],
  ///   localizations: Bundle.module.url(forResource: "Localization", withExtension: nil))
  /// // baselines: <package>/.VersionedTestJSON, Baselines.md beside it
  /// ```
  ///
  /// - Parameters:
  ///   - versions: The supported system versions, in any order; the newest is current.
  ///   - unreleased: The newest version when it is still in development: `record` re-records
  ///     its baselines freely, even breaking ones, and the release gate compares it with the
  ///     newest released version. `nil` (the default) guards every version.
  ///   - baseLocale: The locale every other locale falls back to, and whose placeholders the
  ///     others must match.
  ///   - locales: The other locales; listing the base locale too changes nothing. Reports
  ///     list the base locale first, then these in this order.
  ///   - localizations: The folder of YAML translation files, usually
  ///     `Bundle.module.url(forResource: "Localization", withExtension: nil)` with
  ///     `resources: [.copy("Localization")]` in `Package.swift`.
  ///   - baselines: The baseline directory; by default `.VersionedTestJSON` in the package
  ///     that holds `filePath`.
  ///   - filePath: The file that declares the catalog (the caller's, by default), from which
  ///     the package is found: the nearest folder above it that has a `Package.swift`.
  /// - Throws: ``CatalogError`` for a mistake in the declaration, or when no package holds
  ///   `filePath` and `baselines` is not given; `InputError` for unreadable translations.
  public init(
    versions: [SystemVersion], unreleased: SystemVersion? = nil, baseLocale: String,
    locales: [String], localizations: URL?, baselines: URL? = nil,
    filePath: String = #filePath
  ) throws {
    try self.init(
      versions: versions, unreleased: unreleased, baseLocale: baseLocale, locales: locales,
      store: Self.translations(in: localizations), baselines: baselines, filePath: filePath)
  }

  /// Declares a catalog over a store already loaded (`.empty` for one without
  /// translations), its base locale named as such.
  public init(
    versions: [SystemVersion], unreleased: SystemVersion? = nil, baseLocale: String,
    locales: [String], store: LocalizationStore, baselines: URL? = nil,
    filePath: String = #filePath
  ) throws {
    try self.init(
      versions: versions, unreleased: unreleased,
      locales: [baseLocale] + locales.filter { $0 != baseLocale }, store: store,
      baselines: baselines ?? Self.baselineDirectory(besidePackageOf: filePath))
  }

  /// `<package>/.VersionedTestJSON` for the package that holds `filePath`: the nearest folder
  /// above the file that has a `Package.swift`.
  ///
  /// ```swift
  /// Catalog.baselineDirectory(besidePackageOf: #filePath)
  /// // /Users/ana/App/.VersionedTestJSON for /Users/ana/App/Sources/AppContracts/AppCatalog.swift
  /// ```
  /// - Throws: ``CatalogError`` when no folder above `filePath` has a `Package.swift` (the
  ///   sources were built on another machine, say): pass the directory explicitly then.
  public static func baselineDirectory(besidePackageOf filePath: String) throws(CatalogError)
    -> URL
  {
    var folder = URL(fileURLWithPath: filePath).standardizedFileURL.deletingLastPathComponent()
    while true {
      let manifest = folder.appendingPathComponent("Package.swift")
      if FileManager.default.fileExists(atPath: manifest.path) {
        return folder.appendingPathComponent(BaselineLayout.directoryName)
      }
      let parent = folder.deletingLastPathComponent()
      if parent.path == folder.path { break }
      folder = parent
    }
    throw .invalidDeclaration(
      "no folder above \(filePath) has a Package.swift, so the baseline directory cannot be "
        + "found beside the package; pass baselines: explicitly")
  }
}
