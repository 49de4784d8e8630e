/// A quoted scalar's text and the byte offset just past its closing quote.
struct QuotedScalar {
  let text: String
  let end: Int
}

extension YAMLBlockParser {
  /// Reads the single- or double-quoted scalar opening at `offset`; it must close on `line`.
  func scanQuoted(on line: YAMLLine, at offset: Int) throws(InputError) -> QuotedScalar {
    bytes[offset] == UInt8(ascii: "\"")
      ? try scanDoubleQuoted(on: line, at: offset)
      : try scanSingleQuoted(on: line, at: offset)
  }

  func scanSingleQuoted(on line: YAMLLine, at offset: Int) throws(InputError) -> QuotedScalar {
    let quote = UInt8(ascii: "'")
    var text: [UInt8] = []
    var cursor = offset + 1
    while cursor < line.end {
      let byte = bytes[cursor]
      if byte == quote {
        guard cursor + 1 < line.end, bytes[cursor + 1] == quote else {
          return QuotedScalar(text: String(decoding: text, as: UTF8.self), end: cursor + 1)
        }
        text.append(quote)
        cursor += 2
        continue
      }
      text.append(byte)
      cursor += 1
    }
    throw source.error(
      "unterminated single-quoted string; quoted strings must close on the same line",
      at: offset, on: line)
  }

  func scanDoubleQuoted(on line: YAMLLine, at offset: Int) throws(InputError) -> QuotedScalar {
    var text: [UInt8] = []
    var cursor = offset + 1
    while cursor < line.end {
      let byte = bytes[cursor]
      if byte == UInt8(ascii: "\"") {
        return QuotedScalar(text: String(decoding: text, as: UTF8.self), end: cursor + 1)
      }
      if byte == UInt8(ascii: "\\"), cursor + 1 < line.end {
        let scalar = try escapedScalar(on: line, at: cursor)
        Unicode.UTF8.encode(scalar.value) { text.append($0) }
        cursor = scalar.end
        continue
      }
      if byte == UInt8(ascii: "\\") { break }
      text.append(byte)
      cursor += 1
    }
    throw source.error(
      "unterminated double-quoted string; quoted strings must close on the same line",
      at: offset, on: line)
  }

  /// Decodes the escape sequence whose backslash is at `offset`.
  func escapedScalar(
    on line: YAMLLine, at offset: Int
  ) throws(InputError) -> (value: Unicode.Scalar, end: Int) {
    let letter = bytes[offset + 1]
    let simple: Unicode.Scalar?
    switch UnicodeScalar(letter) {
    case "\"": simple = "\""
    case "\\": simple = "\\"
    case "/": simple = "/"
    case "n": simple = "\n"
    case "t": simple = "\t"
    case "r": simple = "\r"
    case "0": simple = "\0"
    case "b": simple = "\u{08}"
    case "f": simple = "\u{0C}"
    default: simple = nil
    }
    if let simple { return (simple, offset + 2) }
    let digitCount: Int
    switch UnicodeScalar(letter) {
    case "x": digitCount = 2
    case "u": digitCount = 4
    case "U": digitCount = 8
    default:
      throw source.error("unsupported escape '\\\(escapedText(at: offset + 1))'",
                         at: offset, on: line)
    }
    let digitsStart = offset + 2
    var value: UInt32 = 0
    for position in digitsStart..<digitsStart + digitCount {
      guard position < line.end, let digit = hexValue(bytes[position]) else {
        throw source.error(
          "escape '\\\(UnicodeScalar(letter))' needs \(digitCount) hexadecimal digits",
          at: offset, on: line)
      }
      value = value << 4 | digit
    }
    guard let scalar = Unicode.Scalar(value) else {
      let digits = String(decoding: bytes[digitsStart..<digitsStart + digitCount], as: UTF8.self)
      throw source.error(
        "escape '\\\(UnicodeScalar(letter))\(digits)' is not a Unicode scalar value",
        at: offset, on: line)
    }
    return (scalar, digitsStart + digitCount)
  }

  /// The whole character starting at `offset`, for messages.
  func escapedText(at offset: Int) -> String {
    var end = offset + 1
    while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
    return String(decoding: bytes[offset..<end], as: UTF8.self)
  }

  func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: UInt32(byte - 0x30)
    case 0x41...0x46: UInt32(byte - 0x41 + 10)
    case 0x61...0x66: UInt32(byte - 0x61 + 10)
    default: nil
    }
  }
}
