import ContractKitRuntime
/// The matrix of the HTML report: a row per contract, a column per version and locale, each
/// cell coloured by the worst severity of the findings there and linking to the first
/// (most severe) of them.
///
/// A finding about a whole version applies to every locale of it, one about a whole
/// contract to every cell of its row; findings about no contract are listed, not placed.
/// A cell the run did not cover shows `·`; one it covered without a finding shows `ok`.
struct HTMLMatrix {
  /// A cell's coordinates.
  struct Coordinates: Hashable {
    var contract: String
    var version: SystemVersion
    var locale: String
  }

  /// What the findings of one cell add up to.
  struct Cell {
    var worst: Severity
    var count: Int
    /// The anchor of the first group that touches the cell: the most severe, since groups
    /// come most severe first.
    var anchor: String
  }

  var contracts: [String]
  var versions: [SystemVersion]
  var locales: [String]
  var cells: [Coordinates: Cell]
  /// The cells the run covered; `nil` when the report does not list its cases (`diff`).
  var covered: Set<Coordinates>?

  /// The matrix of `report`, whose groups are `groups` with anchors `anchors`.
  init(report: Report, groups: [FindingGroup], anchors: [String]) {
    var contractSet = Set(report.cases.map(\.contract))
    var versionSet = Set(report.cases.map(\.version))
    var localeSet = Set(report.cases.map(\.locale))
    for finding in report.findings {
      if let contract = finding.contract { contractSet.insert(contract) }
      if finding.contract != nil, let version = finding.scope.version { versionSet.insert(version) }
      if finding.contract != nil, let locale = finding.locale { localeSet.insert(locale) }
    }
    contracts = contractSet.sorted(by: codePointOrder)
    versions = versionSet.sorted()
    let ordered = report.localeOrder.filter { localeSet.contains($0) }
    locales = ordered + localeSet.subtracting(ordered).sorted(by: codePointOrder)
    covered = report.cases.isEmpty
      ? nil
      : Set(report.cases.map { Coordinates(contract: $0.contract, version: $0.version, locale: $0.locale) })
    cells = [:]
    for (group, anchor) in zip(groups, anchors) {
      for finding in group.members {
        guard let contract = finding.contract else { continue }
        let versions = finding.scope.version.map { [$0] } ?? self.versions
        let locales = finding.locale.map { [$0] } ?? self.locales
        for version in versions {
          for locale in locales {
            let key = Coordinates(contract: contract, version: version, locale: locale)
            if var cell = cells[key] {
              cell.worst = max(cell.worst, finding.severity)
              cell.count += 1
              cells[key] = cell
            } else {
              cells[key] = Cell(worst: finding.severity, count: 1, anchor: anchor)
            }
          }
        }
      }
    }
  }

  /// The matrix as a table (a header row of versions, one of locales), or a sentence when
  /// there is nothing to place.
  func html() -> String {
    guard !contracts.isEmpty, !versions.isEmpty, !locales.isEmpty else {
      return "<p class=\"muted\">No contract, version or locale to show.</p>\n"
    }
    var html = "<div class=\"matrix-wrap\"><table class=\"matrix\">\n<thead><tr><th rowspan=\"2\">contract</th>"
    for version in versions {
      html += "<th colspan=\"\(locales.count)\">\(version.versionString)</th>"
    }
    html += "</tr>\n<tr>"
    let localeHeads = locales.map { "<th>\(HTMLText.escaped($0))</th>" }.joined()
    for _ in versions { html += localeHeads }
    html += "</tr></thead>\n<tbody>\n"
    for contract in contracts {
      let name = HTMLText.escaped(contract)
      html += "<tr><th class=\"contract\">\(name)</th>"
      for version in versions {
        for locale in locales {
          let key = Coordinates(contract: contract, version: version, locale: locale)
          html += cellHTML(key, name: name)
        }
      }
      html += "</tr>\n"
    }
    return html + "</tbody></table></div>\n"
  }

  /// One `<td>`: its class is the worst severity, `ok` or `none`; its title says where it
  /// is and what it holds.
  private func cellHTML(_ key: Coordinates, name: String) -> String {
    let place = "\(name) \(key.version.versionString) \(HTMLText.escaped(key.locale))"
    if let cell = cells[key] {
      let severity = cell.worst.rawValue
      let what = cell.count == 1 ? "1 finding" : "\(cell.count) findings"
      return "<td class=\"\(severity)\" title=\"\(place): \(severity), \(what)\">"
        + "<a href=\"#\(cell.anchor)\">\(severity)</a></td>"
    }
    if covered?.contains(key) ?? true {
      return "<td class=\"ok\" title=\"\(place): ok\">ok</td>"
    }
    return "<td class=\"none\" title=\"\(place): not in this run\">·</td>"
  }
}
