import ContractKitRuntime

/// A path whose value is volatile by design (a server time stamp, a request id): baselines
/// hold a fixed placeholder of the same JSON type there, and no comparison sees the value.
///
/// Patterns are JSON Pointers where `*` stands for any one array index or key and `**` for
/// any number of levels: `/meta/requestId`, `/rows/*/updatedAt`, `/**/traceId`.
///
/// ```swift
/// try Redaction("/rows/*/updatedAt").apply(to: ["rows": [["updatedAt": "12:00:01"]]])
/// // ["rows": [["updatedAt": "<redacted>"]]]
/// ```
package struct Redaction: Sendable, Hashable, CustomStringConvertible {
  /// The pattern as declared.
  package let pattern: String
  /// The pattern's path tokens: keys, indices, `*` and `**`.
  let tokens: [String]

  /// The placeholder of a redacted string.
  package static let placeholderText = "<redacted>"

  /// A redaction of the values at `pattern`.
  /// - Throws: ``PatternError`` when `pattern` is not a JSON Pointer pattern.
  package init(_ pattern: String) throws(PatternError) {
    guard pattern.isEmpty || pattern.hasPrefix("/") else {
      throw PatternError(pattern: pattern, reason: "a pattern is a JSON Pointer: '' or '/…'")
    }
    self.pattern = pattern
    tokens = JSONPointer.tokens(of: pattern)
  }

  package var description: String { pattern }

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
struct Redactor: Sendable {
  let redactions: [Redaction]
  /// Whether `fsh` members of `vmId` objects are redacted (payloads of the app's own
  /// encoder, where FOSMVVM's identity objects appear).
  let redactsFreshness: Bool

  /// Whether this redactor changes nothing: no pass over a payload is needed.
  var isEmpty: Bool { redactions.isEmpty && !redactsFreshness }

  /// `value` with the value at every redacted place replaced by its placeholder.
  func apply(to value: JSONValue) -> JSONValue {
    guard !isEmpty else { return value }
    var path: [String] = []
    return redacted(value, path: &path, isIdentity: false) ?? value
  }

  /// `value` at `path` redacted, or `nil` when nothing in it is: a payload with nothing to
  /// redact (most of them) is walked, not copied. `isIdentity` when it is a `vmId` object.
  /// Without declared redactions only `vmId` objects can change, so no path is kept.
  private func redacted(_ value: JSONValue, path: inout [String], isIdentity: Bool)
    -> JSONValue?
  {
    let tracksPath = !redactions.isEmpty
    switch value {
    case .object(let members):
      var result: [String: JSONValue]?
      for (key, member) in members {
        if tracksPath { path.append(key) }
        defer { if tracksPath { path.removeLast() } }
        let changed = isRedacted(key: key, path: path[...], inIdentity: isIdentity)
          ? Self.placeholder(for: member)
          : redacted(member, path: &path, isIdentity: isIdentityObject(member, key: key))
        guard let changed else { continue }
        if result == nil { result = members }
        result?[key] = changed
      }
      return result.map(JSONValue.object)
    case .array(let elements):
      var result: [JSONValue]?
      for (index, element) in elements.enumerated() {
        if tracksPath { path.append(String(index)) }
        defer { if tracksPath { path.removeLast() } }
        let changed = isRedacted(key: nil, path: path[...], inIdentity: false)
          ? Self.placeholder(for: element) : redacted(element, path: &path, isIdentity: false)
        guard let changed else { continue }
        if result == nil { result = elements }
        result?[index] = changed
      }
      return result.map(JSONValue.array)
    default:
      return nil
    }
  }

  /// Whether the member `key` at `path` (its tokens, kept only when redactions are
  /// declared), whose parent is a `vmId` object when `inIdentity`, is redacted.
  private func isRedacted(key: String?, path: ArraySlice<String>, inIdentity: Bool) -> Bool {
    if inIdentity, key == "fsh" { return true }
    return !redactions.isEmpty && redactions.contains { $0.matches(path) }
  }

  /// Whether the member at `path`, whose parent is a `vmId` object when `inIdentity`, is
  /// redacted.
  private func isRedacted(_ path: ArraySlice<String>, inIdentity: Bool) -> Bool {
    if inIdentity, path.last == "fsh" { return true }
    return redactions.contains { $0.matches(path) }
  }

  private func isIdentityObject(_ value: JSONValue, key: String) -> Bool {
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
    switch baseline {
    case .object(let members):
      var result = [String: JSONValue](minimumCapacity: members.count)
      for (key, member) in members {
        path.append(key)
        let counterpart = live?[key]
        result[key] = isRedacted(path[...], inIdentity: isIdentity)
          ? Self.stand(in: member, live: counterpart)
          : restore(member, live: counterpart, path: &path,
                    isIdentity: isIdentityObject(member, key: key))
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
        result.append(isRedacted(path[...], inIdentity: false)
          ? Self.stand(in: element, live: counterpart)
          : restore(element, live: counterpart, path: &path, isIdentity: false))
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
