/// A wire (system) version, `major.minor.patch`, that clients and servers agree on.
///
/// ```swift
/// let version = try SystemVersion(parsing: "1.2.0")
/// version.versionString   // "1.2.0"
/// version < "2.0.0"       // true: a literal is a version too
/// ```
public struct SystemVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
  public let major: Int
  public let minor: Int
  public let patch: Int

  public init(_ major: Int, _ minor: Int, _ patch: Int) {
    precondition(major >= 0 && minor >= 0 && patch >= 0, "version parts are never negative")
    self.major = major
    self.minor = minor
    self.patch = patch
  }

  /// The parts' names, for messages.
  private static let partNames = ["major", "minor", "patch"]

  /// Parses `"1.2.3"`.
  /// - Throws: ``ParseError`` saying which part is wrong and why.
  public init(parsing text: String) throws(ParseError) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else {
      throw ParseError(text: text, reason: "expected three parts 'major.minor.patch', found \(parts.count)")
    }
    var numbers: [Int] = []
    for (index, part) in parts.enumerated() {
      let name = Self.partNames[index]
      guard !part.isEmpty else { throw ParseError(text: text, reason: "the \(name) part is empty") }
      guard part.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
        throw ParseError(text: text, reason: "the \(name) part '\(part)' is not a non-negative whole number")
      }
      guard part.count == 1 || part.first != "0" else {
        throw ParseError(text: text, reason: "the \(name) part '\(part)' has a leading zero")
      }
      guard let number = Int(part) else {
        throw ParseError(text: text, reason: "the \(name) part '\(part)' is too large")
      }
      numbers.append(number)
    }
    self.init(numbers[0], numbers[1], numbers[2])
  }

  /// `"major.minor.patch"`, the spelling used on the wire and in baseline paths.
  ///
  /// Written digit by digit on the stack: every path of a baseline tree spells it, and an
  /// interpolation allocates its storage each time (a version fits a small string, which
  /// does not).
  public var versionString: String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 * 20 + 2) { buffer in
      var count = 0
      func append(_ part: Int) {
        let start = count
        var rest = part.magnitude
        repeat {
          buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
          count += 1
          rest /= 10
        } while rest > 0
        buffer[start..<count].reverse()
      }
      append(major)
      buffer[count] = UInt8(ascii: ".")
      count += 1
      append(minor)
      buffer[count] = UInt8(ascii: ".")
      count += 1
      append(patch)
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
    }
  }

  public var description: String { versionString }

  public static func < (lhs: SystemVersion, rhs: SystemVersion) -> Bool {
    (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
  }

  /// The step from `self` to `newer`: `.major` when the major part grew, and so on.
  package func bump(to newer: SystemVersion) -> VersionBump {
    if newer.major != major { return newer.major > major ? .major : .none }
    if newer.minor != minor { return newer.minor > minor ? .minor : .none }
    if newer.patch != patch { return newer.patch > patch ? .patch : .none }
    return .none
  }

  /// Why a string is not a version.
  public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public let text: String
    public let reason: String
    public var description: String { "'\(text)' is not a system version: \(reason)" }
  }
}

// MARK: - ExpressibleByStringLiteral

extension SystemVersion: ExpressibleByStringLiteral {
  /// A version written in code: `versions: ["1.0.0", "1.1.0"]`, `@Versioned(since: "1.1.0")`.
  ///
  /// A literal is part of the program, not input, so a malformed one (`"1.0"`) stops the
  /// program with the parse error; use ``init(parsing:)`` for text read at run time.
  public init(stringLiteral text: String) {
    do {
      try self.init(parsing: text)
    } catch {
      preconditionFailure(error.description)
    }
  }
}

// MARK: - Codable

extension SystemVersion: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      try self.init(parsing: text)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(versionString)
  }
}
