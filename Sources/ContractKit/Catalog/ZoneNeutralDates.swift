import ContractKitRuntime
import Foundation

/// FOSMVVM's date texts spelled in UTC, whatever the time zone this process runs in, without
/// changing any process-wide state.
///
/// FOSMVVM's `LocalizableDate` (`{"v": 1767225600, "ds": 2, "ls": "Jan 1, 2026"}`) formats
/// its text `ls` in the process's time zone, and FOSMVVM offers no setting for it: the same
/// stub reads "Dec 31, 2025" in New York. ContractKit never sets `TZ` or
/// `NSTimeZone.default` (another test of the process would see it). Instead, where the
/// process's zone is not UTC, it reads each such object of the app's payload: when `ls` is
/// exactly what the object's own `v`, styles (`ds`, `ts`) or format (`df`) give in the
/// process's zone, it is replaced by what they give in UTC. A text that is anything else (an
/// app that formats in UTC itself, or a text that really changed) is left as the app wrote
/// it. A baseline recorded in New York thus equals one recorded on CI.
///
/// ```swift
/// ZoneNeutralDates(zone: TimeZone(identifier: "America/New_York")!, locale: "en")
///   .apply(to: ["v": 1767225600, "ds": 2, "ls": "Dec 31, 2025"])
/// // ["v": 1767225600, "ds": 2, "ls": "Jan 1, 2026"]
/// ```
struct ZoneNeutralDates {
  /// The zone the app's encoder formatted in: the process's.
  let zone: TimeZone
  /// The BCP-47 locale the payload was produced for.
  let locale: String

  /// The process's time zone, read once; reading it changes nothing.
  static let processZone = TimeZone.current

  /// Whether texts formatted in `zone` can differ from UTC's at all.
  static func differsFromUTC(_ zone: TimeZone) -> Bool {
    zone.secondsFromGMT() != 0 || zone.nextDaylightSavingTimeTransition != nil
  }

  /// `value` with every zone-dependent date text respelled in UTC, or `nil` when none is.
  func apply(to value: JSONValue) -> JSONValue? {
    switch value {
    case .object(var members):
      var changed = false
      if let text = utcText(of: members) {
        members["ls"] = .string(text)
        changed = true
      }
      for (key, member) in members {
        if let respelled = apply(to: member) {
          members[key] = respelled
          changed = true
        }
      }
      return changed ? .object(members) : nil
    case .array(var items):
      var changed = false
      for index in items.indices {
        if let respelled = apply(to: items[index]) {
          items[index] = respelled
          changed = true
        }
      }
      return changed ? .array(items) : nil
    case .null, .bool, .number, .string:
      return nil
    }
  }

  /// The UTC text of a `LocalizableDate` object whose `ls` is its text in ``zone``.
  private func utcText(of members: [String: JSONValue]) -> String? {
    guard case .string(let text)? = members["ls"], case .number(let seconds)? = members["v"],
      Set(members.keys).isSubset(of: ["v", "ds", "ts", "df", "ls"]),
      members["ds"] != nil || members["ts"] != nil || members["df"] != nil
    else { return nil }
    let date = Date(timeIntervalSince1970: seconds.doubleValue)
    guard let local = format(date, members, in: zone), local == text,
      let utc = TimeZone(identifier: "UTC"), let neutral = format(date, members, in: utc)
    else { return nil }
    return neutral == text ? nil : neutral
  }

  private func format(_ date: Date, _ members: [String: JSONValue], in zone: TimeZone)
    -> String?
  {
    func style(_ key: String) -> DateFormatter.Style? {
      guard case .number(let raw)? = members[key], let number = UInt(raw.description) else {
        return nil
      }
      return DateFormatter.Style(rawValue: number)
    }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: locale)
    formatter.timeZone = zone
    if let format = members["df"]?.stringValue {
      formatter.dateFormat = format
    } else {
      if members["ds"] != nil {
        guard let dateStyle = style("ds") else { return nil }
        formatter.dateStyle = dateStyle
      }
      if members["ts"] != nil {
        guard let timeStyle = style("ts") else { return nil }
        formatter.timeStyle = timeStyle
      }
    }
    return formatter.string(from: date)
  }
}
