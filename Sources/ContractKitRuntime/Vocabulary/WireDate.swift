import struct Foundation.Date

/// The one wire spelling of a `Date`: ISO 8601 in UTC, `2026-03-14T09:30:00Z`, with a
/// fraction only when present, down to microseconds (`…:00.25Z`, `…:00.000417Z`).
///
/// Microseconds matter: two `Date()` calls in one run differ below the millisecond, and the
/// determinism probe must see that difference to report a volatile value.
///
/// Computed with integer calendar arithmetic rather than a formatter, so it never depends on
/// the ICU version, the machine's time zone or its calendar.
package enum WireDate {
  package static func string(from date: Date) -> String {
    var micros = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
    var seconds = micros.floorDivided(by: 1_000_000)
    micros -= seconds * 1_000_000
    let days = seconds.floorDivided(by: 86_400)
    seconds -= days * 86_400
    let (year, month, day) = civilDate(fromDaysSinceEpoch: days)
    var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    text += "T" + pad(seconds / 3600, 2) + ":" + pad(seconds / 60 % 60, 2) + ":"
      + pad(seconds % 60, 2)
    if micros != 0 {
      var fraction = pad(micros, 6)
      while fraction.hasSuffix("0") { fraction.removeLast() }
      text += "." + fraction
    }
    return text + "Z"
  }

  /// Parses what ``string(from:)`` writes; `nil` for anything else.
  package static func date(from text: String) -> Date? {
    let parts = text.utf8.split(whereSeparator: { "-T:.Z".utf8.contains($0) })
      .map { Int64(String(decoding: $0, as: UTF8.self)) }
    guard text.hasSuffix("Z"), parts.count == 6 || parts.count == 7,
      !parts.contains(where: { $0 == nil })
    else { return nil }
    let values = parts.compactMap { $0 }
    let days = daysSinceEpoch(year: values[0], month: values[1], day: values[2])
    var seconds = Double(days * 86_400 + values[3] * 3600 + values[4] * 60 + values[5])
    if values.count == 7, let fraction = text.split(separator: ".").last?.dropLast() {
      seconds += (Double("0." + fraction) ?? 0)
    }
    return Date(timeIntervalSince1970: seconds)
  }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  // Howard Hinnant's days-from-civil algorithms, proleptic Gregorian calendar.
  private static func civilDate(fromDaysSinceEpoch days: Int64) -> (Int64, Int64, Int64) {
    let z = days + 719_468
    let era = z.floorDivided(by: 146_097)
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }

  private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = y.floorDivided(by: 400)
    let yearOfEra = y - era * 400
    let monthIndex = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}

extension Int64 {
  fileprivate func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}
