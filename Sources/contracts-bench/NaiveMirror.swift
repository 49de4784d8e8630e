import ContractKit
import Foundation

/// The naive reference's localization: what an app without a localizing encoder does before
/// handing a DTO to `JSONEncoder`, with the same lookups and formatters as ContractKit.
///
/// One localizer per thread and locale, so formatters (costly to build) are reused.
final class NaiveLocalizer {
  let locale: String
  private let chain: [String]
  private let store: LocalizationStore
  private let foundationLocale: Locale
  private var numberFormatters: [String: NumberFormatter] = [:]
  private var dateFormatters: [String: DateFormatter] = [:]

  private init(locale: String, store: LocalizationStore) {
    self.locale = locale
    self.store = store
    chain = LocalizationStore.fallbackChain(
      locale: locale, baseLocale: SyntheticCatalog.locales[0])
    foundationLocale = Locale(identifier: locale)
  }

  /// This thread's localizer for `locale`.
  static func forCurrentThread(locale: String, store: LocalizationStore) -> NaiveLocalizer {
    let dictionary = Thread.current.threadDictionary
    let key = "contracts-bench.naive.\(locale)"
    if let localizer = dictionary[key] as? NaiveLocalizer { return localizer }
    let localizer = NaiveLocalizer(locale: locale, store: store)
    dictionary[key] = localizer
    return localizer
  }

  func text(_ value: LocalizableString) -> String {
    switch value {
    case .empty: return ""
    case .constant(let text): return text
    case .localized(let key):
      for candidate in chain {
        if case .string(let text)? = store.value(forKey: key, locale: candidate) { return text }
      }
      return ""
    }
  }

  func text(_ value: LocalizableInt) -> String {
    guard let number = value.value else { return "" }
    let formatter = numberFormatter(.decimal, fractionDigits: 0, grouped: value.grouped)
    return formatter.string(from: NSNumber(value: number)) ?? String(number)
  }

  func text(_ value: LocalizableDouble) -> String {
    guard let number = value.value else { return "" }
    let formatter = numberFormatter(
      value.style == .percent ? .percent : .decimal, fractionDigits: value.fractionDigits,
      grouped: true)
    return formatter.string(from: NSNumber(value: number)) ?? String(number)
  }

  func text(_ value: LocalizableDate) -> String {
    guard let date = value.value else { return "" }
    return dateFormatter(value.dateStyle, value.timeStyle).string(from: date)
  }

  func text(_ value: LocalizableSubstitutions) -> String {
    var text = self.text(value.template)
    for (name, substitution) in value.substitutions {
      let filler: String
      switch substitution {
      case .string(let string): filler = self.text(string)
      case .int(let int): filler = self.text(int)
      case .double(let double): filler = self.text(double)
      case .date(let date): filler = self.text(date)
      }
      text = text.replacingOccurrences(of: "%{\(name)}", with: filler)
    }
    return text
  }

  /// A cached formatter; never reconfigured, since Foundation rebuilds its ICU formatter
  /// after any property change.
  private func numberFormatter(_ style: NumberFormatter.Style, fractionDigits: Int, grouped: Bool)
    -> NumberFormatter
  {
    let key = "\(style.rawValue)/\(fractionDigits)/\(grouped)"
    if let formatter = numberFormatters[key] { return formatter }
    let formatter = NumberFormatter()
    formatter.locale = foundationLocale
    formatter.numberStyle = style
    formatter.minimumFractionDigits = fractionDigits
    formatter.maximumFractionDigits = fractionDigits
    formatter.usesGroupingSeparator = grouped
    numberFormatters[key] = formatter
    return formatter
  }

  private func dateFormatter(_ date: DateFormatter.Style, _ time: DateFormatter.Style)
    -> DateFormatter
  {
    let key = "\(date.rawValue)/\(time.rawValue)"
    if let formatter = dateFormatters[key] { return formatter }
    let formatter = DateFormatter()
    formatter.locale = foundationLocale
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.calendar = Calendar(identifier: .gregorian)
    formatter.dateStyle = date
    formatter.timeStyle = time
    dateFormatters[key] = formatter
    return formatter
  }
}

/// ``SyntheticScreen`` with every localizable value resolved: the DTO `JSONEncoder` sees, and
/// the type a client decodes it with (the wire catalog that decodes, as FOSMVVM apps do).
struct NaiveScreen: Codable {
  let vmId: ViewModelId
  let title: String
  let greeting: String
  let updatedAt: String
  let itemCount: String
  let summary: Summary
  let sections: [Section]
  let promotion: String?

  struct Summary: Codable {
    let vmId: ViewModelId
    let label: String
    let balance: String
    let lastOrder: String
    let owner: ScreenSummary.Owner
    let loyaltyTier: Int
  }

  struct Section: Codable {
    let vmId: ViewModelId
    let heading: String
    let layout: String
    let rows: [Row]
  }

  struct Row: Codable {
    let vmId: ViewModelId
    let name: String
    let status: RowStatus
    let statusText: String
    let rank: Int
    let quantity: String
    let price: String
    let shippedAt: String
    let sku: String
    let tags: [String]
    let isFavorite: Bool
    let note: String?
  }

  init(_ screen: SyntheticScreen, _ localizer: NaiveLocalizer, _ version: SystemVersion) {
    vmId = screen.vmId
    title = localizer.text(screen.title)
    greeting = localizer.text(screen.greeting)
    updatedAt = localizer.text(screen.updatedAt)
    itemCount = localizer.text(screen.itemCount)
    let summary = screen.summary
    self.summary = Summary(
      vmId: summary.vmId, label: localizer.text(summary.label),
      balance: localizer.text(summary.balance), lastOrder: localizer.text(summary.lastOrder),
      owner: summary.owner, loyaltyTier: summary.loyaltyTier)
    sections = screen.sections.map { section in
      Section(
        vmId: section.vmId, heading: localizer.text(section.heading), layout: section.layout,
        rows: section.rows.map { row in
          Row(
            vmId: row.vmId, name: localizer.text(row.name), status: row.status,
            statusText: localizer.text(row.statusText), rank: row.rank,
            quantity: localizer.text(row.quantity), price: localizer.text(row.price),
            shippedAt: localizer.text(row.shippedAt), sku: row.sku, tags: row.tags,
            isFavorite: row.isFavorite, note: row.note)
        })
    }
    promotion = screen.promotion(in: version).map(localizer.text)
  }
}
