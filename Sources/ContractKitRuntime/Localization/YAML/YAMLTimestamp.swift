import Foundation

/// YAML 1.1 timestamps as Yams reads them: `2024-01-15` (midnight UTC), or a date and time
/// with `T`, `t` or blanks between, an optional fraction and an optional offset.
enum YAMLTimestamp {
  /// The fields of a timestamp, as Yams's pattern splits it.
  struct Parts {
    var year = 0
    var month = 0
    var day = 0
    var hour: Int?
    var minute: Int?
    var second: Int?
    /// The digits after the `.`, possibly none.
    var fraction: [UInt8]?
    /// The offset from UTC in seconds; 0 for `Z` or no offset.
    var offset = 0

    /// The parts of `text`, or `nil` when it does not match Yams's timestamp pattern.
    init?(_ text: [UInt8]) {
      var cursor = Cursor(text: text)
      guard let year = cursor.digits(4...4), cursor.take("-"),
            let month = cursor.digits(1...2), cursor.take("-"),
            let day = cursor.digits(1...2) else { return nil }
      (self.year, self.month, self.day) = (year.value, month.value, day.value)
      if cursor.isAtEnd {
        // A date alone needs two-digit months and days; `2024-1-5` is text.
        guard month.count == 2, day.count == 2 else { return nil }
        return
      }
      if !cursor.take("T"), !cursor.take("t") {
        guard cursor.blanks() > 0 else { return nil }
      }
      guard let hour = cursor.digits(1...2), cursor.take(":"),
            let minute = cursor.digits(2...2), cursor.take(":"),
            let second = cursor.digits(2...2) else { return nil }
      (self.hour, self.minute, self.second) = (hour.value, minute.value, second.value)
      if cursor.take(".") { fraction = cursor.digitRun() }
      if cursor.isAtEnd { return }
      _ = cursor.blanks()
      if !cursor.take("Z") {
        let negative = cursor.take("-")
        guard negative || cursor.take("+"), let hours = cursor.digits(1...2) else { return nil }
        var seconds = hours.value * 3600
        if cursor.take(":") {
          guard let minutes = cursor.digits(2...2) else { return nil }
          seconds += minutes.value * 60
        }
        offset = negative ? -seconds : seconds
      }
      guard cursor.isAtEnd else { return nil }
    }
  }

  /// The date Yams builds for `text`: Gregorian calendar components in the offset's time zone
  /// (impossible dates roll over, `2024-02-30` is March 1), plus the fraction cut to
  /// nanoseconds.
  package static func date(_ text: String) -> Date? {
    guard let parts = Parts(Array(text.utf8)) else { return nil }
    var components = DateComponents()
    components.calendar = calendar
    components.year = parts.year
    components.month = parts.month
    components.day = parts.day
    components.hour = parts.hour
    components.minute = parts.minute
    components.second = parts.second
    // As in Yams: an offset Foundation cannot represent leaves the calendar's time zone.
    components.timeZone = TimeZone(secondsFromGMT: parts.offset)
    guard let date = components.date else { return nil }
    guard let fraction = parts.fraction, !fraction.isEmpty,
          let digits = Int(String(decoding: fraction.prefix(9), as: UTF8.self)) else {
      return date
    }
    let nanoseconds = digits * Int(pow(10, Double(max(0, 9 - fraction.count))))
    return date.addingTimeInterval(Double(nanoseconds) / 1_000_000_000)
  }

  private static let calendar = Calendar(identifier: .gregorian)

  /// Reads ASCII fields off a timestamp's bytes.
  private struct Cursor {
    let text: [UInt8]
    var index = 0

    var isAtEnd: Bool { index == text.count }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
      guard index < text.count, text[index] == UInt8(ascii: character) else { return false }
      index += 1
      return true
    }

    /// A run of `count` digits (as many as there are, up to its upper bound).
    mutating func digits(_ count: ClosedRange<Int>) -> (value: Int, count: Int)? {
      let start = index
      while index < text.count, index - start < count.upperBound,
            YAMLPatterns.isDigit(text[index]) { index += 1 }
      guard count.contains(index - start) else { return nil }
      let value = text[start..<index].reduce(0) { $0 * 10 + Int($1 - 0x30) }
      return (value, index - start)
    }

    mutating func digitRun() -> [UInt8] {
      let start = index
      while index < text.count, YAMLPatterns.isDigit(text[index]) { index += 1 }
      return Array(text[start..<index])
    }

    mutating func blanks() -> Int {
      let start = index
      while index < text.count, text[index] == 0x20 || text[index] == 0x09 { index += 1 }
      return index - start
    }
  }
}
