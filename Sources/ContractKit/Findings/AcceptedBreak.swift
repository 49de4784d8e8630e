import ContractKitRuntime

/// One break `Baselines.md` logs: when, where, which kinds, and the reason given.
///
/// A row is one contract and version; ``places`` says where in it the break is, so that a
/// second break of the same kind in the same contract is not taken as logged by the first.
package struct AcceptedBreak: Sendable, Hashable {
  package var date: String
  package var contract: String
  /// The version (`1.0.0`); empty for a whole contract removed.
  package var version: String
  package var kinds: [String]
  package var reason: String
  /// Where the break is; `nil` for a row written before rows said so, which accepts its
  /// kinds anywhere in its contract and version.
  package var places: [BreakPlace]?

  package init(date: String, contract: String, version: String, kinds: [String],
              reason: String, places: [BreakPlace]? = nil)
  {
    self.date = date
    self.contract = contract
    self.version = version
    self.kinds = kinds
    self.reason = reason
    self.places = places
  }

  /// Whether this row accepts the break `finding`: the same contract, version and kind, at
  /// one of its places (a payload path, array indexes aside, or a locale removed).
  package func accepts(_ finding: Finding) -> Bool {
    guard finding.contract == contract, (finding.version ?? "") == version,
      kinds.contains(finding.kind.rawValue)
    else { return false }
    guard let places, let place = BreakPlace(of: finding) else { return true }
    return places.contains(place)
  }
}

/// Where a logged break is: a payload path with its array indexes as `*`, or a locale whose
/// baselines were removed. Its text is escaped for display, as the log shows it.
package enum BreakPlace: Sendable, Hashable, Comparable {
  case path(String)
  case locale(String)

  /// The place of `finding`: its path, or the locale a `locale-removed` of a locale folder
  /// removes; `nil` for a finding about a whole contract or version.
  package init?(of finding: Finding) {
    if let path = finding.path {
      self = .path(DisplayText.escaped(Self.rowPattern(path)))
    } else if finding.kind == .localeRemoved, case .locale(_, let locale) = finding.scope {
      self = .locale(DisplayText.escaped(locale))
    } else {
      return nil
    }
  }

  /// `path` with every array index written `*`: `/cards/*/title`, so a break is found again
  /// when its rows moved.
  package static func rowPattern(_ path: String) -> String {
    guard path.contains(where: \.isNumber) else { return path }
    return JSONPointer.tokens(of: path).reduce("") { pattern, token in
      JSONPointer.appending(
        !token.isEmpty && token.allSatisfy({ $0.isASCII && $0.isNumber }) ? "*" : token,
        to: pattern)
    }
  }

  /// Locales first, then paths, each in code-point order.
  package static func < (lhs: BreakPlace, rhs: BreakPlace) -> Bool {
    switch (lhs, rhs) {
    case (.locale(let left), .locale(let right)), (.path(let left), .path(let right)):
      codePointOrder(left, right)
    case (.locale, .path): true
    case (.path, .locale): false
    }
  }
}
