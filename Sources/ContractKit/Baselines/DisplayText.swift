import ContractKitRuntime

/// Text that comes from outside (file names, keys, paths) made safe to print as part of one
/// line of a report or an error.
///
/// A file named `"en.json\nerror  field-removed …"` must not forge a report line, and an
/// escape sequence in a name must not reach a terminal: control characters are spelled as
/// Swift escapes, the way a reader would type them.
///
/// ```swift
/// DisplayText.escaped("a\nb\u{1B}[31m")  // a\nb\u{1B}[31m, as visible characters
/// DisplayText.escaped(bytes: [0x61, 0xFF])  // a\x{FF}
/// ```
enum DisplayText {
  /// `text` with every control character (C0, DEL, C1, the line and paragraph separators,
  /// and the bidirectional controls) written as `\n`, `\r`, `\t` or `\u{…}`, and
  /// backslashes kept as they are.
  static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      guard isControl(scalar) else {
        result.append(scalar)
        continue
      }
      result.append(contentsOf: spelled(scalar).unicodeScalars)
    }
    return String(result)
  }

  /// A name read from a directory as raw bytes: valid UTF-8 escaped as ``escaped(_:)``,
  /// each byte that is not UTF-8 written `\x{FF}`.
  static func escaped(bytes: [UInt8]) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return escaped(text) }
    var result = ""
    var index = 0
    while index < bytes.count {
      var decoder = UTF8()
      var iterator = bytes[index...].makeIterator()
      if case .scalarValue(let scalar) = decoder.decode(&iterator) {
        result += escaped(String(scalar))
        index += UTF8.width(scalar)
      } else {
        result += #"\x{"# + String(bytes[index], radix: 16, uppercase: true) + "}"
        index += 1
      }
    }
    return result
  }

  /// Whether `scalar` must not be printed as it is: a control character, a line or
  /// paragraph separator, or a bidirectional control (U+061C, U+200E, U+200F, U+202A to
  /// U+202E, U+2066 to U+2069), which would reorder the text around it (a name holding
  /// U+202E reads backwards to the end of the line).
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  private static func spelled(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\n": #"\n"#
    case "\r": #"\r"#
    case "\t": #"\t"#
    default: #"\u{"# + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
  }
}
