import ContractKitRuntime

/// What the Swift types say about one contract at one version: `contract.json`.
///
/// Recorded beside the payloads so that diffs of trees alone classify precisely: which
/// paths are localized (with their keys), identities, enums and all their cases, dates,
/// localized numbers, versioned ranges and optional fields. Paths are JSON Pointers with
/// `*` standing for every array index.
struct ContractMetadata: Sendable, Hashable {
  package var contract: String
  package var version: String
  package var baseLocale: String
  package var locales: [String]
  package var variants: [String]
  /// Annotations by path pattern.
  package var annotations: [String: [PathAnnotation]]
  /// The redaction patterns whose values baselines hold placeholders for (``Redaction``);
  /// written only when there are some.
  package var redactions: [String]
  /// The base texts of translations that may be stale (``TranslationSource``); written only
  /// when there are some.
  var translationSources: [TranslationSource] = []
  /// How the contract's clients configure their decoder, when it is not ContractKit's own:
  /// what `compat` decodes with for a release whose tree records it.
  var decoder: DecoderDeclaration?

  package init(contract: String, version: String, baseLocale: String, locales: [String],
              variants: [String], annotations: [String: [PathAnnotation]],
              redactions: [String] = [])
  {
    self.contract = contract
    self.version = version
    self.baseLocale = baseLocale
    self.locales = locales
    self.variants = variants
    self.annotations = annotations
    self.redactions = redactions
  }

  /// Adds what another encoding of the same contract and version learned: an annotation
  /// is taken once, and the keys of a second `localized` are unioned with the first's.
  package mutating func merge(_ other: [String: [PathAnnotation]]) {
    // The first encoding's annotations are taken whole where adding them one by one would
    // leave every list as it is, as an encoding's own lists do: a check merges each group's
    // first, hashing every pattern twice and copying every list for nothing.
    if annotations.isEmpty, other.values.allSatisfy(Self.mergesUnchanged) {
      annotations = other
      return
    }
    for (pattern, incoming) in other {
      // A pattern's list is changed in place (the default inserted, even for an empty
      // list, as before), not copied out and stored back.
      Self.add(incoming, to: &annotations[pattern, default: []])
    }
  }

  private static func add(_ incoming: [PathAnnotation], to merged: inout [PathAnnotation]) {
    var localized = merged.firstIndex(where: isLocalized)
    // The keys of a `localized` that met another, unioned once for the list rather than
    // once per annotation: an encoding lists one per key its rows showed.
    var unioned: Set<String>?
    for annotation in incoming {
      if case .localized(let keys) = annotation, let index = localized {
        if unioned == nil, case .localized(let existing) = merged[index] {
          unioned = Set(existing)
        }
        unioned?.formUnion(keys)
      } else if !merged.contains(annotation) {
        merged.append(annotation)
        if isLocalized(annotation) { localized = merged.count - 1 }
      }
    }
    if let unioned, let localized {
      merged[localized] = .localized(keys: unioned.sorted(by: codePointOrder))
    }
  }

  /// Whether adding `list` to an empty list (``add(_:to:)``) gives `list`: no annotation
  /// twice, and no second `localized`.
  private static func mergesUnchanged(_ list: [PathAnnotation]) -> Bool {
    for (index, annotation) in list.enumerated() {
      let before = list[..<index]
      if before.contains(annotation) { return false }
      if isLocalized(annotation), before.contains(where: isLocalized) { return false }
    }
    return true
  }

  private static func isLocalized(_ annotation: PathAnnotation) -> Bool {
    if case .localized = annotation { true } else { false }
  }

  /// Enum cases at each pattern.
  package var enumCases: [String: (type: String, cases: [String])] {
    var result: [String: (type: String, cases: [String])] = [:]
    for (pattern, list) in annotations {
      for case .enumeration(let type, let cases) in list { result[pattern] = (type, cases) }
    }
    return result
  }
}

// MARK: - JSON

extension ContractMetadata {
  /// The `contract.json` document.
  package var json: JSONValue { document.jsonValue }

  /// The canonical bytes of `contract.json`, written straight from ``document``.
  package var canonicalBytes: [UInt8] {
    document.canonicalBytes(expectedSize: 256 + 160 * annotations.count)
  }

  /// The `contract.json` document, each object's members listed in code-point order.
  private var document: OrderedJSON {
    let strings = Self.strings
    let paths = annotations.sorted { codePointOrder($0.key, $1.key) }.map { pattern, list in
      var entries = list.map(Self.document(for:))
      if entries.count > 1 {
        // A pattern's annotations are listed in the order of their canonical spellings.
        let spelled = entries.map { $0.canonicalBytes(expectedSize: 128) }
        entries = spelled.indices.sorted { spelled[$0].lexicographicallyPrecedes(spelled[$1]) }
          .map { entries[$0] }
      }
      return (key: pattern, value: OrderedJSON.array(entries))
    }
    var members: [(key: String, value: OrderedJSON)] = [
      ("baseLocale", .value(.string(baseLocale))),
      ("contract", .value(.string(contract))),
    ]
    if let decoder { members.append(("decoder", .value(decoder.json))) }
    members.append(("locales", strings(locales)))
    members.append(("paths", .members(paths)))
    if !redactions.isEmpty { members.append(("redactions", strings(redactions))) }
    if !translationSources.isEmpty {
      members.append((TranslationSource.key, .value(.array(
        translationSources.sorted(by: TranslationSource.precedes).map(\.json)))))
    }
    members.append(("variants", strings(variants)))
    members.append(("version", .value(.string(version))))
    return .object(members)
  }

  /// Reads the bytes of `contract.json`: from their tokens (``JSONTokens/document(_:)``),
  /// without the tree of dictionaries a parsed value is, or, where only the parser can say
  /// what they mean (or what is wrong with them), from the parsed value.
  /// - Throws: ``InputError`` naming `file` and the position or JSON Pointer of what is wrong.
  package init(bytes: [UInt8], file: String) throws(InputError) {
    if let document = JSONTokens.document(bytes) {
      try self.init(json: document, file: file)
    } else {
      try self.init(json: JSONParser.parse(bytes, file: file), file: file)
    }
  }

  /// Reads `contract.json`.
  /// - Throws: ``InputError`` naming `file` and the JSON Pointer of what is wrong.
  package init<Node: JSONNode>(json: Node, file: String) throws(InputError) {
    func fail(_ pointer: String, _ expected: String) -> InputError {
      InputError(file: file, reason: "expected \(expected) at '\(pointer)' in contract metadata")
    }
    func string(_ key: String) throws(InputError) -> String {
      guard let value = json[key]?.stringValue else { throw fail("/\(key)", "a string") }
      return value
    }
    func strings(_ value: Node?, _ pointer: String) throws(InputError) -> [String] {
      guard let items = value?.elements else { throw fail(pointer, "an array of strings") }
      var result: [String] = []
      for item in items {
        guard let text = item.stringValue else { throw fail(pointer, "an array of strings") }
        result.append(text)
      }
      return result
    }
    contract = try string("contract")
    version = try string("version")
    baseLocale = try string("baseLocale")
    locales = try strings(json["locales"], "/locales")
    variants = try strings(json["variants"], "/variants")
    redactions = json["redactions"] == nil ? [] : try strings(json["redactions"], "/redactions")
    translationSources = try TranslationSource.read(json, file: file)
    decoder = try json["decoder"].map { value throws(InputError) in
      try DecoderDeclaration(json: value, file: file)
    }
    guard let paths = json["paths"]?.members else { throw fail("/paths", "an object") }
    var annotations: [String: [PathAnnotation]] = [:]
    annotations.reserveCapacity(paths.count)
    for (pattern, entry) in paths {
      // Spelled only for an error: escaping every pattern costs seconds on deep payloads.
      func pointer() -> String { JSONPointer.appending(pattern, to: "/paths") }
      guard let items = entry.elements else { throw fail(pointer(), "an array") }
      var list: [PathAnnotation] = []
      for item in items {
        guard let annotation = Self.annotation(from: item) else {
          throw fail(pointer(), "a known annotation")
        }
        list.append(annotation)
      }
      annotations[pattern] = list
    }
    self.annotations = annotations
  }

  /// A list of texts, each its own element: a `.value` holding the array would be taken
  /// apart into elements again by the writer, through a list made for it.
  private static func strings(_ texts: [String]) -> OrderedJSON {
    .array(texts.map { .value(.string($0)) })
  }

  /// One annotation's object, its members in code-point order.
  private static func document(for annotation: PathAnnotation) -> OrderedJSON {
    func version(_ version: SystemVersion?) -> OrderedJSON {
      .value(version.map { .string($0.versionString) } ?? .null)
    }
    let kind = (key: "kind", value: OrderedJSON.value(.string(annotation.name)))
    switch annotation {
    case .localized(let keys):
      return .object([("keys", strings(keys)), kind])
    case .enumeration(let type, let cases):
      return .object([("cases", strings(cases)), kind, ("type", .value(.string(type)))])
    case .versioned(let since, let until):
      return .object([kind, ("since", version(since)), ("until", version(until))])
    case .text, .localizedNumber, .localizedDate, .identity, .randomIdentity, .date, .optional:
      return .object([kind])
    }
  }

  private static func annotation<Node: JSONNode>(from json: Node) -> PathAnnotation? {
    func strings(_ key: String) -> [String]? {
      guard let items = json[key]?.elements else { return nil }
      let texts = items.compactMap(\.stringValue)
      return texts.count == items.count ? texts : nil
    }
    func version(_ key: String) -> SystemVersion?? {
      guard let value = json[key] else { return nil }
      if value.isNull { return .some(nil) }
      return value.stringValue.flatMap { try? SystemVersion(parsing: $0) }.map { .some($0) }
    }
    switch json["kind"]?.stringValue {
    case "localized": return strings("keys").map { .localized(keys: $0) }
    case "text": return .text
    case "localized-number": return .localizedNumber
    case "localized-date": return .localizedDate
    case "identity": return .identity
    case "random-identity": return .randomIdentity
    case "date": return .date
    case "optional": return .optional
    case "enum":
      guard let type = json["type"]?.stringValue, let cases = strings("cases") else { return nil }
      return .enumeration(type: type, cases: cases)
    case "versioned":
      guard let since = version("since"), let until = version("until") else { return nil }
      return .versioned(since: since, until: until)
    default: return nil
    }
  }
}

// MARK: - Files

extension ContractMetadata {
  /// The `contract.json` of `folder` in a tree, or `nil` when there is none.
  /// - Throws: ``InputError`` when it exists but is not valid metadata.
  static func read(_ folder: ContractVersion, in files: BaselineFiles) throws
    -> ContractMetadata?
  {
    try CommittedMetadata(folder, in: files).metadata()
  }
}
