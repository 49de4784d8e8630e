import Foundation

/// Everything one encoding of one stub learns: its locale and version, the translations it
/// looked up, the metadata of its paths, and any random identities.
///
/// A session belongs to one encoding on one thread; it is never shared.
final class EncodingSession {
  let locale: String
  let baseLocale: String
  let store: LocalizationStore
  let version: SystemVersion
  let foundationLocale: Locale
  /// Whether path annotations are collected (record and diff need them; the fast path not).
  let collectsAnnotations: Bool

  /// Every store lookup, in order.
  private(set) var lookups: [Lookup] = []
  /// Annotations by path pattern (`/cards/*/title`); a path may carry several
  /// (`versioned` and `localized`).
  private(set) var annotations: [String: [PathAnnotation]] = [:]
  /// Pointers of identities made with `ViewModelId()`.
  private(set) var randomIdentities: [String] = []

  private var numberFormatters: [String: NumberFormatter] = [:]
  private var dateFormatters: [String: DateFormatter] = [:]

  /// One store lookup and how it resolved.
  struct Lookup: Hashable {
    let key: String
    let pointer: String
    let resolution: Resolution
  }

  init(locale: String, baseLocale: String, store: LocalizationStore, version: SystemVersion,
       collectsAnnotations: Bool = true) {
    self.locale = locale
    self.baseLocale = baseLocale
    self.store = store
    self.version = version
    self.collectsAnnotations = collectsAnnotations
    foundationLocale = Locale(identifier: locale)
  }

  func lookUp(_ key: String, at path: EncodingPath?) -> LocalizedValue? {
    let resolution = store.resolve(key, locale: locale, baseLocale: baseLocale)
    lookups.append(Lookup(key: key, pointer: path.pointer, resolution: resolution))
    switch resolution {
    case .resolved(let value), .fellBack(let value, _): return value
    case .missing: return nil
    }
  }

  func annotate(_ annotation: PathAnnotation, at path: EncodingPath?) {
    guard collectsAnnotations else { return }
    let pattern = path.pattern
    if annotations[pattern]?.contains(annotation) == true { return }
    annotations[pattern, default: []].append(annotation)
  }

  func noteIdentity(_ identity: ViewModelId, at path: EncodingPath?) {
    annotate(.identity, at: path)
    if identity.origin == .random { randomIdentities.append(path.pointer) }
  }

  func numberFormatter(_ style: NumberFormatter.Style, fractionDigits: Int?) -> NumberFormatter {
    let cacheKey = "\(style.rawValue)/\(fractionDigits ?? -1)"
    if let formatter = numberFormatters[cacheKey] { return formatter }
    let formatter = NumberFormatter()
    formatter.locale = foundationLocale
    formatter.numberStyle = style
    if let fractionDigits {
      formatter.minimumFractionDigits = fractionDigits
      formatter.maximumFractionDigits = fractionDigits
    }
    numberFormatters[cacheKey] = formatter
    return formatter
  }

  func dateFormatter(date: DateFormatter.Style, time: DateFormatter.Style) -> DateFormatter {
    let cacheKey = "\(date.rawValue)/\(time.rawValue)"
    if let formatter = dateFormatters[cacheKey] { return formatter }
    let formatter = DateFormatter()
    formatter.locale = foundationLocale
    // Pinned so a baseline never depends on the recording machine's settings.
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.calendar = Calendar(identifier: .gregorian)
    formatter.dateStyle = date
    formatter.timeStyle = time
    dateFormatters[cacheKey] = formatter
    return formatter
  }
}
