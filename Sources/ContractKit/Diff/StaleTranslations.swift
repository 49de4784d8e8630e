/// `translation-stale`: the base locale's text at a path changed and another locale's text
/// there did not, so the translation very likely still says the old thing.
///
/// Nothing is reported when every locale changed together, nor when only a translation
/// changed.
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

  static func findings(in locales: [Locale], baseLocale: String) -> [Finding] {
    guard let base = locales.first(where: { $0.file.locale == baseLocale }) else { return [] }
    // A base text that is gone (its key deleted) was removed, not reworded: the base
    // locale's translation-missing says so, and no translation is stale for it.
    let removed = Set(base.findings.filter { $0.kind == .translationMissing }.compactMap(\.path))
    let changed = base.findings.filter { $0.kind == .textChanged }.compactMap(\.path)
      .filter { !removed.contains($0) }
    guard !changed.isEmpty else { return [] }
    var findings: [Finding] = []
    for locale in locales where locale.file.locale != baseLocale {
      let own = Set(locale.findings.filter { $0.kind == .textChanged }.compactMap(\.path))
      let payload = locale.payload
      for path in changed where !own.contains(path) {
        guard let text = JSONPointer.value(at: path, in: payload), case .string = text
        else { continue }
        findings.append(
          .staleTranslation(at: path, in: locale.file, baseLocale: baseLocale, text: text))
      }
    }
    return findings
  }
}
