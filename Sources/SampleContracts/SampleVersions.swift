import Foundation
import ContractKit

/// The wire versions the sample app has shipped.
extension SystemVersion {
  /// The first release.
  public static let v1_0 = SystemVersion(1, 0, 0)
  /// Adds the dashboard's unread badge, profile pronouns and order tracking links.
  public static let v1_1 = SystemVersion(1, 1, 0)
  /// Drops the profile's deprecated `legacyDisplayName` and sends order delivery dates as
  /// ISO 8601 dates instead of pre-formatted text.
  public static let v2_0 = SystemVersion(2, 0, 0)
  /// In development (unreleased): adds the `returned` order status.
  public static let v2_1 = SystemVersion(2, 1, 0)
}


/// Fixed instants for stubs: never `Date()`, which the harness reports as volatile.
enum SampleDates {
  /// 2026-03-14 09:30 UTC.
  static let march14 = Date(timeIntervalSince1970: 1_773_480_600)
  /// 2021-06-01 00:00 UTC.
  static let june2021 = Date(timeIntervalSince1970: 1_622_505_600)
  /// 2026-03-18 17:00 UTC.
  static let march18 = Date(timeIntervalSince1970: 1_773_853_200)
  /// 1990-07-21 00:00 UTC.
  static let birthday = Date(timeIntervalSince1970: 648_518_400)
}
