import ContractKit
import Foundation

/// The sample app's FOSMVVM-style screens as wire contracts: each payload is what the app's
/// own localizing encoder writes (a fresh `JSONEncoder` with the locale and translations in
/// `userInfo`). Their texts need no hints: ContractKit knows FOSMVVM's key rules.
enum FOSMVVMAppContracts {
  static func register(in catalog: inout Catalog) throws {
    let translations = AppTranslations(store: catalog.store, baseLocale: catalog.baseLocale)
    @Sendable func encode(_ value: any Encodable, _ request: WireRequest) throws -> Data {
      try Self.encode(value, for: request, translations: translations)
    }

    // No hints for texts: ContractKit finds their keys with FOSMVVM's rules (the type and
    // property, nested types, `<Enum>.<case>` beside an enum value). An enum field's case
    // list is one line, so a case added to a released version is seen.
    try catalog.register(
      wire: "AccountBannerViewModel", variants: ["free"], decoding: AccountBannerViewModel.self,
      hints: [.enumeration("/plan", AccountBannerViewModel.Plan.self)]
    ) { request in try encode(AccountBannerViewModel.stub(request.variant), request) }

    try catalog.register(
      wire: "JobListViewModel", variants: ["empty"], decoding: JobListViewModel.self,
      hints: [.enumeration("/rows/*/state", JobListViewModel.JobState.self)]
    ) { request in try encode(JobListViewModel.stub(request.variant), request) }

    try catalog.register(wire: "CardDeclinedErrorViewModel", decoding: CardDeclinedErrorViewModel.self) {
      request in try encode(CardDeclinedErrorViewModel.stub(), request)
    }

    // Every kind of localized property FOSMVVM has (`parentKeys:`, `propertyName:`, `index:`,
    // `@LocalizedStrings`, `@LocalizedCompoundString`, `@LocalizedSubs`), and not one hint.
    try catalog.register(wire: "InboxViewModel", decoding: InboxViewModel.self) { request in
      try encode(InboxViewModel.stub(), request)
    }

    // Built by an async factory per client version, as FOSMVVM's `@VersionedFactory` does.
    try catalog.register(
      MemberProfileViewModel.self,
      encoder: { request in AppWire.localizingEncoder(locale: request.locale, translations: translations) }
    ) { request in try await MemberProfileViewModel.model(for: request.version) }

    // A transient banner whose identity is random on purpose, declared for review.
    try catalog.register(
      wire: "FlashBannerViewModel", decoding: FlashBannerViewModel.self,
      randomIdentities: ["/vmId"]
    ) { request in try encode(FlashBannerViewModel.stub(), request) }

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
}
