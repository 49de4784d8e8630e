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
  package var json: JSONValue {
    var paths: [String: JSONValue] = [:]
    paths.reserveCapacity(annotations.count)
    for (pattern, list) in annotations {
      let sorted = list.map(Self.json(for:)).sorted {
        codePointOrder(CanonicalJSON.string($0), CanonicalJSON.string($1))
      }
      paths[pattern] = .array(sorted)
    }
    var document: [String: JSONValue] = [
      "contract": .string(contract),
      "version": .string(version),
      "baseLocale": .string(baseLocale),
      "locales": .array(locales.map(JSONValue.string)),
      "variants": .array(variants.map(JSONValue.string)),
      "paths": .object(paths),
    ]
    if !redactions.isEmpty { document["redactions"] = .array(redactions.map(JSONValue.string)) }
    if let decoder { document["decoder"] = decoder.json }
    if !translationSources.isEmpty {
      document[TranslationSource.key] = .array(
        translationSources.sorted(by: TranslationSource.precedes).map(\.json))
    }
    return .object(document)
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

  private static func json(for annotation: PathAnnotation) -> JSONValue {
    var object: [String: JSONValue] = ["kind": .string(annotation.name)]
    switch annotation {
    case .localized(let keys):
      object["keys"] = .array(keys.map(JSONValue.string))
    case .enumeration(let type, let cases):
      object["type"] = .string(type)
      object["cases"] = .array(cases.map(JSONValue.string))
    case .versioned(let since, let until):
      object["since"] = since.map { .string($0.versionString) } ?? .null
      object["until"] = until.map { .string($0.versionString) } ?? .null
    case .text, .localizedNumber, .localizedDate, .identity, .randomIdentity, .date, .optional:
      break
    }
    return .object(object)
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
