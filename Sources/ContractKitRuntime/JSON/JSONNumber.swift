/// A JSON number held by its one canonical spelling, so `1`, `1.0` and `1e0` are one number.
///
/// The rule, the same on every platform:
/// - a mathematical integer that fits `Int64` or `UInt64` is spelled as plain digits
///   (`1.0` → `1`, `1e3` → `1000`, `-0` → `0`);
/// - any other value is spelled by Swift's shortest round-trip `Double` description
///   (`0.1`, `1e-05`, `1e+20`), which the standard library implements identically on
///   Darwin and Linux, unlike Foundation's JSON writers.
package struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
  /// The canonical spelling, written verbatim into canonical JSON.
  package let canonical: String

  package var description: String { canonical }

  package init(_ value: Int) { canonical = String(value) }
  package init(_ value: Int64) { canonical = String(value) }
  package init(_ value: UInt64) { canonical = String(value) }
  package init<T: BinaryInteger>(integer value: T) { canonical = String(value) }

  /// A floating-point number; `nil` for NaN and infinities, which JSON cannot carry.
  package init?(exactly value: Double) {
    guard value.isFinite else { return nil }
    canonical = Self.spell(value)
  }

  /// A finite `Double`. Non-finite values trap; use ``init(exactly:)`` for untrusted input.
  package init(_ value: Double) {
    guard let number = JSONNumber(exactly: value) else {
      preconditionFailure("JSON cannot represent \(value)")
    }
    self = number
  }

  /// The number a JSON literal spells, or `nil` when `literal` is not a JSON number.
  package init?(literal: Substring) {
    guard Self.isJSONNumberLiteral(literal) else { return nil }
    let isInteger = !literal.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
    if isInteger {
      if let value = Int64(literal) { canonical = String(value); return }
      if let value = UInt64(literal) { canonical = String(value); return }
    }
    guard let value = Double(literal), value.isFinite else { return nil }
    canonical = Self.spell(value)
  }

  /// The value as a `Double` (exact for integers up to 2^53).
  package var doubleValue: Double { Double(canonical) ?? .nan }

  private static func spell(_ value: Double) -> String {
    if value == 0 { return "0" }
    if value == value.rounded(.towardZero) {
      if value >= -9.223_372_036_854_775_808e18, value < 9.223_372_036_854_775_808e18 {
        return String(Int64(value))
      }
      if value >= 0, value < 1.844_674_407_370_955_161_6e19 {
        return String(UInt64(value))
      }
    }
    return value.description
  }

  /// RFC 8259 number grammar: `-? int frac? exp?`.
  private static func isJSONNumberLiteral(_ text: Substring) -> Bool {
    var bytes = text.utf8[...]
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    guard let first = bytes.first, isDigit(first) else { return false }
    if first == UInt8(ascii: "0") {
      bytes = bytes.dropFirst()
    } else {
      bytes = bytes.drop(while: isDigit)
    }
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      guard let digit = bytes.first, isDigit(digit) else { return false }
      bytes = bytes.drop(while: isDigit)
    }
    if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") {
        bytes = bytes.dropFirst()
      }
      guard let digit = bytes.first, isDigit(digit) else { return false }
      bytes = bytes.drop(while: isDigit)
    }
    return bytes.isEmpty
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
