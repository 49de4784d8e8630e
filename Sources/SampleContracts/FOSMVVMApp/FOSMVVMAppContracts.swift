import ContractKit
import Foundation

/// The sample app's FOSMVVM-style screens as wire contracts: each payload is what the app's
/// own localizing encoder writes (a fresh `JSONEncoder` with the locale and translations in
/// `userInfo`), and the hints say what ContractKit cannot learn from types it never sees.
enum FOSMVVMAppContracts {
  static func register(in catalog: inout Catalog) throws {
    let translations = AppTranslations(store: catalog.store, baseLocale: catalog.baseLocale)
    @Sendable func encode(_ value: any Encodable, _ request: WireRequest) throws -> Data {
      try Self.encode(value, for: request, translations: translations)
    }

    try catalog.register(
      wire: "AccountBannerViewModel", variants: ["free"], decoding: AccountBannerViewModel.self,
      hints: [
        .localized("/headline", keys: ["AccountBannerViewModel.headline"]),
        .localized("/planDisplay", keys: keys("AccountBannerViewModel.Plan", AccountBannerViewModel.Plan.self)),
        .enumeration("/plan", AccountBannerViewModel.Plan.self),
      ]
    ) { request in try encode(AccountBannerViewModel.stub(request.variant), request) }

    try catalog.register(
      wire: "JobListViewModel", variants: ["empty"], decoding: JobListViewModel.self,
      hints: [
        .localized("/pageTitle", keys: ["JobListViewModel.pageTitle"]),
        .localized("/rows/*/stateDisplay", keys: keys("JobListViewModel.JobState", JobListViewModel.JobState.self)),
        .localized("/rows/*/openButtonTitle", keys: ["JobListViewModel.Row.openButtonTitle"]),
        .localized("/rows/*/startedAt/ls"),
        .enumeration("/rows/*/state", JobListViewModel.JobState.self),
        .localized("/summary/heading", keys: ["JobListViewModel.Summary.heading"]),
        .localized("/summary/activeSummary", keys: ["JobListViewModel.Summary.activeSummary"]),
        .localized("/totalCount/ls"),
      ]
    ) { request in try encode(JobListViewModel.stub(request.variant), request) }

    try catalog.register(
      wire: "CardDeclinedErrorViewModel", decoding: CardDeclinedErrorViewModel.self,
      hints: [
        .localized("/title", keys: ["CardDeclinedErrorViewModel.title"]),
        .localized("/message", keys: ["CardDeclinedErrorViewModel.message"]),
        .localized("/retryTitle", keys: ["CardDeclinedErrorViewModel.retryTitle"]),
      ]
    ) { request in try encode(CardDeclinedErrorViewModel.stub(), request) }

    try catalog.register(
      wire: "MemberProfileViewModel", decoding: MemberProfileViewModel.self,
      hints: [
        .localized("/memberSinceLabel", keys: ["MemberProfileViewModel.memberSinceLabel"]),
        .localized("/memberSince/ls"),
        .localized("/followerCount/ls"),
        .localized("/postCountLabel", keys: ["MemberProfileViewModel.postCountLabel"]),
        .localized("/postCount/ls"),
        .localized("/stats/wrappedValue/followers/ls"),
        .localized("/stats/wrappedValue/lastActive/ls"),
        .localized("/badges/title", keys: ["MemberProfileViewModel.Badges.title"]),
        .localized("/badges/count/ls"),
      ]
    ) { request in try encode(MemberProfileViewModel.make(for: request.version), request) }

    try catalog.register(
      OrderExportDTO.self, stub: { .stub() }, encoder: { _ in OrderExportDTO.encoder() },
      decoder: { OrderExportDTO.decoder() },
      hints: [.redacted("/request_id"), .redacted("/exported_at")])
  }

  /// The app's bytes for `value`, from a fresh localizing encoder for `request`'s locale.
  private static func encode(_ value: any Encodable, for request: WireRequest,
                             translations: AppTranslations) throws -> Data
  {
    try AppWire.localizingEncoder(locale: request.locale, translations: translations)
      .encode(value)
  }

  /// The display-text keys of every case of `type`: `<prefix>.<case>`.
  private static func keys<E: CaseIterable>(_ prefix: String, _ type: E.Type) -> [String] {
    type.allCases.map { "\(prefix).\($0)" }
  }
}
