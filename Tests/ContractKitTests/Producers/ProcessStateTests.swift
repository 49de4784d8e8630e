import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// ContractKit changes no process-wide state: the environment and the process's time zone
/// stay what they were while wire contracts run, and FOSMVVM's time-zone-dependent date
/// texts are still deterministic.
@Suite("Producers: no process-wide state")
struct ProcessStateTests {
  /// A FOSMVVM `LocalizableDate`, formatted as FOSMVVM does: in the process's time zone.
  static func payload(_ request: WireRequest) -> Data {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: request.locale)
    formatter.dateStyle = .medium
    let text = formatter.string(from: Date(timeIntervalSince1970: 1_767_225_600))
    return Data(#"{"startedAt": {"v": 1767225600, "ds": 2, "ls": "\#(text)"}}"#.utf8)
  }

  @Test("wire contracts run while another thread reads TZ and TimeZone.current: both untouched")
  func untouchedWhileRunning() throws {
    let environmentBefore = ProcessInfo.processInfo.environment["TZ"]
    let zoneBefore = TimeZone.current.identifier
    let defaultBefore = NSTimeZone.default.identifier
    let scenario = try Scenario()
    let catalog = try scenario.catalog(locales: ["en", "es", "de"]) { catalog in
      for name in ["A", "B", "C", "D"] {
        try catalog.register(wire: name) { request in Self.payload(request) }
      }
    }
    let seen = ReadingsBox()
    let reader = Thread {
      while !seen.stopped {
        seen.note(ProcessInfo.processInfo.environment["TZ"], TimeZone.current.identifier,
                  NSTimeZone.default.identifier)
      }
    }
    reader.start()
    try scenario.record(catalog)
    _ = try scenario.check(catalog)
    seen.stop()
    #expect(seen.count > 0)
    #expect(seen.readings == [[environmentBefore ?? "-", zoneBefore, defaultBefore]])
    #expect(ProcessInfo.processInfo.environment["TZ"] == environmentBefore)
    #expect(TimeZone.current.identifier == zoneBefore)
    // Whatever zone this process runs in, the baseline says what a UTC server sends.
    #expect(try scenario.directory.read(".VersionedTestJSON/A/1.0.0/es.json").contains(
      #""ls" : "1 ene 2026""#))
  }

  @Test("a FOSMVVM date text formatted in New York is spelled as in UTC")
  func respelledInUTC() throws {
    let newYork = try #require(TimeZone(identifier: "America/New_York"))
    let dates = ZoneNeutralDates(zone: newYork, locale: "en")
    // Long date, short time: spelled by ICU (its spaces vary between versions).
    func long(in zone: TimeZone) -> JSONValue {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en")
      formatter.timeZone = zone
      formatter.dateStyle = .long
      formatter.timeStyle = .short
      return .string(formatter.string(from: Date(timeIntervalSince1970: 1_767_225_600)))
    }
    let utc = try #require(TimeZone(identifier: "UTC"))
    #expect(long(in: newYork) != long(in: utc))
    let payload: JSONValue = [
      "startedAt": ["v": 1_767_225_600, "ds": 2, "ls": "Dec 31, 2025"],
      "lastActive": ["v": 1_767_225_600, "ds": 3, "ts": 1, "ls": long(in: newYork)],
      "rows": [["at": ["v": 1_767_225_600, "df": "yyyy-MM-dd HH:mm", "ls": "2025-12-31 19:00"]]],
    ]
    #expect(dates.apply(to: payload) == [
      "startedAt": ["v": 1_767_225_600, "ds": 2, "ls": "Jan 1, 2026"],
      "lastActive": ["v": 1_767_225_600, "ds": 3, "ts": 1, "ls": long(in: utc)],
      "rows": [["at": ["v": 1_767_225_600, "df": "yyyy-MM-dd HH:mm", "ls": "2026-01-01 00:00"]]],
    ])
    // Already in UTC, or a text that is not the zone's spelling: left as the app wrote it.
    #expect(dates.apply(to: ["d": ["v": 1_767_225_600, "ds": 2, "ls": "Jan 1, 2026"]]) == nil)
    #expect(dates.apply(to: ["d": ["v": 1_767_225_600, "ds": 2, "ls": "soon"]]) == nil)
    #expect(dates.apply(to: ["d": ["v": 1_767_225_600, "ds": 2, "ls": "Dec 31, 2025", "x": 1]])
      == nil)
  }
}

/// What the reader thread saw.
private final class ReadingsBox: @unchecked Sendable {
  private let lock = NSLock()
  private var all: Set<[String]> = []
  private var seen = 0
  private var done = false

  /// Every distinct reading: the environment's `TZ`, the current and the default zone.
  var readings: Set<[String]> { lock.withLock { all } }
  var count: Int { lock.withLock { seen } }
  var stopped: Bool { lock.withLock { done } }

  func note(_ environment: String?, _ zone: String, _ defaultZone: String) {
    lock.withLock {
      all.insert([environment ?? "-", zone, defaultZone])
      seen += 1
    }
  }

  func stop() { lock.withLock { done = true } }
}
