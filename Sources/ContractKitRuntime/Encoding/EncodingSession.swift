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
  /// The thread's answers to "is this type spelled as a primitive?".
  let primitiveTypes = WirePrimitiveTypes.current

  /// Every store lookup, in order.
  @exclusivity(unchecked) private(set) var lookups: [KeyLookup] = []
  /// The patterns met, with their annotations; a path may carry several (`versioned` and
  /// `localized`).
  private let patterns = PatternNode(pattern: "")
  /// The pattern nodes that carry annotations, in the order they got their first.
  private var annotatedPatterns: [PatternNode] = []
  /// Pointers of identities made with `ViewModelId()`.
  private(set) var randomIdentities: [String] = []

  /// Formatters this session uses, checked out of its thread's ``FormatterPool``: a few, so
  /// a short list, which a lookup per localized value scans faster than it hashes a key.
  @exclusivity(unchecked)
  private var numberFormatters: [(settings: FormatterSettings, formatter: ReusableNumberFormatter)]
    = []
  @exclusivity(unchecked)
  private var dateFormatters: [(settings: FormatterSettings, formatter: DateFormatter)] = []
  /// Children's encoders that finished and are not referenced anywhere, for the next child:
  /// a payload needs as many at once as it is deep, not one per value.
  @exclusivity(unchecked) private var spareEncoders: [ContractEncoder] = []

  /// The locales a lookup tries, computed once per session rather than once per lookup.
  private lazy var fallbackChain = FallbackChain(locale: locale, baseLocale: baseLocale)

  init(locale: String, baseLocale: String, store: LocalizationStore, version: SystemVersion,
       collectsAnnotations: Bool = true) {
    self.locale = locale
    self.baseLocale = baseLocale
    self.store = store
    self.version = version
    self.collectsAnnotations = collectsAnnotations
    foundationLocale = Locale(identifier: locale)
  }

  /// Looks `key` up for a text or any value, records the resolution, and returns what FOSMVVM
  /// shows (`nil`: nothing).
  func lookUp(_ key: String, at path: EncodingPath?,
              expecting expectation: LocalizationStore.Expectation) -> LocalizedValue? {
    let resolution = store.resolve(key, along: fallbackChain, expecting: expectation)
    lookups.append(KeyLookup(key: key, path: path, resolution: resolution))
    switch resolution {
    case .resolved(let value), .fellBack(let value, _): return value
    case .flawed(let shown, _): return shown
    case .missing: return nil
    }
  }

  func annotate(_ annotation: PathAnnotation, at path: EncodingPath?) {
    guard collectsAnnotations else { return }
    let node = path?.patternNode(under: patterns) ?? patterns
    if node.add(annotation) { annotatedPatterns.append(node) }
  }

  /// Annotations by path pattern (`/cards/*/title`).
  package var annotations: [String: [PathAnnotation]] {
    var byPattern: [String: [PathAnnotation]] = [:]
    byPattern.reserveCapacity(annotatedPatterns.count)
    for node in annotatedPatterns {
      byPattern[node.pattern] = node.annotations
    }
    return byPattern
  }

  func noteIdentity(isRandom: Bool, at path: EncodingPath?) {
    annotate(.identity, at: path)
    if isRandom { randomIdentities.append(path.pointer) }
  }

  func numberFormatter(_ style: NumberFormatter.Style, fractionDigits: Int?) -> NumberFormatter {
    let cacheKey = FormatterSettings.number(style: style.rawValue, fractionDigits: fractionDigits)
    for entry in numberFormatters where entry.settings == cacheKey { return entry.formatter }
    let formatter: ReusableNumberFormatter
    if let pooled = FormatterPool.current.takeNumberFormatter(poolKey(cacheKey)) {
      pooled.restoreInitialSettings()
      formatter = pooled
    } else {
      formatter = ReusableNumberFormatter(
        locale: foundationLocale, style: style, fractionDigits: fractionDigits)
    }
    numberFormatters.append((cacheKey, formatter))
    return formatter
  }

  func dateFormatter(date: DateFormatter.Style, time: DateFormatter.Style) -> DateFormatter {
    let cacheKey = FormatterSettings.date(date: date.rawValue, time: time.rawValue)
    for entry in dateFormatters where entry.settings == cacheKey { return entry.formatter }
    // Nothing changes a date formatter after it is built, so a pooled one is as new.
    let formatter = FormatterPool.current.takeDateFormatter(poolKey(cacheKey)) ?? {
      let formatter = RememberingDateFormatter()
      formatter.locale = foundationLocale
      // Pinned so a baseline never depends on the recording machine's settings.
      formatter.timeZone = TimeZone(identifier: "UTC")
      formatter.calendar = Calendar(identifier: .gregorian)
      formatter.dateStyle = date
      formatter.timeStyle = time
      return formatter
    }()
    dateFormatters.append((cacheKey, formatter))
    return formatter
  }

  /// An encoder for the child `step` leads to: a spare one, or a new one.
  func childEncoder(at step: consuming PathStep) -> ContractEncoder {
    guard let spare = spareEncoders.popLast() else {
      return ContractEncoder(session: self, at: step)
    }
    spare.reuse(at: step)
    return spare
  }

  /// Keeps a child's finished encoder for the next child, unless something still holds it
  /// (a `superEncoder()` placed in the tree, a container kept by its type).
  func recycle(_ encoder: inout ContractEncoder) {
    guard isKnownUniquelyReferenced(&encoder) else { return }
    encoder.slot = .empty
    spareEncoders.append(encoder)
  }

  /// Ends the session: its formatters go back to this thread's pool for the next encoding.
  /// A session used after this builds or checks out formatters again.
  func finish() {
    // The spare encoders hold the session; letting them go ends the cycle.
    spareEncoders = []
    guard !numberFormatters.isEmpty || !dateFormatters.isEmpty else { return }
    FormatterPool.current.giveBack(
      numbers: Dictionary(uniqueKeysWithValues: numberFormatters.map { (poolKey($0), $1) }),
      dates: Dictionary(uniqueKeysWithValues: dateFormatters.map { (poolKey($0), $1) }))
    numberFormatters = []
    dateFormatters = []
  }

  /// A formatter's key in the thread's pool, which serves every locale.
  private func poolKey(_ cacheKey: FormatterSettings) -> FormatterPool.Key {
    FormatterPool.Key(locale: locale, settings: cacheKey)
  }
}
