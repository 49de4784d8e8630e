import ContractKitRuntime

/// A `record --only` selector: which cases of the catalog one run records.
///
/// ```swift
/// let selector = try CaseSelector(parsing: "HomeViewModel/1.1.0/es")
/// selector.matches(ContractCase(contract: "HomeViewModel", version: "1.1.0", locale: "es",
///                               variant: "empty"))   // true
/// ```
/// Spelled `Contract`, `Contract/version`, `Contract/version/locale` or
/// `Contract/version/locale.variant`; `*` stands for any text within a part (`Order*`,
/// `*/1.1.0`, `HomeViewModel/*/es`). A part left out selects everything below it: a locale
/// without a variant selects every variant of it, `es.default` only the default stub.
package struct CaseSelector: Sendable, Hashable, CustomStringConvertible {
  /// The selector as written.
  package let text: String
  private let _contract: _Pattern
  private let _version: _Pattern?
  private let _locale: _Pattern?
  private let _variant: _Pattern?

  /// Parses a selector.
  /// - Throws: ``ParseError`` for an empty part or more than three parts.
  package init(parsing text: String) throws(ParseError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard parts.count <= 3 else {
      throw ParseError(text: text, reason: "it has \(parts.count) parts; at most three")
    }
    var pieces = Array(parts.prefix(2))
    if parts.count == 3 {
      // Locales have no dots (BCP-47 with hyphens), so the first dot starts the variant.
      let third = parts[2]
      if let dot = third.firstIndex(of: ".") {
        pieces += [String(third[..<dot]), String(third[third.index(after: dot)...])]
      } else {
        pieces.append(third)
      }
    }
    guard !pieces.contains(where: \.isEmpty) else {
      throw ParseError(text: text, reason: "a part is empty")
    }
    self.text = text
    _contract = _Pattern(pieces[0])
    _version = pieces.count > 1 ? _Pattern(pieces[1]) : nil
    _locale = pieces.count > 2 ? _Pattern(pieces[2]) : nil
    _variant = pieces.count > 3 ? _Pattern(pieces[3]) : nil
  }

  package var description: String { text }

  /// Whether `contractCase` is selected.
  package func matches(_ contractCase: ContractCase) -> Bool {
    touches(.file(contractCase))
  }

  /// Whether a finding about `scope` concerns a selected case: its contract, version,
  /// locale and variant, where the scope has them, match. A version folder is touched when
  /// any of its cases is selected; what belongs to no contract is touched by every selector.
  package func touches(_ scope: FindingScope) -> Bool {
    func fits(_ pattern: _Pattern?, _ value: String?) -> Bool {
      guard let pattern, let value else { return true }
      return pattern.matches(value)
    }
    return fits(_contract, scope.contract) && fits(_version, scope.version?.versionString)
      && fits(_locale, scope.locale) && fits(_variant, scope.variant)
  }

  /// Why the selector selects no case of `catalog`: the first of its parts that matches
  /// nothing, and what the catalog has there (`2.1.0 is not one of its versions (1.0.0,
  /// 1.1.0)`), or that its parts match only apart.
  package func nothingSelected(in catalog: Catalog) -> String {
    func listed(_ names: [String]) -> String {
      names.prefix(10).joined(separator: ", ") + (names.count > 10 ? ", …" : "")
    }
    func unknown(_ text: String, _ names: [String], what: String, suggests: Bool = true)
      -> String
    {
      let near = !suggests || text.contains("*") ? nil : nearestName(to: text, in: names)
      return "\(text) is not one of its \(what) (\(listed(names)))"
        + (near.map { "; did you mean \($0)?" } ?? "")
    }
    let contracts = catalog.contracts.filter { _contract.matches($0.name) }
    if contracts.isEmpty {
      return unknown(_contract.text, catalog.contracts.map(\.name), what: "contracts")
    }
    if let version = _version,
      !catalog.versions.contains(where: { version.matches($0.versionString) })
    {
      return unknown(version.text, catalog.versions.map(\.versionString), what: "versions",
                     suggests: false)
    }
    if let locale = _locale, !catalog.locales.contains(where: locale.matches) {
      return unknown(locale.text, catalog.locales, what: "locales")
    }
    let variants = Array(Set(contracts.flatMap { $0.variants.map(\.name) })).sorted()
    if let variant = _variant, !variants.contains(where: variant.matches) {
      return unknown(variant.text, variants, what: "variants")
    }
    return "its contracts, versions, locales and variants match apart, never in one case"
  }

  /// Why a text is not a selector.
  package struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    package let text: String
    package let reason: String
    package var description: String {
      "'\(text)' is not a selector (\(reason)): use Contract[/version[/locale[.variant]]], "
        + "with * for any text in a part"
    }
  }

  /// One part of a selector: literal text with `*` wildcards.
  private struct _Pattern: Sendable, Hashable {
    /// The literal pieces between the `*`s; one piece means no wildcard.
    let pieces: [Substring]

    /// The part as written.
    var text: String { pieces.joined(separator: "*") }

    init(_ text: String) { pieces = text.split(separator: "*", omittingEmptySubsequences: false) }

    func matches(_ value: String) -> Bool {
      guard let first = pieces.first, let last = pieces.last else { return true }
      if pieces.count == 1 { return value == first }
      guard value.hasPrefix(first), value.dropFirst(first.count).hasSuffix(last) else {
        return false
      }
      // The middle pieces in order, each as early as it can be, between the two ends.
      var rest = value.dropFirst(first.count).dropLast(last.count)
      for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
        guard let range = rest.range(of: piece) else { return false }
        rest = rest[range.upperBound...]
      }
      return true
    }
  }
}

extension Array where Element == CaseSelector {
  /// Whether a finding about `scope` concerns the selection; an empty selection is every
  /// case.
  func touches(_ scope: FindingScope) -> Bool {
    isEmpty || contains { $0.touches(scope) }
  }
}
