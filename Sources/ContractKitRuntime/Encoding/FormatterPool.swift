import Foundation

/// Foundation formatters kept per thread from one encoding to the next.
///
/// Building a `NumberFormatter` or `DateFormatter` opens an ICU formatter, which costs far
/// more than formatting a value with it: an encoding session that built its own for every
/// payload spent most of a check doing that. A session checks its formatters out of its
/// thread's pool (or builds them), restores their shared settings to what a fresh one has,
/// and checks them back in when its encoding ends, so output never depends on which payload
/// a thread encoded before. A formatter belongs to one session at a time.
final class FormatterPool {
  /// A pooled formatter's locale and the settings it was built with.
  struct Key: Hashable {
    let locale: String
    let settings: FormatterSettings
  }

  private var numbers: [Key: ReusableNumberFormatter] = [:]
  private var dates: [Key: DateFormatter] = [:]

  /// The calling thread's pool.
  static var current: FormatterPool { slot.current }

  private static let slot = ThreadSlot { FormatterPool() }

  /// Takes the pooled number formatter for `key`, if one is free.
  func takeNumberFormatter(_ key: Key) -> ReusableNumberFormatter? {
    numbers.removeValue(forKey: key)
  }

  /// Takes the pooled date formatter for `key`, if one is free.
  func takeDateFormatter(_ key: Key) -> DateFormatter? {
    dates.removeValue(forKey: key)
  }

  /// Returns formatters a session no longer uses.
  func giveBack(numbers: [Key: ReusableNumberFormatter], dates: [Key: DateFormatter]) {
    self.numbers.merge(numbers) { pooled, _ in pooled }
    self.dates.merge(dates) { pooled, _ in pooled }
  }
}

/// What a formatter is built with, besides its locale: a session's cache key, hashed for
/// every localized number and date, so a value rather than a string spelled each time.
enum FormatterSettings: Hashable {
  case number(style: UInt, fractionDigits: Int?)
  case date(date: UInt, time: UInt)
}

/// A `NumberFormatter` that ignores settings that change nothing and can be put back to the
/// settings it was built with.
///
/// Foundation's formatter drops its ICU formatter on every property set, even one that
/// changes nothing, and builds a new one on the next use; `LocalizableInt` sets
/// `usesGroupingSeparator` before every value, so without this every grouped integer paid
/// for a new ICU formatter.
///
/// It also remembers what it spelled (``SpellingMemory``): a stub is encoded again for the
/// determinism probe and for each system version, with the same numbers.
final class ReusableNumberFormatter: NumberFormatter, @unchecked Sendable {
  /// `usesGroupingSeparator` as configured when the formatter was built.
  private var initialGrouping = true
  @exclusivity(unchecked) private var memory = SpellingMemory<NumberKey>()

  /// A number as its spelling depends on it: its value, its type, and grouping, the one
  /// setting callers change.
  private struct NumberKey: SpellingKey {
    let bits: UInt64
    let integer: Int64
    let type: Int8
    let grouped: Bool

    var spellingBits: UInt64 {
      bits ^ (UInt64(bitPattern: integer) &* 0xBF58_476D_1CE4_E5B9)
        ^ (UInt64(UInt8(bitPattern: type)) << 1) ^ (grouped ? 1 : 0)
    }
  }

  /// Builds a formatter for `locale`, `style` and `fractionDigits` (both bounds).
  convenience init(locale: Locale, style: NumberFormatter.Style, fractionDigits: Int?) {
    self.init()
    self.locale = locale
    numberStyle = style
    if let fractionDigits {
      minimumFractionDigits = fractionDigits
      maximumFractionDigits = fractionDigits
    }
    initialGrouping = usesGroupingSeparator
  }

  override var usesGroupingSeparator: Bool {
    get { super.usesGroupingSeparator }
    set {
      guard newValue != super.usesGroupingSeparator else { return }
      super.usesGroupingSeparator = newValue
    }
  }

  /// Puts back what callers may change (grouping), as a freshly built formatter has it.
  func restoreInitialSettings() {
    usesGroupingSeparator = initialGrouping
  }

  package override func string(from number: NSNumber) -> String? {
    let key = NumberKey(
      bits: number.doubleValue.bitPattern, integer: number.int64Value,
      type: number.objCType.pointee, grouped: usesGroupingSeparator)
    if let known = memory[key] { return known }
    let text = super.string(from: number)
    if let text { memory[key] = text }
    return text
  }
}

/// A date formatter that remembers what it spelled: nothing changes its settings after it is
/// built, and the same dates come back for the determinism probe and for each version.
final class RememberingDateFormatter: DateFormatter, @unchecked Sendable {
  @exclusivity(unchecked) private var memory = SpellingMemory<UInt64>()

  package override func string(from date: Date) -> String {
    let key = date.timeIntervalSinceReferenceDate.bitPattern
    if let known = memory[key] { return known }
    let text = super.string(from: date)
    memory[key] = text
    return text
  }
}
