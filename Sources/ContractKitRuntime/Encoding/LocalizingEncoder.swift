import Foundation

/// Encodes values as JSON for one locale and one system version, resolving every
/// localizable value against a localization store while encoding.
///
/// ```swift
/// let encoder = LocalizingEncoder(locale: "de", store: store, version: .init(1, 1, 0))
/// let body = try encoder.encodeJSON(DashboardViewModel.stub())
/// // {"greeting": "Willkommen zurück, Ana!", "vmId": "DashboardViewModel", …} as canonical
/// // JSON: keys in code-point order, two-space indentation, a trailing newline
/// ```
public struct LocalizingEncoder: Sendable {
  /// The BCP-47 locale to resolve text for.
  public let locale: String
  /// The locale every other one falls back to last.
  public let baseLocale: String
  public let store: LocalizationStore
  /// The system version whose wire shape to produce (decides `@Versioned` fields).
  public let version: SystemVersion
  /// Whether to record path metadata (`contract.json`); the check's fast path skips it.
  package var collectsAnnotations: Bool = true

  public init(locale: String, baseLocale: String? = nil, store: LocalizationStore,
              version: SystemVersion) {
    self.locale = locale
    self.baseLocale = baseLocale ?? locale
    self.store = store
    self.version = version
  }

  /// Encodes `value` into a JSON tree plus everything learned on the way.
  /// - Throws: `EncodingError` for values JSON cannot carry (NaN, infinity).
  package func encode<T: Encodable>(_ value: T) throws -> EncodedPayload {
    let encoding = try encodeTree(value)
    return EncodedPayload(
      value: encoding.tree.value,
      lookups: encoding.session.lookups,
      annotations: encoding.session.annotations,
      randomIdentities: encoding.session.randomIdentities,
      live: nil)
  }

  /// Encodes `value` as the canonical JSON the harness records: what an app sends.
  ///
  /// ```swift
  /// let encoder = LocalizingEncoder(locale: "de", store: store, version: "1.1.0")
  /// let body: Data = try encoder.encodeJSON(HomeViewModel.stub())
  /// ```
  /// - Throws: `EncodingError` for values JSON cannot carry (NaN, infinity).
  public func encodeJSON<T: Encodable>(_ value: T) throws -> Data {
    Data(try encodeCanonical(value).bytes)
  }

  /// Encodes `value` into its canonical bytes, written from the encoder's tree, which is
  /// kept so that the JSON value can be frozen from it later, only if it is needed.
  package func encodeCanonical<T: Encodable>(_ value: T) throws -> CanonicalEncoding {
    let encoding = try encodeTree(value)
    return CanonicalEncoding(
      bytes: CanonicalJSON.encode(node: encoding.tree),
      lookups: encoding.session.lookups,
      annotations: encoding.session.annotations,
      randomIdentities: encoding.session.randomIdentities,
      tree: encoding.tree)
  }

  /// The encoder's tree of `value` and the session that made it.
  private func encodeTree<T: Encodable>(_ value: T) throws
    -> (tree: Slot, session: EncodingSession)
  {
    let session = EncodingSession(
      locale: locale, baseLocale: baseLocale, store: store, version: version,
      collectsAnnotations: collectsAnnotations)
    defer { session.finish() }
    let encoder = ContractEncoder(session: session, path: nil)
    if let primitive = try encoder.primitiveValue(value, at: nil) {
      return (.value(primitive), session)
    }
    try value.encode(to: encoder)
    return (encoder.slot, session)
  }
}

/// One encoding as checks use it: canonical bytes first, the JSON value frozen from the
/// encoder's tree only on request (``value``).
package struct CanonicalEncoding {
  /// The canonical bytes of the wire JSON.
  package let bytes: [UInt8]
  package let lookups: [KeyLookup]
  package let annotations: [String: [PathAnnotation]]
  package let randomIdentities: [String]
  /// The encoder's tree, which the bytes were written from.
  fileprivate let tree: Slot

  /// The wire JSON as a value, frozen from the tree.
  package var value: JSONValue { tree.value }
}

/// One encoding's result: the wire JSON and what the encoder learned producing it.
package struct EncodedPayload: Sendable, Hashable {
  /// The wire JSON.
  package let value: JSONValue
  /// Every translation lookup, in encoding order.
  package let lookups: [KeyLookup]
  /// What the Swift types say about each path pattern (`/cards/*/title`).
  package let annotations: [String: [PathAnnotation]]
  /// Pointers of identities made with `ViewModelId()`.
  package let randomIdentities: [String]
  /// The value before redaction, when some value was redacted: what the app's own type
  /// decodes where baselines hold placeholders.
  package let live: JSONValue?

  package init(value: JSONValue, lookups: [KeyLookup], annotations: [String: [PathAnnotation]],
               randomIdentities: [String], live: JSONValue?) {
    self.value = value
    self.lookups = lookups
    self.annotations = annotations
    self.randomIdentities = randomIdentities
    self.live = live
  }
}

/// A translation lookup: which key, for which payload path, and how it resolved.
package struct KeyLookup: Sendable, Hashable {
  package let key: String
  package let resolution: Resolution
  /// Where the text went; spelled only when asked, since nearly every lookup resolves and
  /// no finding ever names its place.
  private let path: EncodingPath?

  package init(key: String, path: EncodingPath?, resolution: Resolution) {
    self.key = key
    self.path = path
    self.resolution = resolution
  }

  /// The JSON Pointer of the payload value the text went into.
  package var pointer: String { path?.pointerWithoutCaching ?? "" }

  package static func == (lhs: KeyLookup, rhs: KeyLookup) -> Bool {
    lhs.key == rhs.key && lhs.resolution == rhs.resolution && lhs.pointer == rhs.pointer
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(key)
    hasher.combine(pointer)
    hasher.combine(resolution)
  }
}
