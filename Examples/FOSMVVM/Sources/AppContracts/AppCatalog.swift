import AppViewModels
import ContractKit
import FOSFoundation
import FOSMVVM
import Foundation

/// The app's wire contracts: each ViewModel encoded by FOSMVVM's own localizing encoder, a
/// fresh one per payload. No hints for texts: ContractKit knows FOSMVVM's key rules.
public enum AppCatalog {
  /// The package root, found from this file, so any working directory works.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  public static func make() throws -> Catalog {
    var catalog = try Catalog(
      versions: [.init(1, 0, 0), .init(2, 0, 0)], locales: ["en", "es"],
      localizations: AppResources.localizationDirectory,
      baselines: packageRoot.appendingPathComponent(".VersionedTestJSON"))
    let store = try AppResources.localizationStore()
    @Sendable func encoder(_ request: WireRequest) -> JSONEncoder {
      JSONEncoder.localizingEncoder(locale: Locale(identifier: request.locale),
                                    localizationStore: store)
    }

    try catalog.register(
      DashboardViewModel.self, stub: { .stub() }, encoder: encoder,
      decoder: { JSONDecoder.defaultDecoder },
      hints: [.enumeration("/rows/*/state", JobState.self)])

    // An async factory, given the client's version from the request (never a global).
    try catalog.register(
      ProfileViewModel.self, encoder: encoder, decoder: { JSONDecoder.defaultDecoder }
    ) { request in
      let version = FOSFoundation.SystemVersion(
        major: request.version.major, minor: request.version.minor,
        patch: request.version.patch)
      return try await ProfileViewModel.model(context: AppFactoryContext(appVersion: version))
    }

    // Random by design: declared, and written into contract.json for review.
    try catalog.register(
      SavedBannerViewModel.self, stub: { .stub() }, encoder: encoder,
      decoder: { JSONDecoder.defaultDecoder }, randomIdentities: ["/vmId"])
    return catalog
  }
}
