import Foundation

/// A typed value of the FOSMVVM corpus's `expected.json`, as its README defines them.
///
/// JSON alone loses what the corpus encodes in spelling: `1` is an int, `1.0` a double, so
/// the reader here keeps each number's literal instead of going through a number type, and
/// turns the `$`-objects (`{"$double": "inf"}`, `{"$date": …}`, …) into their own cases.
indirect enum CorpusValue: Sendable, CustomStringConvertible {
  case string(String)
  case int(Int)
  case double(Double)
  case bool(Bool)
  case null
  case list([CorpusValue])
  /// Members in file order; keys compare by Unicode scalars.
  case map([(key: String, value: CorpusValue)])
  /// A Date, as milliseconds since 1970 in UTC.
  case date(milliseconds: Int64)
  /// `!!binary`, `!!set`, `!!omap`/`!!pairs`: values the reader's node type cannot hold.
  case binary(String)
  case set([CorpusValue])
  case pairs([CorpusValue])
  /// Rejected by Yams or by FOSMVVM's store; the text is the oracle's reason.
  case error(String)
  /// Store only: FOSMVVM picks one of these at random.
  case oneOf([CorpusValue])

  var description: String {
    switch self {
    case .string(let text): "\"\(text.unicodeScalars.map(Self.visible).joined())\""
    case .int(let value): "\(value)"
    case .double(let value): "\(value) (double)"
    case .bool(let value): "\(value)"
    case .null: "null"
    case .list(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
    case .map(let members):
      "{" + members.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
    case .date(let milliseconds): "date(\(milliseconds) ms)"
    case .binary(let base64): "binary(\(base64))"
    case .set(let items): "set\(CorpusValue.list(items))"
    case .pairs(let items): "pairs\(CorpusValue.list(items))"
    case .error(let reason): "error(\(reason))"
    case .oneOf(let items): "oneOf\(CorpusValue.list(items))"
    }
  }

  static func visible(_ scalar: Unicode.Scalar) -> String {
    (0x20..<0x7F).contains(scalar.value)
      ? String(scalar) : "\\u{\(String(scalar.value, radix: 16))}"
  }

  /// The member `key` of a map, compared by Unicode scalars.
  subscript(key: String) -> CorpusValue? {
    guard case .map(let members) = self else { return nil }
    return members.first { $0.key.unicodeScalars.elementsEqual(key.unicodeScalars) }?.value
  }
}

/// Parses `expected.json`: standard JSON, read strictly, keeping each number's spelling.
struct CorpusJSONReader {
  struct Failure: Error, CustomStringConvertible {
    let offset: Int
    let reason: String
    var description: String { "expected.json, byte \(offset): \(reason)" }
  }

  private let bytes: [UInt8]
  private var index = 0

  static func parse(_ bytes: [UInt8]) throws -> CorpusValue {
    var reader = CorpusJSONReader(bytes: bytes)
    let value = try reader.value()
    reader.skipSpace()
    guard reader.index == bytes.count else { throw reader.failure("text after the value") }
    return value
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private func failure(_ reason: String) -> Failure { Failure(offset: index, reason: reason) }

  private mutating func skipSpace() {
    while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
  }

  private mutating func value() throws -> CorpusValue {
    skipSpace()
    guard index < bytes.count else { throw failure("unexpected end") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["):
      index += 1
      var items: [CorpusValue] = []
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .list(items) }
      while true {
        items.append(try value())
        skipSpace()
        guard index < bytes.count else { throw failure("unclosed array") }
        index += 1
        if bytes[index - 1] == UInt8(ascii: "]") { return .list(items) }
        guard bytes[index - 1] == UInt8(ascii: ",") else { throw failure("expected ',' or ']'") }
      }
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): try literal("true"); return .bool(true)
    case UInt8(ascii: "f"): try literal("false"); return .bool(false)
    case UInt8(ascii: "n"): try literal("null"); return .null
    default: return try number()
    }
  }

  private mutating func literal(_ word: String) throws {
    let end = index + word.utf8.count
    guard end <= bytes.count, bytes[index..<end].elementsEqual(word.utf8) else {
      throw failure("expected \(word)")
    }
    index = end
  }

  private mutating func number() throws -> CorpusValue {
    let start = index
    while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    // The corpus writes a double with a '.' or an exponent, an int without: keep that.
    if !text.contains(where: { ".eE".contains($0) }), let value = Int(text) { return .int(value) }
    guard let value = Double(text) else { throw failure("bad number '\(text)'") }
    return .double(value)
  }

  private mutating func string() throws -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    var pendingHigh: UInt32?
    while true {
      guard index < bytes.count else { throw failure("unclosed string") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") { index += 1; break }
      if byte != UInt8(ascii: "\\") {
        let start = index
        index += 1
        while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
        scalars.append(contentsOf: String(decoding: bytes[start..<index], as: UTF8.self)
          .unicodeScalars)
        continue
      }
      guard index + 1 < bytes.count else { throw failure("bad escape") }
      let letter = bytes[index + 1]
      index += 2
      let simple: [UInt8: Unicode.Scalar] = [
        UInt8(ascii: "\""): "\"", UInt8(ascii: "\\"): "\\", UInt8(ascii: "/"): "/",
        UInt8(ascii: "b"): "\u{8}", UInt8(ascii: "f"): "\u{C}", UInt8(ascii: "n"): "\n",
        UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t",
      ]
      if let scalar = simple[letter] { scalars.append(scalar); continue }
      guard letter == UInt8(ascii: "u"), index + 4 <= bytes.count,
            let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self),
                              radix: 16) else { throw failure("bad escape") }
      index += 4
      if (0xD800..<0xDC00).contains(code) { pendingHigh = code; continue }
      if (0xDC00..<0xE000).contains(code), let high = pendingHigh {
        pendingHigh = nil
        let combined = 0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)
        guard let scalar = Unicode.Scalar(combined) else { throw failure("bad surrogates") }
        scalars.append(scalar)
        continue
      }
      guard let scalar = Unicode.Scalar(code) else { throw failure("lone surrogate") }
      scalars.append(scalar)
    }
    return String(scalars)
  }

  private mutating func object() throws -> CorpusValue {
    index += 1
    var members: [(key: String, value: CorpusValue)] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .map([]) }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw failure("expected a key")
      }
      let key = try string()
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw failure("expected ':'")
      }
      index += 1
      members.append((key, try value()))
      skipSpace()
      guard index < bytes.count else { throw failure("unclosed object") }
      index += 1
      if bytes[index - 1] == UInt8(ascii: "}") { break }
      guard bytes[index - 1] == UInt8(ascii: ",") else { throw failure("expected ',' or '}'") }
    }
    return try Self.special(members) ?? .map(members)
  }

  /// The corpus's `{"$…": …}` objects.
  private static func special(_ members: [(key: String, value: CorpusValue)]) throws
    -> CorpusValue?
  {
    guard members.count == 1, let member = members.first, member.key.hasPrefix("$") else {
      return nil
    }
    switch (member.key, member.value) {
    case ("$double", .string("inf")): return .double(.infinity)
    case ("$double", .string("-inf")): return .double(-.infinity)
    case ("$double", .string("nan")): return .double(.nan)
    case ("$date", .string(let text)): return .date(milliseconds: try milliseconds(text))
    case ("$binary", .string(let text)): return .binary(text)
    case ("$set", .list(let items)): return .set(items)
    case ("$pairs", .list(let items)): return .pairs(items)
    case ("$error", .string(let text)): return .error(text)
    case ("$oneOf", .list(let items)): return .oneOf(items)
    default: throw Failure(offset: 0, reason: "unknown marker \(member.key)")
    }
  }

  /// `2001-12-15T02:59:43.100Z` as milliseconds since 1970.
  private static func milliseconds(_ text: String) throws -> Int64 {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    guard let date = formatter.date(from: text) else {
      throw Failure(offset: 0, reason: "bad date \(text)")
    }
    return Int64((date.timeIntervalSince1970 * 1000).rounded())
  }
}
