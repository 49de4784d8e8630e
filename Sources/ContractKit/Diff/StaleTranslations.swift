import ContractKitRuntime

/// `translation-stale`: the base locale's text at a path changed and another locale's text
/// there did not, so the translation very likely still says the old thing.
///
/// Nothing is reported when every locale changed together, nor when only a translation
/// changed. A check keeps the base text each stale translation was made from in
/// `contract.json` (``TranslationSource``), so the finding stays on every run until the
/// translation changes or is confirmed.
enum StaleTranslations {
  /// One locale's payload of a contract, version and variant, with the findings its
  /// comparison with its baseline gave.
  struct Locale {
    let file: ContractCase
    let findings: [Finding]
    /// Reads the payload: only done when the base locale's text changed, so a check need
    /// not make the values of payloads that equal their baselines.
    private let read: () -> JSONValue

    init(file: ContractCase, findings: [Finding], payload: JSONValue) {
      self.init(file: file, findings: findings, reading: { payload })
    }

    init(file: ContractCase, findings: [Finding], reading read: @escaping () -> JSONValue) {
      self.file = file
      self.findings = findings
      self.read = read
    }

    var payload: JSONValue { read() }
  }

  /// The stale translations of one variant's locales, from this run's changes alone (a diff
  /// of trees).
  static func findings(in locales: [Locale], baseLocale: String) -> [Finding] {
    evaluate(in: locales, baseLocale: baseLocale).findings
  }

  /// The stale translations of one variant's locales: those this run's base-text changes
  /// make, and those `committed` keeps from earlier runs that are still stale; `isConfirmed`
  /// says whose translations someone confirmed as still right (they are neither reported
  /// nor kept).
  /// - Returns: One `translation-stale` per stale translation, and the sources `contract.json`
  ///   keeps for them.
  static func evaluate(
    in locales: [Locale], baseLocale: String, committed: [TranslationSource] = [],
    isConfirmed: (ContractCase) -> Bool = { _ in false }
  ) -> (findings: [Finding], sources: [TranslationSource]) {
    guard let base = locales.first(where: { $0.file.locale == baseLocale }) else { return ([], []) }
    let variant = base.file.variant
    // A base text that is gone (its key deleted) was removed, not reworded: the base
    // locale's translation-missing says so, and no translation is stale for it.
    let removed = Set(base.findings.filter { $0.kind == .translationMissing }.compactMap(\.path))
    let changed = base.findings.filter {
      $0.kind == .textChanged && $0.path.map { !removed.contains($0) } ?? false
    }
    let earlier = committed.filter { $0.variant == variant }
    guard !changed.isEmpty || !earlier.isEmpty else { return ([], []) }
    let basePayload = base.payload
    var findings: [Finding] = []
    var sources: [TranslationSource] = []
    for locale in locales where locale.file.locale != baseLocale && !isConfirmed(locale.file) {
      // This locale's text changed too (or is lost, missing, fallen back): not stale.
      let own = Set(locale.findings.filter { Self.ownChanges.contains($0.kind) }.compactMap(\.path))
      let payload = locale.payload
      var kept: [String: TranslationSource] = [:]
      for source in earlier where source.locale == locale.file.locale {
        if source.isStale(base: JSONPointer.value(at: source.path, in: basePayload),
                          translation: JSONPointer.value(at: source.path, in: payload)) {
          kept[source.path] = source
        }
      }
      for change in changed {
        guard let path = change.path, !own.contains(path), kept[path] == nil,
          let text = JSONPointer.value(at: path, in: payload), case .string = text,
          let old = change.baseline
        else { continue }
        kept[path] = TranslationSource(locale: locale.file.locale, variant: variant, path: path,
                                       base: old, translation: text)
      }
      for path in kept.keys.sorted(by: codePointOrder) {
        guard let source = kept[path] else { continue }
        sources.append(source)
        findings.append(.staleTranslation(at: path, in: locale.file, baseLocale: baseLocale,
                                          text: source.translation))
      }
    }
    return (findings, sources)
  }

  /// The kinds that say a locale's own text at a path changed since its baseline.
  private static let ownChanges: Set<FindingKind> = [
    .textChanged, .translationLost, .translationMissing, .translationFallback,
  ]
}
