/// A field that exists on the wire only for system versions in `[since, until)`.
///
/// ```swift
/// @Versioned(since: .init(1, 1, 0)) var badgeCount: Int? = 3
/// @Versioned(until: .init(2, 0, 0)) var legacyTitle: String? = "Dashboard"
/// ```
/// Encoding for 1.0.0 omits `badgeCount`; for 2.0.0 omits `legacyTitle`. A `nil` value is
/// omitted as an optional would be. Decoding accepts the key's absence.
@propertyWrapper
public struct Versioned<Value: Codable & Sendable>: Sendable {
  public var wrappedValue: Value?
  /// The first version that carries the field; `nil` means every version before `until`.
  public let since: SystemVersion?
  /// The first version that no longer carries the field; `nil` means still carried.
  public let until: SystemVersion?

  /// A field carried in `[since, until)`. An empty or reversed range (`until` not after
  /// `since`) is a ``DeclarationError`` when the field is encoded, naming it.
  public init(wrappedValue: Value?, since: SystemVersion? = nil, until: SystemVersion? = nil) {
    self.wrappedValue = wrappedValue
    self.since = since
    self.until = until
  }

  /// A versioned field assigned later, in the owner's initializer.
  public init(since: SystemVersion? = nil, until: SystemVersion? = nil) {
    self.init(wrappedValue: nil, since: since, until: until)
  }

  /// `true` when `version` lies in `[since, until)`.
  public func isCarried(in version: SystemVersion) -> Bool {
    if let since, version < since { return false }
    if let until, version >= until { return false }
    return true
  }
}

// MARK: - Codable

extension Versioned: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    since = nil
    until = nil
  }

  public func encode(to encoder: any Encoder) throws {
    if let since, let until, since >= until {
      let field = encoder.codingPath.map(\.stringValue).joined(separator: ".")
      throw DeclarationError(
        "@Versioned field '\(field)' declares the range [\(since), \(until)), which is "
          + (since == until ? "empty" : "reversed") + ": 'until' must come after 'since'")
    }
    if let recorder = encoder.contractRecorder {
      recorder.annotate(.versioned(since: since, until: until))
      guard isCarried(in: recorder.version), let wrappedValue else {
        recorder.omit()
        return
      }
      // Through a container, so URL, Date and friends get their one wire spelling rather
      // than their raw Codable form (URL's is `{"relative": …}`).
      var container = encoder.singleValueContainer()
      try container.encode(wrappedValue)
      return
    }
    var container = encoder.singleValueContainer()
    if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
  }
}

extension KeyedDecodingContainer {
  /// Decodes a versioned field that an older or newer version leaves out.
  ///
  /// Public, unlike every other member ContractKit adds to a standard type: the `Codable`
  /// conformance Swift synthesizes in the app's own module calls it, and without it an app's
  /// type cannot decode a payload of a version that leaves the field out.
  public func decode<Value>(_ type: Versioned<Value>.Type, forKey key: Key) throws
    -> Versioned<Value>
  {
    try decodeIfPresent(type, forKey: key) ?? Versioned(wrappedValue: nil)
  }
}
