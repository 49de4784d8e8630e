import AppViewModels
import ContractKit
import Foundation

/// Every wire contract of the app, checked by `swift test` and `swift run app-contracts`.
public enum AppCatalog {
  public static func make() throws -> Catalog {
    var catalog = try Catalog(
      versions: ["1.0.0", "1.1.0"],          // every version clients in the field run,
      unreleased: "1.1.0",                   // and the next one while it is in development
      baseLocale: "en", locales: ["es", "de"],
      localizations: AppTranslations.directory)
    // Baselines: .VersionedTestJSON/ beside Package.swift, and Baselines.md beside them.
    try catalog.register(HomeViewModel.self)                // a ViewModel: stub() and variants
    try catalog.register(OrderListViewModel.self)
    try catalog.register(OrderDTO.self, stub: { .sample })  // any Encodable, with a stub
    return catalog
  }
}
