import ContractKit
import Foundation

/// The sample app's catalog: every contract, the three shipped wire versions plus the one in
/// development, and six locales.
public enum SampleCatalog {
  /// The package root, found from this file's location so any working directory works.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Builds the catalog.
  /// - Throws: `CatalogError` for a mistake in the registrations, `InputError` for bad YAML.
  public static func make() throws -> Catalog {
    var catalog = try Catalog(
      versions: [.v1_0, .v1_1, .v2_0, .v2_1], unreleased: .v2_1,
      locales: ["en", "es", "de", "fr", "ja", "pt-BR"],
      localizations: Bundle.module.url(forResource: "Localization", withExtension: nil),
      baselines: packageRoot.appendingPathComponent(BaselineLayout.directoryName))
    try catalog.register(DashboardViewModel.self)
    try catalog.register(ActivityCardViewModel.self)
    try catalog.register(WelcomeBannerViewModel.self)
    try catalog.register(SettingsViewModel.self)
    try catalog.register(NotificationPreferencesViewModel.self)
    try catalog.register(UserProfileViewModel.self)
    try catalog.register(OrderStatusViewModel.self)
    try catalog.register(OrderHistoryViewModel.self)
    try catalog.register(PaymentDeclinedErrorViewModel.self)
    try catalog.register(SessionExpiredErrorViewModel.self)
    try catalog.register(SignInViewModel.self)
    try catalog.register(MessageThreadViewModel.self)
    try catalog.register(LegacyOrderSummaryDTO.self, stub: { .sample })
    try FOSMVVMAppContracts.register(in: &catalog)
    return catalog
  }

  /// The FOSMVVM-style app's contracts alone, over translations and baselines elsewhere:
  /// what tests break on purpose in temporary copies.
  public static func fosmvvmApp(localizations: URL, baselines: URL) throws -> Catalog {
    var catalog = try Catalog(
      versions: [.v1_0, .v1_1, .v2_0, .v2_1], unreleased: .v2_1,
      locales: ["en", "es", "de", "fr", "ja", "pt-BR"], localizations: localizations,
      baselines: baselines)
    try FOSMVVMAppContracts.register(in: &catalog)
    return catalog
  }
}
