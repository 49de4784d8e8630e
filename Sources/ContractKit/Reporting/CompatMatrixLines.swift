import ContractKitRuntime

/// The matrix `contracts compat` adds to text, Markdown and HTML output: one row per release
/// and contract, one column per locale, each cell what the release's own decoder did with
/// today's payloads (`ok`, `FAILS`, `absent` when the release has no such type, `no type`
/// when the contract is registered without a `Decodable` type).
///
/// ```
/// Released clients (today's payloads, decoded by each release's own code)
///   v1  commit 8e30d9376056  decodes 1.0.0  built
///       decoders: today's declaration for Card
///   ref  contract  en     es
///   v1   Card      FAILS  FAILS
/// ```
enum CompatMatrixLines {
  /// The section as text: a line per release, then the table with aligned columns.
  static func text(_ matrix: CompatMatrix) -> [String] {
    let rows = matrix.rows.map { $0.map(DisplayText.escaped) }
    let widths = rows.first?.indices.map { column in
      rows.map { $0[column].count }.max() ?? 0
    } ?? []
    return ["", "Released clients (today's payloads, decoded by each release's own code)"]
      + matrix.releases.flatMap { release in
        ["  " + DisplayText.escaped(releaseLine(release))]
          + release.notes.map { "      " + DisplayText.escaped($0) }
      }
      + rows.map { row in
        "  " + zip(row, widths).map { $0.0.padding(toLength: $0.1, withPad: " ", startingAt: 0) }
          .joined(separator: "  ").trimmingTrailingSpaces
      }
  }

  /// The section as Markdown: the releases as a list, the matrix as a table.
  static func markdown(_ matrix: CompatMatrix) -> [String] {
    let rows = matrix.rows.map { $0.map(MarkdownReporter.escape) }
    return ["", "### Released clients", ""]
      + matrix.releases.flatMap { release in
        ["- " + MarkdownReporter.escape(releaseLine(release))]
          + release.notes.map { "  - " + MarkdownReporter.escape($0) }
      } + [""]
      + MarkdownReporter.table(header: rows[0], rightAligningFrom: rows[0].count,
                               rows: Array(rows.dropFirst()))
  }

  /// The section as HTML: a table with a class per outcome.
  static func html(_ matrix: CompatMatrix) -> String {
    var html = "<h2 id=\"compat\">Released clients</h2>\n<ul>\n"
    for release in matrix.releases {
      html += "<li>\(HTMLText.escaped(releaseLine(release)))"
      if !release.notes.isEmpty {
        html += "<ul>" + release.notes.map { "<li>\(HTMLText.escaped($0))</li>" }.joined() + "</ul>"
      }
      html += "</li>\n"
    }
    html += "</ul>\n<table class=\"compat\">\n<tr>"
      + matrix.rows[0].map { "<th>\(HTMLText.escaped($0))</th>" }.joined() + "</tr>\n"
    for row in matrix.rows.dropFirst() {
      html += "<tr>" + row.enumerated().map { index, cell in
        index < 2 ? "<th>\(HTMLText.escaped(cell))</th>"
          : "<td class=\"\(cell.hasPrefix("FAILS") ? "error" : "")\">\(HTMLText.escaped(cell))</td>"
      }.joined() + "</tr>\n"
    }
    return html + "</table>\n"
  }

  /// `v1  commit 8e30d9376056  decodes 1.0.0  built` (or `cached`).
  static func releaseLine(_ release: CompatMatrix.Release) -> String {
    "\(release.ref)  commit \(release.commit.prefix(12))  decodes \(release.version)  "
      + (release.built ? "built" : "cached")
  }
}

extension String {
  /// The text without spaces at its end.
  fileprivate var trimmingTrailingSpaces: String {
    var text = self
    while text.hasSuffix(" ") { text.removeLast() }
    return text
  }
}
