import ContractKitRuntime

/// FOSMVVM's key rules, as its `LocalizableRef(for:parentType:parentKeys:propertyName:index:)`
/// forms keys from a property wrapper's arguments: `<Type>[.<parentKeys>…].<propertyName>`,
/// `[index]` into a list. The wire shows neither the arguments nor the key, only the text, so
/// each rule is tried in turn, from the one the property name alone decides to the ones
/// the text itself must confirm.
extension FOSMVVMKeys {
  /// A key found for a text or list, the group it lies under, and how it resolves here.
  struct Match {
    let key: String
    let scope: Scope?
    let resolution: Resolution
  }

  /// The key of the text `text` at member `property`, by FOSMVVM's rules:
  /// 1. `<Type>.<property>`: `@LocalizedString var property`, `@LocalizedSubs`;
  /// 2. `<Type>.<parentKeys…>.<property>`: `@LocalizedString(parentKeys: "sort")`;
  /// 3. `<Enum>.<case>` for the display text of an enum value beside it;
  /// 4. for `""`, the one key other encodings of this contract found at this pattern;
  /// 5. the one key under `<Type>` whose text (or a list item of which) this is:
  ///    `propertyName:`, `messageGroup:`/`messageKey:`, `index:` into a list, and
  ///    `.localized(key:)`.
  /// `nil` for a plain string.
  /// `pattern` is asked only for an empty text; `enumValues` are `siblings`' enum values.
  func key(of property: String, text: String, pattern: @autoclosure () -> String,
           scopes: [Scope], siblings: [String: JSONValue], enumValues: EnumValues) -> Match?
  {
    for scope in scopes {
      let key = "\(scope.name).\(property)"
      guard index.contains(key), !scope.needsEvidence || isShown(key, as: text) else { continue }
      return Match(key: key, scope: scope, resolution: resolution(key, showing: text))
    }
    for scope in scopes {
      let nested = (index.byLastSegment[property] ?? []).filter {
        $0.hasPrefix(scope.name + ".") && isShown($0, as: text)
      }
      if nested.count == 1 {
        return Match(key: nested[0], scope: scope, resolution: resolution(nested[0], showing: text))
      }
    }
    if let key = enumDisplayKey(text: text, property: property, scopes: scopes,
                                enumValues: enumValues)
    {
      return Match(key: key, scope: nil, resolution: resolution(key, showing: text))
    }
    guard !text.isEmpty else {
      let known = knownKeys.keys(at: pattern())
      guard known.count == 1, index.contains(known[0]) else { return nil }
      return Match(key: known[0], scope: nil, resolution: resolution(known[0], showing: text))
    }
    // The text names its key: one key under the view model's group shows it. A key another
    // member of this object is named after belongs to that member.
    for scope in scopes {
      let shown = index.keys(under: scope.name).filter { key in
        siblings[String(key.dropFirst(scope.name.count + 1))] == nil
          && (isShown(key, as: text) || isListed(key, text: text))
      }
      if shown.count == 1 {
        return Match(key: shown[0], scope: scope, resolution: resolution(shown[0], showing: text))
      }
    }
    return nil
  }

  /// The key of the list `texts` at member `property` (`@LocalizedStrings`, a compound
  /// string's pieces): `<Type>.<property>`, with `parentKeys`, the one key other encodings
  /// found at `pattern` (the list's elements), or the one key under `<Type>` holding this
  /// list. `nil` for a plain list of strings.
  func listKey(of property: String, texts: [String], pattern: @autoclosure () -> String,
               scopes: [Scope]) -> Match?
  {
    func match(_ key: String, _ scope: Scope?) -> Match {
      Match(key: key, scope: scope, resolution: listResolution(key, showing: texts))
    }
    for scope in scopes {
      let key = "\(scope.name).\(property)"
      guard index.contains(key), isListShown(key, as: texts) else { continue }
      return match(key, scope)
    }
    for scope in scopes {
      let nested = (index.byLastSegment[property] ?? []).filter {
        $0.hasPrefix(scope.name + ".") && isListShown($0, as: texts)
      }
      if nested.count == 1 { return match(nested[0], scope) }
    }
    guard !texts.isEmpty else {
      let known = knownKeys.keys(at: pattern())
      return known.count == 1 && index.contains(known[0]) ? match(known[0], nil) : nil
    }
    for scope in scopes {
      let shown = index.keys(under: scope.name).filter { isListShown($0, as: texts) }
      if shown.count == 1 { return match(shown[0], scope) }
    }
    return nil
  }

  /// The display key `<Enum>.<case>` of an enum value beside `property`: the one key whose
  /// text this is, an enum nested in the view model's own type first (two enums may spell a
  /// case alike).
  private func enumDisplayKey(text: String, property: String, scopes: [Scope],
                              enumValues: EnumValues) -> String?
  {
    var candidates: [String] = []
    for (name, caseName) in enumValues.cases where name != property {
      candidates += index.byLastSegment[caseName] ?? []
    }
    let shown = candidates.filter { isShown($0, as: text) }
    let own = shown.filter { key in scopes.contains { key.hasPrefix($0.name + ".") } }
    if own.count == 1 { return own[0] }
    return shown.count == 1 ? shown[0] : nil
  }

  /// The members of an object that hold an enum value (`"state": {"running": {}}`), with
  /// their case names: found once per object, not once per text in it.
  struct EnumValues {
    let cases: [(member: String, caseName: String)]

    init(_ members: [String: JSONValue]) {
      cases = members.compactMap { name, value in WireShapes.enumCase(value).map { (name, $0) } }
    }
  }

  /// Whether `text` is what FOSMVVM shows for `key` in this locale: its text (a template's,
  /// with its `%{…}` filled, for `@LocalizedSubs`), or `""` where the locale has none.
  func isShown(_ key: String, as text: String) -> Bool {
    switch store.resolve(key, locale: locale, baseLocale: baseLocale) {
    case .resolved(.string(let shown)), .fellBack(.string(let shown), _):
      return text.isEmpty || shown == text || Self.fills(template: shown, text: text)
    case .missing, .flawed: return text.isEmpty
    case .resolved, .fellBack: return false
    }
  }

  /// Whether `text` is an item of the list at `key` in this locale (a `@LocalizedString`
  /// with an `index:`).
  private func isListed(_ key: String, text: String) -> Bool {
    guard !text.isEmpty,
      case .resolved(.list(let items)) = store.resolve(key, locale: locale, baseLocale: baseLocale)
    else { return false }
    return items.contains(.string(text))
  }

  /// Whether `texts` are what FOSMVVM shows for the list at `key`: its texts (one text as a
  /// list of one), or none where this locale has none.
  private func isListShown(_ key: String, as texts: [String]) -> Bool {
    switch store.resolve(key, locale: locale, baseLocale: baseLocale) {
    case .resolved(.list(let items)), .fellBack(.list(let items), _):
      return texts.isEmpty || items == texts.map(LocalizedValue.string)
    case .resolved(.string(let text)), .fellBack(.string(let text), _):
      return texts.isEmpty || texts == [text]
    case .missing, .flawed: return texts.isEmpty
    case .resolved, .fellBack: return false
    }
  }

  /// The lookup of `key` as the wire shows it: FOSMVVM writes `""` where it resolves nothing
  /// in this locale or its parents, and never shows another language's text for a key.
  func resolution(_ key: String, showing text: String) -> Resolution {
    let resolution = store.resolve(key, locale: locale, baseLocale: baseLocale)
    guard text.isEmpty else { return resolution }
    switch resolution {
    case .resolved(.string("")), .missing, .flawed: return resolution
    case .resolved, .fellBack: return .missing
    }
  }

  /// The lookup of the list `key` as the wire shows it: `[]` where FOSMVVM resolves nothing.
  private func listResolution(_ key: String, showing texts: [String]) -> Resolution {
    let resolution = store.resolve(key, locale: locale, baseLocale: baseLocale)
    guard texts.isEmpty else { return resolution }
    switch resolution {
    case .missing, .flawed: return resolution
    case .resolved, .fellBack: return .missing
    }
  }

  /// Whether `text` is `template` with each `%{name}` filled in (`@LocalizedSubs`).
  static func fills(template: String, text: String) -> Bool {
    guard Placeholders.mayContainPlaceholder(template) else { return false }
    var literals: [Substring] = []
    var rest = template[...]
    while let open = rest.range(of: "%{"), let close = rest[open.upperBound...].firstIndex(of: "}") {
      literals.append(rest[..<open.lowerBound])
      rest = rest[rest.index(after: close)...]
    }
    literals.append(rest)
    guard literals.count > 1, let first = literals.first, let last = literals.last,
      text.hasPrefix(first), text.dropFirst(first.count).hasSuffix(last)
    else { return false }
    var remaining = text.dropFirst(first.count).dropLast(last.count)
    for literal in literals.dropFirst().dropLast() where !literal.isEmpty {
      guard let found = remaining.range(of: literal) else { return false }
      remaining = remaining[found.upperBound...]
    }
    return true
  }
}
