import ContractKitRuntime
extension ReviewChange {
  /// The shortest selector, as `record --only` spells them, that selects exactly this
  /// change's cases among every pending case (`pending`, those that no longer apply
  /// included): `ActivityCardViewModel` for a
  /// change in all its cases, `ActivityCardViewModel/*/en` for one in English only. Where
  /// no one selector fits, the exact selectors of its cases, separated by spaces.
  func selectorText(pending: [ContractCase]) -> String {
    if let orphan { return CaseSelector.exact(orphan.finding.scope)?.text ?? contract }
    let mine = Set(results.map(\.contractCase))
    let others = pending.filter { !mine.contains($0) }
    let versions = Set(mine.map(\.version.versionString))
    let locales = Set(mine.map(\.locale))
    let variants = Set(mine.map(\.variant))
    func part(_ values: Set<String>) -> [String] {
      values.count == 1 ? [values.first ?? "*", "*"] : ["*"]
    }
    var candidates: [String] = [contract]
    for version in part(versions) {
      candidates.append("\(contract)/\(version)")
      for locale in part(locales) {
        candidates.append("\(contract)/\(version)/\(locale)")
        for variant in part(variants) {
          candidates.append("\(contract)/\(version)/\(locale).\(variant)")
        }
      }
    }
    let fitting = candidates.compactMap { try? CaseSelector(parsing: $0) }.filter { selector in
      mine.allSatisfy(selector.matches) && !others.contains(where: selector.matches)
    }
    if let best = fitting.min(by: { ($0.text.count, $0.text) < ($1.text.count, $1.text) }) {
      return best.text
    }
    return exactSelectors.map(\.text).joined(separator: " ")
  }
}
