import ContractKit
import Foundation

/// A user's public profile: name, membership, numbers and dates.
public struct UserProfileViewModel: ViewModel {
  @LocalizedString public var followersLabel
  @LocalizedString public var ratingLabel
  @LocalizedString public var memberSinceLabel
  /// Given and family name, joined per locale order (`ja` puts the family name first).
  public let fullName: LocalizableCompound
  public let memberSince: LocalizableDate
  public let followers: LocalizableInt
  public let rating: LocalizableDouble
  public let completion: LocalizableDouble
  /// The raw birthday, sent as an ISO 8601 date for the client's own date picker.
  public let birthday: Date
  /// Pronouns, added in 1.1.0.
  @Versioned(since: .v1_1) public var pronouns: String?
  /// Deprecated in 1.1.0 in favour of `fullName`; removed from the wire in 2.0.0.
  @Versioned(until: .v2_0) public var legacyDisplayName: String?
  public let vmId: ViewModelId

  public init(userId: Int, givenName: String, familyName: String, memberSince: Date,
              followers: Int, rating: Double, completion: Double, birthday: Date,
              pronouns: String?)
  {
    fullName = LocalizableCompound(
      [.constant(givenName), .constant(familyName)],
      separator: .constant(" "))
    self.memberSince = LocalizableDate(value: memberSince, dateStyle: .long)
    self.followers = LocalizableInt(value: followers)
    self.rating = LocalizableDouble(value: rating, fractionDigits: 1)
    self.completion = LocalizableDouble(value: completion, style: .percent, fractionDigits: 0)
    self.birthday = birthday
    vmId = .init(id: userId)
    legacyDisplayName = "\(givenName) \(familyName)"
    self.pronouns = pronouns
  }

  public static func stub() -> Self {
    .init(userId: 4211, givenName: "Ana", familyName: "Souza", memberSince: SampleDates.june2021,
          followers: 12_480, rating: 4.8, completion: 0.85, birthday: SampleDates.birthday,
          pronouns: "she/her")
  }
}
