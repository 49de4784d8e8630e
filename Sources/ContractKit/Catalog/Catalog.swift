import Foundation
import ContractKitRuntime

/// The contracts a package guards, with the versions, locales, translations and baseline
/// directory they are checked against.
///
/// ```swift
/// var catalog = try Catalog(
///   versions: [.init(1, 0, 0), .init(1, 1, 0)],
///   locales: ["en", "es", "de"],
///   localizations: Bundle.module.url(forResource: "Localization", withExtension: nil),
///   baselines: packageRoot.appending(path: ".VersionedTestJSON"))
/// try catalog.register(DashboardViewModel.self)
/// try catalog.register(LegacyOrderDTO.self, stub: { .sample })
/// ```
public struct Catalog: Sendable {
  /// Supported system versions, oldest first; the last is current.
  public let versions: [SystemVersion]
  /// The newest version when it is still in development (re-recorded freely), else `nil`.
  public let unreleasedVersion: SystemVersion?
  /// Locales, the base locale first.
  public let locales: [String]
  /// The translations every contract resolves against.
  public let store: LocalizationStore
  /// The store's keys as FOSMVVM's key rules look them up in wire payloads.
  let keyIndex: WireKeyIndex
  /// Where the baselines live.
  public let baselineDirectory: URL
  /// Registered contracts, in registration order.
  package private(set) var contracts: [Contract] = []
  /// Each contract's position in ``contracts`` by its name, lowercased (case-only twins
  /// collide there).
  private var positions: [String: Int] = [:]
  /// The hints and declarations registered so far, each kept once: contracts registered with
  /// the same hints (screens made by one helper) share one copy of their parsed patterns.
  private var registeredHints = Set<[String: [PathAnnotation]]>()
  private var registeredDeclarations = Set<[PathDeclaration]>()
  /// Which compatibility the catalog guarantees: `backward` (the default) reports a break
  /// that only today's type reading older payloads sees (`decode-failed`) as a warning,
  /// `full` as an error that `record` refuses without a reason.
  public var compatibility: Compatibility = .backward
  /// The least localization coverage, in percent, each locale must have: a locale below it
  /// fails the gate (`--min-coverage` overrides it); `nil` sets no floor.
  public var minimumCoverage: Double?
  /// The executable that runs this catalog's command line (`app-contracts`), which
  /// `Baselines.md` names: the command line sets it to its own name, and the test
  /// integrations to the command they name, so both write the same document.
  package var program = "contracts"
  /// How long one call of a wire contract's producer may take before its case is
  /// `encoding-failed` (a factory that never returns must not hang the run).
  public var producerTimeLimit: Duration = .seconds(60)

  /// The version clients of the next release run.
  public var currentVersion: SystemVersion { versions[versions.count - 1] }
  /// The locale every other locale falls back to.
  public var baseLocale: String { locales[0] }

  /// Declares a catalog whose translations are the YAML files in `localizations`.
  /// - Throws: ``CatalogError`` for no versions or locales, invalid locale names, an
  ///   unreleased version that is not the newest, or a localization folder that is missing or
  ///   holds no `.yml` file (never an empty store: every text would record as empty);
  ///   `InputError` for unreadable translations.
  public init(versions: [SystemVersion], unreleased: SystemVersion? = nil, locales: [String],
              localizations: URL?, baselines: URL) throws
  {
    try self.init(
      versions: versions, unreleased: unreleased, locales: locales,
      store: Self.translations(in: localizations), baselines: baselines)
  }

  /// The store of the `.yml` files in `folder`.
  /// - Throws: ``CatalogError`` when there is no folder or no `.yml` file in it.
  static func translations(in folder: URL?) throws -> LocalizationStore {
    let hint = "declare the folder in Package.swift with resources: [.copy(\"Localization\")] "
      + "(.process flattens its files into the bundle, so no folder is found) and find it with "
      + "Bundle.module.url(forResource: \"Localization\", withExtension: nil); a catalog "
      + "without translations passes store: .empty instead"
    guard let folder else {
      throw CatalogError.invalidDeclaration("the catalog's localization folder was not found: \(hint)")
    }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder),
      isFolder.boolValue
    else {
      throw CatalogError.invalidDeclaration(
        "the catalog's localization folder \(folder.path) does not exist: \(hint)")
    }
    guard !(try TranslationFiles.find(in: folder)).isEmpty else {
      throw CatalogError.invalidDeclaration(
        "the catalog's localization folder \(folder.path) holds no .yml file (FOSMVVM loads only "
          + "files ending in .yml): \(hint)")
    }
    return try LocalizationStore(directory: folder)
  }

  /// Declares a catalog over a store already loaded (tests, generated catalogs).
  public init(versions: [SystemVersion], unreleased: SystemVersion? = nil, locales: [String],
              store: LocalizationStore, baselines: URL) throws
  {
    let sorted = Array(Set(versions)).sorted()
    guard !sorted.isEmpty else { throw CatalogError.invalidDeclaration("a catalog needs at least one version") }
    guard !locales.isEmpty else { throw CatalogError.invalidDeclaration("a catalog needs at least one locale") }
    for locale in locales where !BaselineLayout.isValidLocale(locale) {
      throw CatalogError.invalidName(
        kind: "locale", name: locale, registeredAt: "Catalog(locales:)",
        rule: "BCP-47 with hyphens, like 'en' or 'pt-BR'")
    }
    // Case-only twins would share files on case-insensitive file systems (macOS).
    for (index, locale) in locales.enumerated() {
      guard let twin = locales[..<index].first(where: { $0.lowercased() == locale.lowercased() })
      else { continue }
      guard twin != locale else {
        throw CatalogError.invalidDeclaration("a catalog lists locale '\(locale)' twice: \(locales)")
      }
      throw CatalogError.invalidDeclaration(
        "the catalog's locales '\(twin)' and '\(locale)' differ only in case: their baselines "
          + "\(twin).json and \(locale).json would be one file on case-insensitive file systems "
          + "(macOS); list the locale once")
    }
    if let unreleased, unreleased != sorted.last {
      throw CatalogError.invalidDeclaration(
        "only the newest version can be unreleased; \(unreleased) is not \(sorted[sorted.count - 1])")
    }
    self.versions = sorted
    self.unreleasedVersion = unreleased
    self.locales = locales
    self.store = store
    keyIndex = WireKeyIndex(store)
    self.baselineDirectory = baselines
  }

  /// A copy reading and writing baselines in `directory` (`--baselines DIR`).
  package func withBaselines(at directory: URL) -> Catalog {
    var copy = self
    copy.baselineDirectoryOverride = directory
    return copy
  }

  private var baselineDirectoryOverride: URL?

  /// Where this catalog's baselines are read and written.
  package var effectiveBaselineDirectory: URL { baselineDirectoryOverride ?? baselineDirectory }

  /// Registers a view model with its default stub and ``Stubbable/stubVariants``.
  /// - Parameters:
  ///   - redacting: Paths whose values are volatile by design (see ``Redaction``).
  ///   - randomIdentities: Identities random by design (`/banner/vmId`, `**/vmId`), written
  ///     into `contract.json` for review: accepted there while random, and reported when
  ///     they become stable (`identity-stabilized`) or no payload needs the declaration.
  public mutating func register<VM: ViewModel>(
    _ type: VM.Type, named name: String? = nil, redacting: [String] = [],
    randomIdentities: [String] = [], fileID: String = #fileID, line: Int = #line
  ) throws(CatalogError) {
    try register(type, named: name, stub: { VM.stub() }, variants: VM.stubVariants,
                 redacting: redacting, randomIdentities: randomIdentities, fileID: fileID,
                 line: line)
  }

  /// Registers any `Encodable` type (a plain Codable DTO) with an explicit stub, encoded by
  /// ContractKit's localizing encoder.
  public mutating func register<T: Encodable & Sendable>(
    _ type: T.Type, named name: String? = nil, stub: @escaping @Sendable () -> T,
    variants: [StubVariant<T>] = [], redacting: [String] = [], randomIdentities: [String] = [],
    fileID: String = #fileID, line: Int = #line
  ) throws(CatalogError) {
    let registeredAt = "\(fileID):\(line)"
    try add(Contract.make(
      name: name ?? contractTypeName(type), source: .stub { stub() },
      variants: variants.map { variant in (variant.name, .stub { variant.make() }) },
      decoding: type, decoder: nil,
      hints: try Self.redactionHints(redacting, registeredAt: registeredAt),
      redactsFreshness: false, registeredAt: registeredAt, randomIdentities: randomIdentities))
  }

  /// `redacting:` patterns as hints.
  static func redactionHints(_ patterns: [String], registeredAt: String) throws(CatalogError)
    -> [WireHint]
  {
    var hints: [WireHint] = []
    for pattern in patterns {
      do {
        hints.append(WireHint(fact: .redaction(try Redaction(pattern).pattern)))
      } catch {
        throw .invalidDeclaration("\(error.description) (\(registeredAt))")
      }
    }
    return hints
  }

  mutating func add(_ contract: Contract) throws(CatalogError) {
    // Case-only twins (`Card`, `card`) would share a folder on case-insensitive file systems.
    let folded = contract.name.lowercased()
    if let existing = positions[folded].map({ contracts[$0] }) {
      if existing.name != contract.name {
        let root = BaselineFiles.relativeToWorkingDirectory(baselineDirectory.standardizedFileURL.path)
        throw .invalidDeclaration(
          "contracts '\(existing.name)' (\(existing.registeredAt)) and '\(contract.name)' "
            + "(\(contract.registeredAt)) differ only in case: their baseline folders "
            + "\(root)/\(existing.name) and \(root)/\(contract.name) would be one folder on "
            + "case-insensitive file systems (macOS); rename one")
      }
      throw .duplicateContract(
        name: contract.name, first: existing.registeredAt, second: contract.registeredAt)
    }
    var shared = contract
    shared.hintedAnnotations = registeredHints.insert(contract.hintedAnnotations).memberAfterInsert
    shared.declarations = registeredDeclarations.insert(contract.declarations).memberAfterInsert
    positions[folded] = contracts.count
    contracts.append(shared)
  }

  /// The contract named `name`.
  package func contract(named name: String) -> Contract? {
    guard let position = positions[name.lowercased()], contracts[position].name == name
    else { return nil }
    return contracts[position]
  }

  /// Whether `version` is released, so its baselines are guarded by `record`.
  package func isReleased(_ version: SystemVersion) -> Bool { version != unreleasedVersion }
}
