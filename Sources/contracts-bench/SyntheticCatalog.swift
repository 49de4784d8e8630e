import ContractKit
import Foundation

/// The benchmark's catalog: one realistic screen type registered many times under different
/// names, each with its own seeded stub, so any number of baseline files can be generated
/// deterministically.
///
/// Every contract has 12 payload files (2 versions × 6 locales). A payload is a screen with
/// a header, a nested summary, and sections of rows carrying `vmId`s, localized text, enum
/// display text, localized numbers and dates; its size is drawn log-uniformly from 1 to 50 KB.
enum SyntheticCatalog {
  static let locales = ["en", "es", "de", "fr", "ja", "pt-BR"]
  static let versions = [SystemVersion(1, 0, 0), SystemVersion(2, 0, 0)]

  /// Payload files per contract: every version in every locale.
  static var filesPerContract: Int { locales.count * versions.count }

  /// Contracts needed for at least `files` payload files.
  static func contractCount(files: Int) -> Int {
    max(1, (files + filesPerContract - 1) / filesPerContract)
  }

  /// `Screen00042`.
  static func contractName(_ index: Int) -> String {
    let digits = String(index)
    return "Screen" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits
  }

  /// The catalog of `contractCount(files:)` screens, reading and writing `baselines`.
  static func make(files: Int, baselines: URL) throws -> Catalog {
    var catalog = try Catalog(
      versions: versions, locales: locales, store: try SyntheticStore.make(), baselines: baselines)
    for index in 0..<contractCount(files: files) {
      let seed = UInt64(index)
      try catalog.register(
        SyntheticScreen.self, named: contractName(index),
        stub: { SyntheticScreen.make(seed: seed) })
    }
    return catalog
  }
}

/// SplitMix64: a tiny, fast generator whose sequence is fixed by its seed on every platform.
struct SeededRandom {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed &* 0x9E37_79B9_7F4A_7C15 ^ 0x5851_F42D_4C95_7F2D
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform integer in `range`.
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }

  /// A uniform double in `[0, 1)`.
  mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

  /// `true` with probability `chance`.
  mutating func chance(_ chance: Double) -> Bool { unit() < chance }

  /// A uniformly chosen element of a non-empty array.
  mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}

// MARK: - The screen type

/// A row's order state, shown through localization (`RowStatus.shipped`).
enum RowStatus: ViewModelEnum {
  case placed, paid, packed, shipped, delivered, returned, cancelled, backordered
}

/// The screen every synthetic contract registers.
struct SyntheticScreen: ViewModel {
  let vmId: ViewModelId
  let title: LocalizableString
  let greeting: LocalizableSubstitutions
  let updatedAt: LocalizableDate
  let itemCount: LocalizableInt
  let summary: ScreenSummary
  let sections: [ScreenSection]
  /// A banner that exists on the wire from 2.0.0 on.
  @Versioned(since: SystemVersion(2, 0, 0)) var promotion: LocalizableString?

  static func stub() -> SyntheticScreen { make(seed: 0) }

  /// The promotion as the wire carries it for `version`.
  func promotion(in version: SystemVersion) -> LocalizableString? {
    _promotion.isCarried(in: version) ? promotion : nil
  }

  /// The screen for `seed`: the same value on every call.
  static func make(seed: UInt64) -> SyntheticScreen {
    var random = SeededRandom(seed: seed)
    // Log-uniform size between 1 KB and 50 KB; a row is about 560 bytes once encoded.
    let target = exp(log(1_000.0) + random.unit() * (log(50_000.0) - log(1_000.0)))
    let rowCount = max(2, Int((target - 900) / 560))
    let sectionCount = min(rowCount, random.int(1...4))
    var sections: [ScreenSection] = []
    var nextRow = 0
    for index in 0..<sectionCount {
      let count = index == sectionCount - 1
        ? rowCount - nextRow : rowCount / sectionCount
      sections.append(ScreenSection.make(
        screen: seed, index: index, rows: nextRow..<(nextRow + count), random: &random))
      nextRow += count
    }
    let base = 1_767_225_600 + Double(seed % 5_000) * 3_600
    let keys = SyntheticStore.self
    return SyntheticScreen(
      vmId: ViewModelId(id: "screen-\(seed)"),
      title: .localized(key: keys.titleKeys[Int(seed) % keys.titleKeys.count]),
      greeting: LocalizableSubstitutions(
        template: .localized(key: SyntheticStore.greetingKey),
        substitutions: ["name": .string(.constant(random.pick(SyntheticWords.people)))]),
      updatedAt: LocalizableDate(value: Date(timeIntervalSince1970: base), dateStyle: .long),
      itemCount: LocalizableInt(value: rowCount * 37 + random.int(0...999)),
      summary: ScreenSummary.make(seed: seed, random: &random),
      sections: sections,
      promotion: random.chance(0.5)
        ? .localized(key: keys.promotionKeys[Int(seed) % keys.promotionKeys.count])
        : nil)
  }

  init(vmId: ViewModelId, title: LocalizableString, greeting: LocalizableSubstitutions,
       updatedAt: LocalizableDate, itemCount: LocalizableInt, summary: ScreenSummary,
       sections: [ScreenSection], promotion: LocalizableString?)
  {
    self.vmId = vmId
    self.title = title
    self.greeting = greeting
    self.updatedAt = updatedAt
    self.itemCount = itemCount
    self.summary = summary
    self.sections = sections
    self.promotion = promotion
  }
}

/// A nested object: the account the screen belongs to.
struct ScreenSummary: Codable, Sendable {
  let vmId: ViewModelId
  let label: LocalizableString
  let balance: LocalizableDouble
  let lastOrder: LocalizableDate
  let owner: Owner
  let loyaltyTier: Int

  /// Plain data: the same text in every locale.
  struct Owner: Codable, Sendable {
    let name: String
    let email: String
    let memberSince: Date
  }

  static func make(seed: UInt64, random: inout SeededRandom) -> ScreenSummary {
    let name = random.pick(SyntheticWords.people)
    return ScreenSummary(
      vmId: ViewModelId(id: "account-\(seed)"),
      label: .localized(key: random.pick(SyntheticStore.summaryKeys)),
      balance: LocalizableDouble(value: Double(random.int(0...9_999_999)) / 100, fractionDigits: 2),
      lastOrder: LocalizableDate(
        value: Date(timeIntervalSince1970: 1_760_000_000 + Double(random.int(0...9_999_999)))),
      owner: Owner(
        name: name, email: name.lowercased().replacingOccurrences(of: " ", with: ".")
          + "@example.com",
        memberSince: Date(
          timeIntervalSince1970: 1_500_000_000 + Double(random.int(0...99_999_999)))),
      loyaltyTier: random.int(0...4))
  }
}

/// A titled list of rows.
struct ScreenSection: Codable, Sendable {
  let vmId: ViewModelId
  let heading: LocalizableString
  let layout: String
  let rows: [ScreenRow]

  static func make(screen: UInt64, index: Int, rows: Range<Int>, random: inout SeededRandom)
    -> ScreenSection
  {
    ScreenSection(
      vmId: ViewModelId(id: "section-\(screen)-\(index)"),
      heading: .localized(key: random.pick(SyntheticStore.headingKeys)),
      layout: random.pick(["list", "grid", "carousel"]),
      rows: rows.map { ScreenRow.make(screen: screen, row: $0, random: &random) })
  }
}

/// One list row: an order line with its own stable identity.
struct ScreenRow: Codable, Sendable {
  let vmId: ViewModelId
  let name: LocalizableString
  let status: RowStatus
  let statusText: LocalizableString
  let rank: Int
  let quantity: LocalizableInt
  let price: LocalizableDouble
  let shippedAt: LocalizableDate
  let sku: String
  let tags: [String]
  let isFavorite: Bool
  let note: String?

  static func make(screen: UInt64, row: Int, random: inout SeededRandom) -> ScreenRow {
    let status = random.pick(RowStatus.allCases)
    return ScreenRow(
      vmId: ViewModelId(id: Int(screen) * 100_000 + row),
      name: .constant(
        random.pick(SyntheticWords.products) + " " + random.pick(SyntheticWords.colors)),
      status: status,
      statusText: status.displayText,
      rank: row + 1,
      quantity: LocalizableInt(value: random.int(1...2_500)),
      price: LocalizableDouble(value: Double(random.int(99...250_000)) / 100, fractionDigits: 2),
      shippedAt: LocalizableDate(
        value: Date(timeIntervalSince1970: 1_750_000_000 + Double(random.int(0...30_000_000)))),
      sku: "SKU-\(random.int(100_000...999_999))",
      tags: (0..<random.int(0...3)).map { _ in random.pick(SyntheticWords.tags) },
      isFavorite: random.chance(0.2),
      note: random.chance(0.3) ? random.pick(SyntheticWords.notes) : nil)
  }
}
