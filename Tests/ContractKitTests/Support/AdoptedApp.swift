import Foundation
import SampleContracts
@testable import ContractKit
@testable import ContractKitRuntime

/// A screen of a FOSMVVM app written before ContractKit, on the replica's framework
/// (SampleContracts' `FOSMVVMApp`): a home screen composing four children, each with
/// `var vmId = ViewModelId()` as its property default, and `stub()` calling the initializers.
struct AdoptedHomeViewModel: Codable, Sendable {
  struct Header: Codable, Sendable {
    let title: AppLocalizedString
    var vmId = AppViewModelId()
  }

  struct Banner: Codable, Sendable {
    let message: AppLocalizedString
    var vmId = AppViewModelId()
  }

  struct Row: Codable, Sendable {
    let name: String
    var vmId = AppViewModelId()
  }

  struct Footer: Codable, Sendable {
    let note: AppLocalizedString
    var vmId = AppViewModelId()
  }

  var header: Header
  var banner: Banner
  var rows: [Row]
  var footer: Footer?
  var vmId = AppViewModelId()

  /// What a test changes in the app.
  struct Edits: Sendable {
    /// The header's id fixed the FOSMVVM way: `ViewModelId(type: Self.self)`.
    var stableHeader = false
    /// The banner's id made stable from data: `.init(id: "banner")`.
    var stableBanner = false
    /// The footer child removed.
    var removeFooter = false
  }

  /// The app's `stub()`, with `edits`.
  static func stub(_ edits: Edits = Edits()) -> Self {
    var model = Self(
      header: Header(title: AppLocalizedString("AdoptedHomeViewModel.Header.title")),
      banner: Banner(message: AppLocalizedString("AdoptedHomeViewModel.Banner.message")),
      rows: [Row(name: "Nightly import"), Row(name: "Invoice sync")],
      footer: Footer(note: AppLocalizedString("AdoptedHomeViewModel.Footer.note")))
    if edits.stableHeader { model.header.vmId = AppViewModelId(type: Header.self) }
    if edits.stableBanner { model.banner.vmId = AppViewModelId(id: "banner") }
    if edits.removeFooter { model.footer = nil }
    return model
  }
}

/// Registering the adopted app, as its catalog would.
enum AdoptedApp {
  static let yaml = """
    en:
      AdoptedHomeViewModel:
        Header:
          title: "Home"
        Banner:
          message: "Saved"
        Footer:
          note: "All systems go"
    es:
      AdoptedHomeViewModel:
        Header:
          title: "Inicio"
        Banner:
          message: "Guardado"
        Footer:
          note: "Todo en orden"
    """

  /// A catalog of `scenario` (en, es; `versions`) with the home screen registered with
  /// `randomIdentities` and its stub changed by `edits`.
  static func catalog(
    _ scenario: Scenario, versions: [SystemVersion] = [Scenario.v1],
    randomIdentities: [String], edits: AdoptedHomeViewModel.Edits = .init(),
    fileID: String = #fileID, line: Int = #line
  ) throws -> Catalog {
    try scenario.catalog(versions: versions, yaml: yaml) { catalog in
      let translations = AppTranslations(store: catalog.store, baseLocale: catalog.baseLocale)
      try catalog.register(
        wire: "AdoptedHomeViewModel", decoding: AdoptedHomeViewModel.self,
        randomIdentities: randomIdentities, fileID: fileID, line: line
      ) { request in
        try AppWire.localizingEncoder(locale: request.locale, translations: translations)
          .encode(AdoptedHomeViewModel.stub(edits))
      }
    }
  }
}
