import ContractKitRuntime
/// The translations behind a FOSMVVM payload, found with FOSMVVM's own key rules, so that a
/// wire contract needs no hints for its localization to be checked.
///
/// FOSMVVM writes a localized text as a plain string; its key is not on the wire. The rules
/// name it: `<Type>.<property>` for a `@LocalizedString` (`parentKeys` in between), each child
/// view model under its own type (named by a singleton `vmId`, nested under its parent's
/// group, or a group of its own), and `<Enum>.<case>` for an enum's display text beside the
/// enum's value (`"state": {"running": {}}`). A string whose key any locale of the store has
/// is a localized text: its lookup is what the wire shows in this locale (FOSMVVM writes `""`
/// for a key it cannot resolve, and falls back to no other locale for it). The texts of
/// FOSMVVM's localized numbers and dates (`ls`) are localized texts without a key.
///
/// ```swift
/// FOSMVVMKeys(type: "DashboardViewModel", index: index, store: store, locale: "es",
///             baseLocale: "en").lookups(in: payload)
/// // [DashboardViewModel.pageTitle at /pageTitle: resolved, SessionState.running at
/// //  /rows/0/stateDisplay: resolved, …]
/// ```
struct FOSMVVMKeys {
  /// The contract's type, as its keys start (`DashboardViewModel`).
  let type: String
  let index: WireKeyIndex
  let store: LocalizationStore
  let locale: String
  let baseLocale: String

  /// What was found: the lookups in payload order, and `contract.json` annotations.
  struct Found {
    var lookups: [KeyLookup] = []
    var annotations: [String: [PathAnnotation]] = [:]
  }

  func found(in value: JSONValue) -> Found {
    var found = Found()
    // A nested type's keys may start with its own name alone (`String(describing:)`).
    var root = [Scope(name: type, needsEvidence: false)]
    if let last = type.split(separator: ".").last, last != type[...] {
      root.append(Scope(name: String(last), needsEvidence: false))
    }
    visit(value, path: nil, pattern: "", scopes: root, found: &found)
    return found
  }

  /// A key group a view model's texts may be under. One guessed only from a property name
  /// (a group of its own, as FOSMVVM gives each child type) needs evidence: the text is
  /// the key's text in this locale, or `""` where this locale has none.
  private struct Scope: Equatable {
    let name: String
    let needsEvidence: Bool
  }

  private func visit(_ value: JSONValue, path: EncodingPath?, pattern: String, scopes: [Scope],
                     found: inout Found)
  {
    guard case .object(let members) = value else { return }
    for (name, member) in members.sorted(by: { codePointOrder($0.key, $1.key) }) {
      let memberPath = EncodingPath(parent: path, key: WireKey(name))
      let memberPattern = JSONPointer.appending(name, to: pattern)
      switch member {
      case .string(let text):
        guard let key = key(of: name, text: text, scopes: scopes, siblings: members) else {
          continue
        }
        found.lookups.append(
          KeyLookup(key: key, path: memberPath, resolution: resolution(key, showing: text)))
        found.annotations[memberPattern, default: []].append(.localized(keys: [key]))
      case .object(let child):
        if case .string? = child["ls"], child["v"] != nil {
          // FOSMVVM's LocalizableInt and LocalizableDate: a localized text without a key.
          found.annotations[JSONPointer.appending("ls", to: memberPattern), default: []]
            .append(.localized(keys: []))
        } else if name != "vmId" {
          visit(member, path: memberPath, pattern: memberPattern,
                scopes: childScopes(child, under: scopes), found: &found)
        }
      case .array(let items):
        let itemPattern = JSONPointer.appending("*", to: memberPattern)
        for (offset, item) in items.enumerated() {
          guard case .object(let child) = item else { continue }
          visit(item, path: EncodingPath(parent: memberPath, elementIndex: offset),
                pattern: itemPattern, scopes: childScopes(child, under: scopes), found: &found)
        }
      case .null, .bool, .number:
        continue
      }
    }
  }

  /// The key groups a child view model's texts may be under: the type its singleton `vmId`
  /// names, groups nested in its parent's, then groups of their own, each having a key for
  /// one of its strings.
  private func childScopes(_ members: [String: JSONValue], under parents: [Scope]) -> [Scope] {
    var scopes: [Scope] = []
    if case .string(let id)? = members["vmId"]?["id"], let dot = id.firstIndex(of: ".") {
      // `String(reflecting:)`: the module first, then the type, nested types joined by `.`.
      let reflected = String(id[id.index(after: dot)...])
      scopes.append(Scope(name: reflected, needsEvidence: false))
      if let last = reflected.split(separator: ".").last {
        scopes.append(Scope(name: String(last), needsEvidence: false))
      }
    }
    let properties = members.compactMap { $0.value.stringValue == nil ? nil : $0.key }.sorted()
    for parent in parents {
      scopes += index.groups(under: parent.name, having: properties).map {
        Scope(name: $0, needsEvidence: parent.needsEvidence)
      }
    }
    scopes += index.groups(under: nil, having: properties).map {
      Scope(name: $0, needsEvidence: true)
    }
    return scopes.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
  }

  /// The key of the text `text` at member `property`: `<scope>.<property>`, or the display
  /// key `<Enum>.<case>` of an enum value beside it; `nil` for a plain string.
  private func key(of property: String, text: String, scopes: [Scope],
                   siblings: [String: JSONValue]) -> String?
  {
    for scope in scopes {
      let key = "\(scope.name).\(property)"
      guard index.contains(key), !scope.needsEvidence || isShown(key, as: text) else { continue }
      return key
    }
    var candidates: [String] = []
    for (name, sibling) in siblings where name != property {
      guard case .object(let enumValue) = sibling, enumValue.count == 1,
        let (caseName, payload) = enumValue.first, payload == .object([:])
      else { continue }
      candidates += index.byLastSegment[caseName] ?? []
    }
    // The display text of the enum value beside it: the one key whose text this is, an
    // enum nested in the view model's own type first (two enums may spell a case alike).
    let shown = candidates.filter { isShown($0, as: text) }
    let own = shown.filter { key in scopes.contains { key.hasPrefix($0.name + ".") } }
    if own.count == 1 { return own[0] }
    return shown.count == 1 ? shown[0] : nil
  }

  /// Whether `text` is what FOSMVVM shows for `key` in this locale: its text, or `""` where
  /// the locale has none.
  private func isShown(_ key: String, as text: String) -> Bool {
    switch store.resolve(key, locale: locale, baseLocale: baseLocale) {
    case .resolved(.string(let shown)), .fellBack(.string(let shown), _): return shown == text
      || text.isEmpty
    case .missing, .flawed: return text.isEmpty
    case .resolved, .fellBack: return false
    }
  }

  /// The lookup of `key` as the wire shows it: FOSMVVM writes `""` where it resolves nothing
  /// in this locale or its parents, and never shows another language's text for a key.
  private func resolution(_ key: String, showing text: String) -> Resolution {
    let resolution = store.resolve(key, locale: locale, baseLocale: baseLocale)
    guard text.isEmpty else { return resolution }
    switch resolution {
    case .resolved(.string("")), .missing, .flawed: return resolution
    case .resolved, .fellBack: return .missing
    }
  }
}

/// A member name as a coding key, for the paths of lookups.
private struct WireKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }
  init(_ name: String) { stringValue = name }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
