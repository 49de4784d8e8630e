import ContractKitRuntime
/// The least localization coverage each locale must have (`--min-coverage 95`, or the
/// catalog's ``Catalog/minimumCoverage``): a locale below it is a `translation-missing`
/// error about the locale, so the gate fails where translations fell short even when each
/// shortfall alone is only a fallback warning.
enum CoverageFloor {
  /// The floor in force: the command line's, else the catalog's.
  static func floor(_ options: RunOptions, _ catalog: Catalog) -> Double? {
    options.minimumCoverage ?? catalog.minimumCoverage
  }

  /// One finding per locale of `coverage` below `floor` percent.
  static func findings(_ coverage: [LocaleCoverage], floor: Double?) -> [Finding] {
    guard let floor else { return [] }
    return coverage.filter { entry in
      entry.total > 0 && Double(entry.resolved) * 100 < floor * Double(entry.total)
    }.map { .coverageBelowFloor($0, floor: floor) }
  }

  /// `95` or `97.5`: a floor as the user wrote it.
  static func spell(_ floor: Double) -> String {
    floor == floor.rounded() ? String(Int(floor)) : String(floor)
  }
}

extension Finding {
  /// A locale whose coverage is below the floor.
  static func coverageBelowFloor(_ entry: LocaleCoverage, floor: Double) -> Finding {
    Finding(.translationMissing, scope: .store(locale: entry.locale),
            message: "coverage is \(entry.percentText)% (\(entry.resolved) of \(entry.total) "
              + "lookups translated here, \(entry.fellBack) fell back, \(entry.missing) "
              + "missing), below the floor of \(CoverageFloor.spell(floor))%")
  }
}
