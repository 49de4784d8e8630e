/// RFC 6901 JSON Pointers: how findings and reports name a place in a payload.
///
/// A pointer is `""` for the whole document, or `/` followed by reference tokens separated by
/// `/`, each with `~` written `~0` and `/` written `~1`.
///
/// ```swift
/// let pointer = JSONPointer.appending(0, to: JSONPointer.appending("a/b", to: ""))
/// print(pointer, JSONPointer.tokens(of: pointer))
/// ```
/// Prints: `/a~1b/0 ["a/b", "0"]`
package enum JSONPointer {
  /// `pointer` extended by one object key, escaped.
  package static func appending(_ token: String, to pointer: String) -> String {
    guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") })
    else { return joined(pointer, token) }
    var escaped = ""
    escaped.reserveCapacity(token.utf8.count + 4)
    for character in token.unicodeScalars {
      switch character {
      case "~": escaped += "~0"
      case "/": escaped += "~1"
      default: escaped.unicodeScalars.append(character)
      }
    }
    return joined(pointer, escaped)
  }

  /// `pointer` extended by one array index.
  package static func appending(_ index: Int, to pointer: String) -> String {
    joined(pointer, String(index))
  }

  /// `pointer + "/" + token` in one allocation (none for short results): payload walks
  /// spell a pointer for every value they visit.
  private static func joined(_ pointer: String, _ token: String) -> String {
    var result = pointer
    result.reserveCapacity(pointer.utf8.count + 1 + token.utf8.count)
    result.append("/")
    result.append(token)
    return result
  }

  /// The unescaped reference tokens of `pointer`; `[]` for `""`.
  ///
  /// Lenient with malformed pointers, which ``value(at:in:)`` refuses: text before a missing
  /// leading `/` counts as the first token, and a `~` not followed by `0` or `1` is kept as is.
  package static func tokens(of pointer: String) -> [String] {
    decode(pointer).tokens
  }

  /// The value at `pointer` in `value`, or `nil` when nothing is there or `pointer` is
  /// malformed.
  ///
  /// Array indices are decimal without leading zeros; `-` (past the end) finds nothing.
  package static func value(at pointer: String, in value: JSONValue) -> JSONValue? {
    let (tokens, isWellFormed) = decode(pointer)
    guard isWellFormed else { return nil }
    var current = value
    for token in tokens {
      switch current {
      case .object(let members):
        guard let member = members[token] else { return nil }
        current = member
      case .array(let elements):
        guard let index = arrayIndex(token), index < elements.count else { return nil }
        current = elements[index]
      default:
        return nil
      }
    }
    return current
  }

  /// The tokens of `pointer` and whether it is well formed by RFC 6901.
  private static func decode(_ pointer: String) -> (tokens: [String], isWellFormed: Bool) {
    guard !pointer.isEmpty else { return ([], true) }
    // Split by scalars, not Characters: "/" followed by a combining mark is still a separator.
    var isWellFormed = pointer.utf8.first == UInt8(ascii: "/")
    var parts = pointer.unicodeScalars.split(separator: "/", omittingEmptySubsequences: false)
    if isWellFormed { parts.removeFirst() }
    let tokens = parts.map { part -> String in
      guard part.contains("~") else { return String(Substring(part)) }
      var token = ""
      var afterTilde = false
      for scalar in part {
        if afterTilde {
          afterTilde = false
          if scalar == "0" || scalar == "1" {
            token += scalar == "0" ? "~" : "/"
            continue
          }
          isWellFormed = false
          token += "~"
        }
        if scalar == "~" { afterTilde = true } else { token.unicodeScalars.append(scalar) }
      }
      if afterTilde {
        isWellFormed = false
        token += "~"
      }
      return token
    }
    return (tokens, isWellFormed)
  }

  /// The array index an RFC 6901 token spells: `0` or digits without a leading zero.
  private static func arrayIndex(_ token: String) -> Int? {
    guard let first = token.utf8.first, token.utf8.allSatisfy(JSONParser.Reader.isDigit),
      first != UInt8(ascii: "0") || token.utf8.count == 1
    else { return nil }
    return Int(token)
  }
}
