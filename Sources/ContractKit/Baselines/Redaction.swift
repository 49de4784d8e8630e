import ContractKitRuntime

/// A path whose value is volatile by design (a server time stamp, a request id): baselines
/// hold a fixed placeholder of the same JSON type there, and no comparison sees the value.
///
/// Patterns are JSON Pointers where `*` stands for any one array index or key and `**` for
/// any number of levels: `/meta/requestId`, `/rows/*/updatedAt`, `/**/traceId` (which may be
/// written `**/traceId`).
///
/// ```swift
/// try Redaction("/rows/*/updatedAt").apply(to: ["rows": [["updatedAt": "12:00:01"]]])
/// // ["rows": [["updatedAt": "<redacted>"]]]
/// ```
package struct Redaction: Sendable, Hashable, CustomStringConvertible {
  /// The pattern as a JSON Pointer: as declared, with a leading `/` added to `**/…`.
  package let pattern: String
  /// The pattern as the registration spells it, which messages about it quote.
  package let declared: String
  /// The pattern's path tokens: keys, indices, `*` and `**`.
  let tokens: [String]

  /// The placeholder of a redacted string.
  package static let placeholderText = "<redacted>"

  /// A redaction of the values at `pattern`.
  /// - Throws: ``PatternError`` when `pattern` is not a JSON Pointer pattern.
  package init(_ pattern: String) throws(PatternError) {
    declared = pattern
    // `**/vmId` reads as every `vmId` at any depth: the pointer `/**/vmId`.
    let pointer = pattern.hasPrefix("**") ? "/" + pattern : pattern
    guard pointer.isEmpty || pointer.hasPrefix("/") else {
      throw PatternError(pattern: pattern, reason: "a pattern is a JSON Pointer: '' or '/…'")
    }
    self.pattern = pointer
    tokens = JSONPointer.tokens(of: pointer)
  }

  package var description: String { declared }

  /// Whether the place with reference tokens `path` matches this pattern.
  func matches(_ path: ArraySlice<String>) -> Bool {
    Self.match(tokens[...], path)
  }

  private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
    guard let first = pattern.first else { return path.isEmpty }
    if first == "**" {
      // Zero levels, or one more level and try again.
      return match(pattern.dropFirst(), path) || (!path.isEmpty && match(pattern, path.dropFirst()))
    }
    guard let token = path.first, first == "*" || first == token else { return false }
    return match(pattern.dropFirst(), path.dropFirst())
  }

  /// Why a pattern was refused.
  package struct PatternError: Error, Sendable, Hashable, CustomStringConvertible {
    package let pattern: String
    package let reason: String
    package var description: String { "'\(pattern)' is not a redaction pattern: \(reason)" }
  }
}

/// Applies a contract's redactions, and FOSMVVM's `fsh` stamp in every `vmId` object, which
/// is redacted without any declaration.
///
/// An identity declared random by design is redacted only as far as it must be: a string
/// there (a new UUID on every render) becomes its placeholder, while an identity object keeps
/// its members, `fsh` redacted as everywhere. A random FOSMVVM id is `{"fsh": "<redacted>"}`
/// in its baseline, so a change of its shape (`ts` to `fsh`) or an `id` that makes it stable
/// is seen.
struct Redactor: Sendable {
  let redactions: [Redaction]
  /// Places whose identity is random by design (``Contract/randomIdentities``).
  let randomIdentities: [Redaction]
  /// Whether `fsh` members of `vmId` objects are redacted (payloads of the app's own
  /// encoder, where FOSMVVM's identity objects appear).
  let redactsFreshness: Bool
  /// The pointers of the identities the encoder knows are random, when it knows (ContractKit's
  /// own `ViewModelId()`): a string at a declared place is redacted only there, so a stable
  /// one stays in the baseline. `nil` redacts every string at a declared place (an app's own
  /// encoder, whose random and stable strings look alike).
  private(set) var knownRandom: Set<String>?

  init(redactions: [Redaction], randomIdentities: [Redaction] = [], redactsFreshness: Bool) {
    self.redactions = redactions
    self.randomIdentities = randomIdentities
    self.redactsFreshness = redactsFreshness
  }

  /// This redactor for an encoding whose random identities are known to be at `pointers`.
  func knowingRandom(_ pointers: [String]) -> Redactor {
    var copy = self
    copy.knownRandom = Set(pointers)
    return copy
  }

  /// Whether this redactor changes nothing: no pass over a payload is needed.
  var isEmpty: Bool { !hasDeclaredPatterns && !redactsFreshness }

  /// Whether the registration declares places to redact (redactions or random identities).
  var hasDeclaredPatterns: Bool { !redactions.isEmpty || !randomIdentities.isEmpty }

  /// Every declared pattern, as `contract.json` lists them: redactions, then random
  /// identities.
  var declaredPatterns: [String] {
    (redactions + randomIdentities).map(\.pattern).reduce(into: []) {
      if !$0.contains($1) { $0.append($1) }
    }
  }

  /// `value` with the value at every redacted place replaced by its placeholder.
  func apply(to value: JSONValue) -> JSONValue {
    guard !isEmpty else { return value }
    var path: [String] = []
    return redacted(value, path: &path, isIdentity: false) ?? value
  }

  /// `value` at `path` redacted, or `nil` when nothing in it is: a payload with nothing to
  /// redact (most of them) is walked, not copied. `isIdentity` when it is a `vmId` object.
  /// Without declared patterns only `vmId` objects can change, so no path is kept.
  private func redacted(_ value: JSONValue, path: inout [String], isIdentity: Bool)
    -> JSONValue?
  {
    let tracksPath = hasDeclaredPatterns
    switch value {
    case .object(let members):
      var result: [String: JSONValue]?
      for (key, member) in members {
        if tracksPath { path.append(key) }
        defer { if tracksPath { path.removeLast() } }
        guard let changed = redacting(member, key: key, path: &path, inIdentity: isIdentity)
        else { continue }
        if result == nil { result = members }
        result?[key] = changed
      }
      return result.map(JSONValue.object)
    case .array(let elements):
      var result: [JSONValue]?
      for (index, element) in elements.enumerated() {
        if tracksPath { path.append(String(index)) }
        defer { if tracksPath { path.removeLast() } }
        guard let changed = redacting(element, key: nil, path: &path, inIdentity: false)
        else { continue }
        if result == nil { result = elements }
        result?[index] = changed
      }
      return result.map(JSONValue.array)
    default:
      return nil
    }
  }

  /// The member `key` (`nil` for an array element) at `path` redacted, or `nil` when
  /// nothing in it is; its parent is a `vmId` object when `inIdentity`.
  private func redacting(_ value: JSONValue, key: String?, path: inout [String],
                         inIdentity: Bool) -> JSONValue?
  {
    switch placement(of: value, key: key, path: path[...], inIdentity: inIdentity) {
    case .placeholder: Self.placeholder(for: value)
    case .walk(let isIdentity): redacted(value, path: &path, isIdentity: isIdentity)
    }
  }

  /// What redaction does with a value.
  private enum Placement {
    /// The whole value becomes its placeholder.
    case placeholder
    /// Its parts are looked at; `isIdentity` when it is an identity object.
    case walk(isIdentity: Bool)
  }

  /// What redaction does with `value`, the member `key` (`nil` for an element) at `path`
  /// (its tokens, kept only when patterns are declared), whose parent is a `vmId` object
  /// when `inIdentity`.
  private func placement(of value: JSONValue, key: String?, path: ArraySlice<String>,
                         inIdentity: Bool) -> Placement
  {
    if inIdentity, key == "fsh" { return .placeholder }
    guard hasDeclaredPatterns else { return .walk(isIdentity: isIdentityObject(value, key: key)) }
    if redactions.contains(where: { $0.matches(path) }) { return .placeholder }
    guard randomIdentities.contains(where: { $0.matches(path) }) else {
      return .walk(isIdentity: isIdentityObject(value, key: key))
    }
    // A random string is new on every render; an identity object keeps its shape.
    if case .string = value {
      guard let knownRandom else { return .placeholder }
      let pointer = path.reduce("") { JSONPointer.appending($1, to: $0) }
      return knownRandom.contains(pointer) ? .placeholder : .walk(isIdentity: false)
    }
    return .walk(isIdentity: value.isObject)
  }

  private func isIdentityObject(_ value: JSONValue, key: String?) -> Bool {
    redactsFreshness && key == "vmId" && value.isObject
  }

  /// `baseline` with the placeholders at redacted places replaced by what `live` (an
  /// unredacted encoding) holds there when it has a value of the same JSON type, so that
  /// the app's own type can decode a baseline whose volatile values were redacted.
  func restore(_ baseline: JSONValue, from live: JSONValue) -> JSONValue {
    guard !isEmpty else { return baseline }
    var path: [String] = []
    return restore(baseline, live: live, path: &path, isIdentity: false)
  }

  private func restore(_ baseline: JSONValue, live: JSONValue?, path: inout [String],
                       isIdentity: Bool) -> JSONValue
  {
    func restored(_ member: JSONValue, key: String?, live counterpart: JSONValue?,
                  path: inout [String]) -> JSONValue
    {
      switch placement(of: member, key: key, path: path[...], inIdentity: isIdentity) {
      case .placeholder: Self.stand(in: member, live: counterpart)
      case .walk(let isIdentity):
        restore(member, live: counterpart, path: &path, isIdentity: isIdentity)
      }
    }
    switch baseline {
    case .object(let members):
      var result = [String: JSONValue](minimumCapacity: members.count)
      for (key, member) in members {
        path.append(key)
        result[key] = restored(member, key: key, live: live?[key], path: &path)
        path.removeLast()
      }
      return .object(result)
    case .array(let elements):
      var liveElements: [JSONValue] = []
      if case .array(let values)? = live { liveElements = values }
      var result: [JSONValue] = []
      for (index, element) in elements.enumerated() {
        path.append(String(index))
        let counterpart = index < liveElements.count ? liveElements[index] : nil
        result.append(restored(element, key: nil, live: counterpart, path: &path))
        path.removeLast()
      }
      return .array(result)
    default:
      return baseline
    }
  }

  /// The live value in place of a placeholder, when it has the placeholder's JSON type.
  private static func stand(in placeholder: JSONValue, live: JSONValue?) -> JSONValue {
    guard let live, live.typeName == placeholder.typeName else { return placeholder }
    return live
  }

  /// The placeholder of `value`'s JSON type: `"<redacted>"`, `0`, `false`, `null`; objects
  /// and arrays keep their shape with redacted leaves, so types are still checked.
  static func placeholder(for value: JSONValue) -> JSONValue {
    switch value {
    case .null: .null
    case .bool: .bool(false)
    case .number: .number(JSONNumber(0))
    case .string: .string(Redaction.placeholderText)
    case .array(let elements): .array(elements.map(placeholder(for:)))
    case .object(let members): .object(members.mapValues(placeholder(for:)))
    }
  }
}

extension JSONValue {
  /// `true` for an object.
  var isObject: Bool {
    if case .object = self { return true }
    return false
  }
}
