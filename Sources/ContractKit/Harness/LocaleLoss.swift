import ContractKitRuntime

/// A locale that lost most of its texts at once, its translation file deleted or emptied:
/// one `translation-lost` finding about the locale, instead of one per text.
///
/// ```text
/// error  translation-lost  in fr: 30 of 30 texts now fall back to en; no translation file
///   has fr (Localization/fr.yml missing?)
/// ```
/// The findings of each text stay behind it: `record` refuses (or, with a reason, logs) each
/// payload that would lose one.
enum LocaleLoss {
  /// `findings` with the translation findings of each locale that lost most of its texts
  /// (at least two lost, and more than half of its lookups, `coverage`, without a text of
  /// its own now) replaced by one finding; and the findings replaced.
  ///
  /// The texts of such a locale that were never translated, and now fall back or show
  /// nothing too, have the same cause: they are counted in, not reported beside it.
  static func grouping(_ findings: [Finding], coverage: [LocaleCoverage],
                       describe: (String) -> LocaleTranslations)
    -> (findings: [Finding], collapsed: [Finding])
  {
    var affected: [String: [Finding]] = [:]
    for finding in findings where isTextFinding(finding) {
      if let locale = finding.locale { affected[locale, default: []].append(finding) }
    }
    var grouped: [Finding] = []
    var collapsing = Set<String>()
    for entry in coverage {
      guard let texts = affected[entry.locale], texts.count * 2 > entry.total,
        texts.filter({ $0.kind == .translationLost }).count >= 2
      else { continue }
      let empty = texts.filter {
        $0.current == .string("") || $0.current == .array([]) || $0.current == .null
          || $0.kind == .translationMissing
      }.count
      let about = describe(entry.locale)
      let how = empty == 0 ? "fall back to \(about.fallback)"
        : empty == texts.count ? "show nothing" : "fall back to \(about.fallback) or show nothing"
      grouped.append(.translationsLost(locale: entry.locale, lost: texts.count, texts: entry.total,
                                       how: how, files: about.files))
      collapsing.insert(entry.locale)
    }
    guard !grouped.isEmpty else { return (findings, []) }
    func isCollapsed(_ finding: Finding) -> Bool {
      isTextFinding(finding) && finding.locale.map(collapsing.contains) == true
    }
    return (findings.filter { !isCollapsed($0) } + grouped, findings.filter(isCollapsed))
  }

  /// Whether `finding` says one text of a payload shows no text of its locale's own.
  private static func isTextFinding(_ finding: Finding) -> Bool {
    [.translationLost, .translationMissing, .translationFallback].contains(finding.kind)
      && finding.scope.file != nil
  }
}
