/// Yams's resolver patterns for plain scalars, matched by hand on ASCII bytes.
///
/// Each function accepts exactly the language of one of Yams's regular expressions
/// (`Resolver.Rule.bool`, `.int`, `.float`, `.null`, `.timestamp`), anchored at both ends.
/// The patterns are not YAML 1.2's: `yes`/`on` are booleans, a leading `0` is octal, and a
/// sign may not precede `.5`.
enum YAMLPatterns {
  /// `yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF`
  static func isBool(_ text: [UInt8]) -> Bool {
    boolWords.contains(text)
  }

  private static let boolWords: Set<[UInt8]> = Set(
    ["yes", "no", "true", "false", "on", "off"].flatMap { word in
      [word, word.prefix(1).uppercased() + word.dropFirst(), word.uppercased()]
    }.map { Array($0.utf8) })

  /// `~`, `null`, `Null`, `NULL` or nothing.
  static func isNull(_ text: [UInt8]) -> Bool {
    ["", "~", "null", "Null", "NULL"].contains { text.elementsEqual($0.utf8) }
  }

  /// `[-+]?` followed by `0b[0-1_]+`, `0o?[0-7_]+`, `0|[1-9][0-9_]*`, `0x[0-9a-fA-F_]+`, or
  /// `[1-9][0-9_]*(:[0-5]?[0-9])+`.
  static func isInt(_ text: [UInt8]) -> Bool {
    var body = text[...]
    if let first = body.first, first == plus || first == minus { body = body.dropFirst() }
    if body.starts(with: [zero, UInt8(ascii: "b")]) {
      return body.count > 2
        && body.dropFirst(2).allSatisfy { $0 == zero || $0 == one || $0 == under }
    }
    if body.starts(with: [zero, UInt8(ascii: "x")]) {
      return body.count > 2 && body.dropFirst(2).allSatisfy { isHex($0) || $0 == under }
    }
    if body.first == zero {
      var rest = body.dropFirst()
      if rest.first == UInt8(ascii: "o") { rest = rest.dropFirst() }
      if rest.isEmpty { return body.count == 1 }
      return rest.allSatisfy { (zero...seven).contains($0) || $0 == under }
    }
    guard let first = body.first, (one...nine).contains(first) else { return false }
    var index = body.index(after: body.startIndex)
    while index < body.endIndex, isDigit(body[index]) || body[index] == under {
      index += 1
    }
    if index == body.endIndex { return true }
    return sexagesimalTail(body[index...], thenDot: false)
  }

  /// `[-+]?[0-9][0-9_]*(\.[0-9_]*)?([eE][-+]?[0-9]+)?`, `\.[0-9_]+([eE][-+][0-9]+)?`,
  /// `[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]*`, `[-+]?\.(inf|Inf|INF)` or
  /// `\.(nan|NaN|NAN)`.
  static func isFloat(_ text: [UInt8]) -> Bool {
    if ["inf", "Inf", "INF"].contains(where: { word in
      [".", "+.", "-."].contains { text.elementsEqual(($0 + word).utf8) }
    }) { return true }
    if [".nan", ".NaN", ".NAN"].contains(where: { text.elementsEqual($0.utf8) }) { return true }
    if text.first == dot {
      // A leading dot allows no sign before it, and a sign in the exponent is required.
      var index = 1
      while index < text.count, isDigit(text[index]) || text[index] == under { index += 1 }
      guard index > 1 else { return false }
      return index == text.count || exponent(text[index...], signRequired: true)
    }
    var body = text[...]
    if let first = body.first, first == plus || first == minus { body = body.dropFirst() }
    guard let first = body.first, isDigit(first) else { return false }
    var index = body.index(after: body.startIndex)
    while index < body.endIndex, isDigit(body[index]) || body[index] == under { index += 1 }
    if index < body.endIndex, body[index] == colon {
      return sexagesimalTail(body[index...], thenDot: true)
    }
    if index < body.endIndex, body[index] == dot {
      index += 1
      while index < body.endIndex, isDigit(body[index]) || body[index] == under { index += 1 }
    }
    return index == body.endIndex || exponent(body[index...], signRequired: false)
  }

  /// `[0-9]{4}-[0-9]{2}-[0-9]{2}`, or a date with one- or two-digit month and day, `T`, `t` or
  /// blanks, `h:mm:ss`, an optional fraction and an optional `Z` or `±h[:mm]` offset.
  static func isTimestamp(_ text: [UInt8]) -> Bool {
    YAMLTimestamp.Parts(text) != nil
  }

  // MARK: Pieces

  /// `(:[0-5]?[0-9])+`, then `\.[0-9_]*` when `thenDot`, to the end of `tail`.
  private static func sexagesimalTail(_ tail: ArraySlice<UInt8>, thenDot: Bool) -> Bool {
    var index = tail.startIndex
    var groups = 0
    while index < tail.endIndex, tail[index] == colon {
      index += 1
      let start = index
      while index < tail.endIndex, isDigit(tail[index]) { index += 1 }
      let count = index - start
      guard count == 1 || (count == 2 && tail[start] <= UInt8(ascii: "5")) else { return false }
      groups += 1
    }
    guard groups > 0 else { return false }
    if !thenDot { return index == tail.endIndex }
    guard index < tail.endIndex, tail[index] == dot else { return false }
    return tail[(index + 1)...].allSatisfy { isDigit($0) || $0 == under }
  }

  /// `[eE][-+]?[0-9]+` (the sign required when `signRequired`), to the end of `tail`.
  private static func exponent(_ tail: ArraySlice<UInt8>, signRequired: Bool) -> Bool {
    guard let letter = tail.first, letter | 0x20 == UInt8(ascii: "e") else { return false }
    var digits = tail.dropFirst()
    if let sign = digits.first, sign == plus || sign == minus {
      digits = digits.dropFirst()
    } else if signRequired {
      return false
    }
    return !digits.isEmpty && digits.allSatisfy(isDigit)
  }

  static func isDigit(_ byte: UInt8) -> Bool { (zero...nine).contains(byte) }

  private static func isHex(_ byte: UInt8) -> Bool {
    isDigit(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
  }

  private static let zero = UInt8(ascii: "0")
  private static let one = UInt8(ascii: "1")
  private static let seven = UInt8(ascii: "7")
  private static let nine = UInt8(ascii: "9")
  private static let plus = UInt8(ascii: "+")
  private static let minus = UInt8(ascii: "-")
  private static let dot = UInt8(ascii: ".")
  private static let colon = UInt8(ascii: ":")
  private static let under = UInt8(ascii: "_")
}
