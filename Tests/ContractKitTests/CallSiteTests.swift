import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// The spellings a newcomer writes first: version literals, plain substitution values, a base
/// locale named as such, and baselines found beside the package.
@Suite("Call sites: what a newcomer writes")
struct CallSiteTests {
  @Test("a version literal is the parsed version")
  func versionLiteral() throws {
    let literal: SystemVersion = "1.10.0"
    #expect(literal == SystemVersion(1, 10, 0))
    #expect(literal == (try SystemVersion(parsing: "1.10.0")))
    let versions: [SystemVersion] = ["2.0.0", "1.0.0"]
    #expect(versions.sorted().map(\.versionString) == ["1.0.0", "2.0.0"])
  }

  @Test("substitutions take plain values: text is constant, numbers and dates per locale")
  func substitutionValues() throws {
    struct Banner: Codable, Sendable {
      var greeting: LocalizableSubstitutions
      init(name: String, count: Int) {
        greeting = LocalizableSubstitutions(
          template: .localized(key: "Banner.greeting"),
          substitutions: ["name": name, "count": count, "rating": 4.5,
                          "since": Date(timeIntervalSince1970: 1_622_505_600),
                          "plan": LocalizableString.localized(key: "Banner.plan")])
      }
    }
    let store = try makeStore("""
      en:
        Banner:
          greeting: "Hi %{name}: %{count} new, rated %{rating}, since %{since}, %{plan}"
          plan: "Pro"
      de:
        Banner:
          greeting: "Hallo %{name}: %{count} neu, Note %{rating}, seit %{since}, %{plan}"
          plan: "Profi"
      """)
    #expect(try canonical(Banner(name: "Ana", count: 12480), store: store) == """
      {
        "greeting" : "Hi Ana: 12,480 new, rated 4.5, since Jun 1, 2021, Pro"
      }

      """)
    #expect(try canonical(Banner(name: "Ana", count: 12480), locale: "de", store: store) == """
      {
        "greeting" : "Hallo Ana: 12.480 neu, Note 4,5, seit 01.06.2021, Profi"
      }

      """)
    let spelled = LocalizableSubstitutions(
      template: .localized(key: "Banner.greeting"),
      substitutions: ["name": .string(.constant("Ana")), "count": .int(LocalizableInt(value: 3))])
    let short = LocalizableSubstitutions(
      template: .localized(key: "Banner.greeting"), substitutions: ["name": "Ana", "count": 3])
    #expect(short == spelled)
  }

  @Test("the base locale is named as such and listed first, whether or not repeated")
  func baseLocale() throws {
    let directory = try TemporaryDirectory()
    let others = try Catalog(versions: ["1.0.0"], baseLocale: "en", locales: ["es", "de"],
                             store: .empty, baselines: directory.url)
    let repeated = try Catalog(versions: ["1.0.0"], baseLocale: "en",
                               locales: ["es", "en", "de"], store: .empty,
                               baselines: directory.url)
    #expect(others.locales == ["en", "es", "de"])
    #expect(repeated.locales == ["en", "es", "de"])
    #expect(others.baseLocale == "en")
  }

  @Test("baselines default to .VersionedTestJSON in the package of the declaring file")
  func baselinesBesidePackage() throws {
    let directory = try TemporaryDirectory()
    try directory.write("// swift-tools-version:6.0\n", to: "App/Package.swift")
    try directory.write("", to: "App/Sources/AppContracts/AppCatalog.swift")
    let file = directory.path("App/Sources/AppContracts/AppCatalog.swift").path
    let catalog = try Catalog(versions: ["1.0.0"], baseLocale: "en", locales: [],
                              store: .empty, filePath: file)
    #expect(catalog.baselineDirectory.standardizedFileURL
      == directory.path("App/.VersionedTestJSON").standardizedFileURL)
    // This very file lies in the ContractKit package.
    #expect(try Catalog.baselineDirectory(besidePackageOf: #filePath).standardizedFileURL
      == committedBaselines.standardizedFileURL)
    #expect(throws: CatalogError.self) {
      try Catalog.baselineDirectory(besidePackageOf: "/nonexistent/App/Sources/A/A.swift")
    }
  }

  @Test("a localization folder that is missing or holds no .yml file is an error naming .copy")
  func missingLocalizations() throws {
    let directory = try TemporaryDirectory()
    try directory.write("", to: "Localization/README.md")
    try directory.write("en:\n  A:\n    t: x\n", to: "Localization/en.yaml")
    func message(_ localizations: URL?) -> String {
      do {
        _ = try Catalog(versions: ["1.0.0"], baseLocale: "en", locales: ["es"],
                        localizations: localizations, baselines: directory.url)
        return "no error"
      } catch {
        return "\(error)"
      }
    }
    let hint = "declare the folder in Package.swift with resources: [.copy(\"Localization\")] "
      + "(.process flattens its files into the bundle, so no folder is found) and find it with "
      + "Bundle.module.url(forResource: \"Localization\", withExtension: nil); a catalog "
      + "without translations passes store: .empty instead"
    let folder = directory.path("Localization").path
    #expect(message(directory.path("Localization")) == "the catalog's localization folder "
      + "\(folder) holds no .yml file (FOSMVVM loads only files ending in .yml): \(hint)")
    #expect(message(directory.path("Missing")) == "the catalog's localization folder "
      + "\(directory.path("Missing").path) does not exist: \(hint)")
    #expect(message(nil) == "the catalog's localization folder was not found: \(hint)")
  }
}
