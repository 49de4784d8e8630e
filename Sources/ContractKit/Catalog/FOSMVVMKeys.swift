import ContractKitRuntime
/// The translations behind a FOSMVVM payload, found with FOSMVVM's own key rules, so that a
/// wire contract needs no hints for its localization to be checked.
///
/// FOSMVVM writes a localized text as a plain string (a list of them for
/// `@LocalizedStrings`); its key is not on the wire. The rules name it, as FOSMVVM's
/// `LocalizableRef` forms it (``key(of:text:pattern:scopes:siblings:)`` lists them): the
/// view model's type, its `parentKeys`, then the property, each child view model under its
/// own type (named by a singleton `vmId`, nested under its parent's group, or a group of its
/// own), and `<Enum>.<case>` for an enum's display text beside the enum's value (`"state":
/// {"running": {}}`). A string whose key any locale of the store has is a localized text:
/// its lookup is what the wire shows in this locale (FOSMVVM writes `""` for a key it cannot
/// resolve, and falls back to no other locale for it). An empty string in a view model whose
/// key no locale has is FOSMVVM's `""` for a `@LocalizedString` nobody translated: a lookup
/// of `<Type>.<property>` that is missing. The texts of FOSMVVM's localized numbers and dates
/// (`ls`) are localized texts without a key.
///
/// ```swift
/// FOSMVVMKeys(type: "DashboardViewModel", index: index, store: store, locale: "es",
///             baseLocale: "en").found(in: payload).lookups
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
  /// The keys that other encodings of this contract and version found at each path pattern
  /// (this run's annotated locale, the committed `contract.json`): a text that this locale
  /// shows empty keeps the key its text elsewhere named, where no rule can name it from `""`.
  let knownKeys: KnownKeys

  init(type: String, index: WireKeyIndex, store: LocalizationStore, locale: String,
       baseLocale: String, knownKeys: KnownKeys = .none)
  {
    self.type = type
    self.index = index
    self.store = store
    self.locale = locale
    self.baseLocale = baseLocale
    self.knownKeys = knownKeys
  }

  /// What was found: the lookups in payload order, and `contract.json` annotations.
  struct Found {
    var lookups: [KeyLookup] = []
    var annotations: [String: [PathAnnotation]] = [:]

    mutating func annotate(_ pattern: String, _ annotation: PathAnnotation) {
      if annotations[pattern]?.contains(annotation) != true {
        annotations[pattern, default: []].append(annotation)
      }
    }
  }

  func found(in value: JSONValue) -> Found {
    var found = Found()
    // A nested type's keys may start with its own name alone (`String(describing:)`).
    var root = [Scope(name: type, needsEvidence: false)]
    if let last = type.split(separator: ".").last, last != type[...] {
      root.append(Scope(name: String(last), needsEvidence: false))
    }
    visit(value, at: Place(path: nil), scopes: root, inCompound: false, found: &found)
    return found
  }

  /// A key group a view model's texts may be under. One guessed only from a property name
  /// (a group of its own, as FOSMVVM gives each child type) needs evidence: the text is
  /// the key's text in this locale, or `""` where this locale has none.
  struct Scope: Equatable {
    let name: String
    let needsEvidence: Bool
  }

  /// Where a value is: its path, for lookups, and its pattern, for annotations, spelled
  /// only when a text there is found (most strings of a payload are not texts).
  struct Place {
    let path: EncodingPath?

    var pattern: String { path.pattern }

    func member(_ name: String) -> Place {
      Place(path: EncodingPath(parent: path, key: WireKey(name)))
    }

    func element(_ offset: Int) -> Place {
      Place(path: EncodingPath(parent: path, elementIndex: offset))
    }
  }

  /// Finds the texts of the object `value` at `place`, whose keys lie under `scopes`;
  /// `inCompound` for the pieces and separator of a `@LocalizedCompoundString`, which are
  /// the texts of other properties.
  private func visit(_ value: JSONValue, at place: Place, scopes: [Scope], inCompound: Bool,
                     found: inout Found)
  {
    guard case .object(let members) = value else { return }
    var confirmed: [Scope] = []
    var unkeyed: [(name: String, place: Place)] = []
    let enumValues = EnumValues(members)
    for (name, member) in members.sorted(by: { codePointOrder($0.key, $1.key) })
    where name != WireIdentity.key {
      switch member {
      case .bool, .number: continue
      default: break
      }
      // `@Versioned`: the property's value inside its wrapper, keyed as the property.
      let wrapped = WireShapes.versionedValue(member)
      let memberPlace = wrapped == nil
        ? place.member(name) : place.member(name).member(WireShapes.versionedMember)
      let content = wrapped ?? member
      switch content {
      case .string(let text):
        if let match = key(of: name, text: text, pattern: memberPlace.pattern, scopes: scopes,
                           siblings: members, enumValues: enumValues)
        {
          note(match, at: memberPlace, annotating: memberPlace.pattern, found: &found)
          if let scope = match.scope { confirmed.append(scope) }
        } else if text.isEmpty {
          unkeyed.append((name, memberPlace))
        }
      case .array(let items):
        let texts = items.compactMap(\.stringValue)
        if texts.count == items.count {
          // `@LocalizedStrings`: a list of texts, one key.
          let elements = { JSONPointer.appending("*", to: memberPlace.pattern) }
          if let match = listKey(of: name, texts: texts, pattern: elements(), scopes: scopes) {
            note(match, at: memberPlace, annotating: elements(), found: &found)
            if let scope = match.scope { confirmed.append(scope) }
          }
          continue
        }
        for (offset, item) in items.enumerated() {
          guard case .object(let child) = item else { continue }
          visit(item, at: memberPlace.element(offset), scopes: childScopes(child, under: scopes),
                inCompound: false, found: &found)
        }
      case .object(let child):
        if case .string? = child["ls"], child["v"] != nil {
          // FOSMVVM's LocalizableInt, LocalizableDouble and LocalizableDate: a localized text
          // without a key.
          found.annotate(JSONPointer.appending("ls", to: memberPlace.pattern),
                         .localized(keys: []))
        } else if WireShapes.isCompound(child) {
          // Its pieces and separator are the texts of the view model's own properties.
          visit(content, at: memberPlace, scopes: scopes, inCompound: true, found: &found)
        } else {
          visit(content, at: memberPlace, scopes: childScopes(child, under: scopes),
                inCompound: false, found: &found)
        }
      case .null:
        // FOSMVVM's `@LocalizedSubs` whose template no locale of the chain has: `null`.
        if let match = key(of: name, text: "", pattern: memberPlace.pattern, scopes: scopes,
                           siblings: members, enumValues: enumValues),
          !TranslationLoss.resolvesHere(match.resolution)
        {
          note(match, at: memberPlace, annotating: memberPlace.pattern, found: &found)
        }
      case .bool, .number:
        continue
      }
    }
    // FOSMVVM's `""` for a `@LocalizedString` whose key no locale has: only in a view model
    // (it has a `vmId`), and only under a group known to be its type.
    guard !inCompound, members[WireIdentity.key] != nil,
      let home = scopes.first(where: { !$0.needsEvidence || confirmed.contains($0) })
    else { return }
    for (name, place) in unkeyed {
      note(Match(key: "\(home.name).\(name)", scope: home, resolution: .missing), at: place,
           annotating: place.pattern, found: &found)
    }
  }

  /// Logs `match` as the lookup at `place`, and its key at `pattern` for `contract.json`.
  private func note(_ match: Match, at place: Place, annotating pattern: String,
                    found: inout Found)
  {
    found.lookups.append(KeyLookup(key: match.key, path: place.path, resolution: match.resolution))
    found.annotate(pattern, .localized(keys: [match.key]))
  }

  /// The key groups a child view model's texts may be under: the type its singleton `vmId`
  /// names, groups nested in its parent's, then groups of their own, each having a key for
  /// one of its texts.
  private func childScopes(_ members: [String: JSONValue], under parents: [Scope]) -> [Scope] {
    var scopes: [Scope] = []
    if case .string(let id)? = members[WireIdentity.key]?["id"], let dot = id.firstIndex(of: ".") {
      // `String(reflecting:)`: the module first, then the type, nested types joined by `.`.
      let reflected = String(id[id.index(after: dot)...])
      scopes.append(Scope(name: reflected, needsEvidence: false))
      if let last = reflected.split(separator: ".").last {
        scopes.append(Scope(name: String(last), needsEvidence: false))
      }
    }
    let properties = members.compactMap { name, value -> String? in
      switch WireShapes.versionedValue(value) ?? value {
      case .string: return name
      case .array(let items): return items.allSatisfy { $0.stringValue != nil } ? name : nil
      default: return nil
      }
    }.sorted()
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
}

/// A member name as a coding key, for the paths of lookups.
private struct WireKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }
  init(_ name: String) { stringValue = name }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
