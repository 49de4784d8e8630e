import ContractKit
import Foundation

/// The benchmark's catalog as wire contracts: the same screens, with their bytes made by the
/// app's own encoder rather than ContractKit's.
///
/// Each request localizes the screen into the plain ``NaiveScreen`` DTO (the naive
/// reference's lookups and formatters) and encodes it with a `JSONEncoder` configured as an
/// app configures its wire encoder (`.iso8601` dates, default formatting, keys in declaration
/// order); ContractKit parses and canonicalizes those bytes. Hints say which paths are
/// localized (with their keys, so no translation reads as unused) and which field is an enum.
enum SyntheticWireCatalog {
  /// The wire catalog of `SyntheticCatalog.contractCount(files:)` screens, reading and
  /// writing `baselines`; `decoding`, each contract declares ``NaiveScreen`` as the type
  /// clients decode it with, as a FOSMVVM app's registration of a `ViewModel` type does.
  static func make(files: Int, baselines: URL, decoding: Bool = false) throws -> Catalog {
    let store = try SyntheticStore.make()
    var catalog = try Catalog(
      versions: SyntheticCatalog.versions, locales: SyntheticCatalog.locales, store: store,
      baselines: baselines)
    for index in 0..<SyntheticCatalog.contractCount(files: files) {
      let seed = UInt64(index)
      let hints = hints(for: SyntheticScreen.make(seed: seed))
      try catalog.register(
        wire: SyntheticCatalog.contractName(index), decoding: decoding ? NaiveScreen.self : nil,
        hints: hints
      ) { request in
        let localizer = NaiveLocalizer.forCurrentThread(locale: request.locale, store: store)
        let screen = NaiveScreen(SyntheticScreen.make(seed: seed), localizer, request.version)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(screen)
      }
    }
    return catalog
  }

  /// What the app's registration says about `screen`'s paths: a hint for a path the
  /// screen never has (half of them have no promotion) would be a mistake, which `check`
  /// refuses.
  static func hints(for screen: SyntheticScreen) -> [WireHint] {
    let keys = SyntheticStore.self
    let row = "/sections/*/rows/*"
    let promotion: [WireHint] = screen.promotion == nil
      ? [] : [.localized("/promotion", keys: keys.promotionKeys)]
    return [
      .localized("/title", keys: keys.titleKeys),
      .localized("/greeting", keys: [keys.greetingKey]),
    ] + promotion + [
      .localized("/updatedAt"), .localized("/itemCount"),
      .localized("/summary/label", keys: keys.summaryKeys),
      .localized("/summary/balance"), .localized("/summary/lastOrder"),
      .localized("/sections/*/heading", keys: keys.headingKeys),
      .localized("\(row)/statusText"), .localized("\(row)/quantity"),
      .localized("\(row)/price"), .localized("\(row)/shippedAt"),
      .enumeration("\(row)/status", RowStatus.self),
    ]
  }
}
