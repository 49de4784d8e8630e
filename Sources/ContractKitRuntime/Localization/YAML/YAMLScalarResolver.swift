import Foundation

/// The YAML type Yams resolves for a scalar, by its rules in their order.
enum YAMLScalarTag: Hashable, Sendable {
  case str, bool, int, float, merge, null, timestamp, value
}

/// Types scalars exactly as Yams does: its resolver picks a YAML 1.1 type for plain scalars
/// by a list of patterns (bool, int, float, merge, null, timestamp, value, in that order), and
/// its constructor builds the value, falling back to the text when construction fails.
///
/// Quoted and block scalars are always strings. Some rules surprise: `Yes`, `On` and `NO` are
/// booleans, `010` is octal 8, `08` is the double 8.0, `12:30` is base 60 (750), `+0` and
/// `-.5` stay text, `2024-13-45` is a date that rolls over into 2025.
enum YAMLScalarResolver {
  /// The type Yams resolves for `text` written in `style`.
  static func tag(of text: String, style: YAMLScalarStyle) -> YAMLScalarTag {
    guard style == .plain else { return .str }
    let bytes = Array(text.utf8)
    // Every pattern is ASCII; text with other characters is a string.
    if bytes.contains(where: { $0 >= 0x80 }) { return .str }
    if YAMLPatterns.isBool(bytes) { return .bool }
    if YAMLPatterns.isInt(bytes) { return .int }
    if YAMLPatterns.isFloat(bytes) { return .float }
    if bytes == Array("<<".utf8) { return .merge }
    if YAMLPatterns.isNull(bytes) { return .null }
    if YAMLPatterns.isTimestamp(bytes) { return .timestamp }
    if bytes == [UInt8(ascii: "=")] { return .value }
    return .str
  }

  /// The value Yams constructs for `text` written in `style`.
  /// - Throws: `InputError` for a base-60 integer whose computation overflows, on which Yams
  ///   stops the process instead of returning a value.
  package static func value(
    of text: String, style: YAMLScalarStyle, at mark: YAMLMark, in source: YAMLSource
  ) throws(InputError) -> YAMLNode {
    switch tag(of: text, style: style) {
    case .bool:
      return .bool(["true", "yes", "on"].contains(text.lowercased()))
    case .int:
      switch integer(text) {
      case .value(let number): return .int(number)
      case .text: return .string(text)
      case .overflow:
        throw source.error(
          "'\(text)' is a base-60 number too large for Yams, which stops the process on it; "
            + "quote the value", at: mark)
      }
    case .float:
      return double(text).map(YAMLNode.double) ?? .string(text)
    case .null:
      return .null
    case .timestamp:
      return YAMLTimestamp.date(text).map(YAMLNode.date) ?? .string(text)
    case .str, .merge, .value:
      return .string(text)
    }
  }

  // MARK: Construction

  /// What Yams's integer construction gives.
  private enum Integer {
    case value(Int)
    /// Construction fails and Yams keeps the text.
    case text
    /// The base-60 arithmetic overflows, which traps in Yams.
    case overflow
  }

  /// Yams's integer construction: underscores dropped, then `0x`, `0b`, `0o` or a leading `0`
  /// choose the radix, `:` means base 60, anything else is decimal.
  private static func integer(_ text: String) -> Integer {
    let digits = text.filter { $0 != "_" }
    if digits == "0" { return .value(0) }
    let isNegative = digits.hasPrefix("-")
    let body = digits.dropFirst(isNegative || digits.hasPrefix("+") ? 1 : 0)
    for (prefix, radix) in [("0x", 16), ("0b", 2), ("0o", 8), ("0", 8)]
    where body.hasPrefix(prefix) {
      // `+0` and `-0` reach here with no digits after the octal prefix, so they stay text.
      let number = Int((isNegative ? "-" : "") + body.dropFirst(prefix.count), radix: radix)
      return number.map(Integer.value) ?? .text
    }
    if body.contains(":") { return sexagesimal(body, negative: isNegative) }
    return Int(digits).map(Integer.value) ?? .text
  }

  /// `190:20:30` as Yams computes it: parts from the right, each times a power of 60.
  private static func sexagesimal(_ body: Substring, negative: Bool) -> Integer {
    let parts = body.split(separator: ":", omittingEmptySubsequences: false).compactMap {
      Int($0)
    }
    guard parts.count == body.count(where: { $0 == ":" }) + 1 else { return .text }
    var base = 1
    var value = 0
    for part in parts.reversed() {
      let product = part.multipliedReportingOverflow(by: base)
      let sum = value.addingReportingOverflow(product.partialValue)
      let nextBase = base.multipliedReportingOverflow(by: 60)
      if product.overflow || sum.overflow || nextBase.overflow { return .overflow }
      value = sum.partialValue
      base = nextBase.partialValue
    }
    return .value(negative ? -value : value)
  }

  /// Yams's double construction: `.inf`, `-.inf`, `.nan` in any casing the pattern lets
  /// through, base 60 with `:`, else Swift's `Double(_:)` without underscores (so `1e400` is
  /// infinity and `1e-400` zero, as in Yams).
  private static func double(_ text: String) -> Double? {
    switch text.lowercased() {
    case ".inf", "+.inf": return .infinity
    case "-.inf": return -.infinity
    case ".nan": return .nan
    default: break
    }
    let digits = text.filter { $0 != "_" }
    guard digits.contains(":") else { return Double(digits) }
    let isNegative = digits.hasPrefix("-")
    let body = digits.dropFirst(isNegative || digits.hasPrefix("+") ? 1 : 0)
    let parts = body.split(separator: ":", omittingEmptySubsequences: false).compactMap {
      Double($0)
    }
    guard parts.count == body.count(where: { $0 == ":" }) + 1 else { return nil }
    var base = 1.0
    var value = 0.0
    for part in parts.reversed() {
      value += part * base
      base *= 60
    }
    return isNegative ? -value : value
  }
}
