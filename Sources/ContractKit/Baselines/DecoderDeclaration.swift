import ContractKitRuntime
import Foundation

/// How a contract's clients configure their `JSONDecoder`, as data: what `compat` rebuilds
/// inside a release's own package to decode with the decoder the contract declares, and
/// what `record` keeps in `contract.json` so that a later `compat` decodes as that release
/// did.
///
/// Read off the decoder a registration makes (``init(describing:)``): key, date, data and
/// non-conforming float strategies, JSON5, top-level dictionary. A `.custom` strategy is
/// code, which no data can carry: it is named `custom`, and ``uncarried`` says so.
///
/// ```json
/// "decoder" : { "dates" : "iso8601", "keys" : "snake-case" }
/// ```
/// A member at Foundation's default is left out: `{}` is `JSONDecoder()`.
struct DecoderDeclaration: Sendable, Hashable {
  /// `snake-case` (`.convertFromSnakeCase`) or `custom`; `nil` for the default keys.
  var keys: String?
  /// `seconds-since-1970`, `milliseconds-since-1970`, `iso8601`, `custom` (`.custom`, and
  /// `.formatted`), or `contractkit` (ContractKit's wire spelling, ISO 8601 in UTC); `nil`
  /// for `.deferredToDate`.
  var dates: String?
  /// `deferred` (`.deferredToData`) or `custom`; `nil` for base64, the default.
  var data: String?
  /// `.convertFromString`'s spellings of positive and negative infinity and NaN.
  var nonConformingFloats: [String]?
  var allowsJSON5 = false
  var assumesTopLevelDictionary = false

  /// ContractKit's own wire decoder (``BaselineDecoder``): what a contract without a
  /// decoder of its app decodes with.
  static let contractKit = DecoderDeclaration(dates: "contractkit")

  /// The configuration of `decoder`.
  init(describing decoder: JSONDecoder) {
    switch decoder.keyDecodingStrategy {
    case .useDefaultKeys: keys = nil
    case .convertFromSnakeCase: keys = "snake-case"
    default: keys = "custom"
    }
    switch decoder.dateDecodingStrategy {
    case .deferredToDate: dates = nil
    case .secondsSince1970: dates = "seconds-since-1970"
    case .millisecondsSince1970: dates = "milliseconds-since-1970"
    case .iso8601: dates = "iso8601"
    // `.formatted(_:)` is a case on Darwin and a `.custom` closure on Linux: it is custom on
    // both, so that `contract.json` is the same wherever it is recorded.
    default: dates = "custom"
    }
    switch decoder.dataDecodingStrategy {
    case .base64: data = nil
    case .deferredToData: data = "deferred"
    default: data = "custom"
    }
    let floats = decoder.nonConformingFloatDecodingStrategy
    if case .convertFromString(let positive, let negative, let nan) = floats {
      nonConformingFloats = [positive, negative, nan]
    }
    allowsJSON5 = decoder.allowsJSON5
    assumesTopLevelDictionary = decoder.assumesTopLevelDictionary
  }

  private init(dates: String) { self.dates = dates }

  /// The strategies that are code and cannot be carried into a release's build, with what
  /// is used instead: empty when the declaration is carried whole.
  var uncarried: [String] {
    var notes: [String] = []
    if keys == "custom" { notes.append("its custom key strategy (keys are decoded as written)") }
    if dates == "custom" {
      notes.append("its custom date strategy (dates are accepted in ISO 8601, as yyyy-MM-dd, "
        + "yyyy-MM-dd HH:mm:ss or as seconds since 1970)")
    }
    if data == "custom" { notes.append("its custom data strategy (data is decoded as base64)") }
    return notes
  }

  /// The `decoder` member of `contract.json`, and what the decoder probe reads.
  var json: JSONValue {
    var members: [String: JSONValue] = [:]
    members["keys"] = keys.map(JSONValue.string)
    members["dates"] = dates.map(JSONValue.string)
    members["data"] = data.map(JSONValue.string)
    members["nonConformingFloats"] = nonConformingFloats.map { .array($0.map(JSONValue.string)) }
    if allowsJSON5 { members["allowsJSON5"] = .bool(true) }
    if assumesTopLevelDictionary { members["assumesTopLevelDictionary"] = .bool(true) }
    return .object(members)
  }

  /// Reads the `decoder` member of `contract.json`.
  /// - Throws: ``InputError`` naming `file` and the member that is not what it should be.
  init<Node: JSONNode>(json: Node, file: String) throws(InputError) {
    guard json.members != nil else {
      throw InputError(file: file, reason: "expected an object at '/decoder' in contract metadata")
    }
    func text(_ key: String) throws(InputError) -> String? {
      guard let value = json[key] else { return nil }
      guard let text = value.stringValue else {
        throw InputError(file: file, reason: "expected a string at '/decoder/\(key)' in contract "
          + "metadata")
      }
      return text
    }
    keys = try text("keys")
    dates = try text("dates")
    data = try text("data")
    if let spellings = json["nonConformingFloats"]?.elements {
      let texts = spellings.compactMap(\.stringValue)
      guard texts.count == 3, spellings.count == 3 else {
        throw InputError(file: file, reason: "expected three strings at "
          + "'/decoder/nonConformingFloats' in contract metadata")
      }
      nonConformingFloats = texts
    }
    allowsJSON5 = json["allowsJSON5"]?.boolValue == true
    assumesTopLevelDictionary = json["assumesTopLevelDictionary"]?.boolValue == true
  }
}
