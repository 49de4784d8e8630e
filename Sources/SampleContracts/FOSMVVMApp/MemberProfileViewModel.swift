import ContractKit
import Foundation

/// A member's profile, written the FOSMVVM way, and built by a factory per client version
/// (FOSMVVM has no encoder setting for versions: what changes is what the factory builds).
public struct MemberProfileViewModel: Codable, Sendable {
  /// The activity card, new on the 2.0.0 wire; FOSMVVM's `@Versioned` puts the wrapper
  /// itself on every version's wire.
  public struct Stats: Codable, Sendable, Hashable {
    public let followers: AppLocalizableInt
    public let lastActive: AppLocalizableDate
    public let vmId: AppViewModelId
  }

  /// The badges card.
  public struct Badges: Codable, Sendable {
    public let title: AppLocalizedString
    public let badgeNames: [String]
    public let count: AppLocalizableInt
    public let vmId: AppViewModelId
  }

  public let displayName: String
  public let memberSinceLabel: AppLocalizedString
  public let memberSince: AppLocalizableDate
  public let followerCount: AppLocalizableInt
  public let postCountLabel: AppLocalizedString
  public let postCount: AppLocalizableInt
  public let stats: AppVersioned<Stats>
  public let badges: Badges
  public let vmId: AppViewModelId

  /// The profile a client of `version` receives, built as FOSMVVM's `@VersionedFactory`
  /// builds: `async`, from the client's version (never a global), awaiting what it reads.
  public static func model(for version: SystemVersion) async throws -> Self {
    let followers = try await FollowerService.count(for: version)
    return make(for: version, followers: followers)
  }

  /// The profile a client of `version` receives: before 2.0.0 the stats card counts no
  /// followers, since those clients do not show it.
  public static func make(for version: SystemVersion, followers: Int) -> Self {
    let badges = ["early-adopter", "translator"]
    return MemberProfileViewModel(
      displayName: "Ana García",
      memberSinceLabel: AppLocalizedString("MemberProfileViewModel.memberSinceLabel"),
      memberSince: AppLocalizableDate(Date(timeIntervalSince1970: 1_710_505_800)),
      followerCount: AppLocalizableInt(9_876_543),
      postCountLabel: AppLocalizedString("MemberProfileViewModel.postCountLabel"),
      postCount: AppLocalizableInt(1_234_567),
      stats: AppVersioned(since: "2.0.0", Stats(
        followers: AppLocalizableInt(followers),
        lastActive: AppLocalizableDate(
          Date(timeIntervalSince1970: 1_767_225_600), dateStyle: .long, timeStyle: .short),
        vmId: AppViewModelId(type: Stats.self))),
      badges: Badges(
        title: AppLocalizedString("MemberProfileViewModel.Badges.title"), badgeNames: badges,
        count: AppLocalizableInt(badges.count), vmId: AppViewModelId(type: Badges.self)),
      vmId: AppViewModelId(id: UUID(uuidString: "0F8FAD5B-D9CB-469F-A165-70867728950E")!))
  }
}

/// Where the factory reads follower counts: a service it awaits, as a database would be.
enum FollowerService {
  static func count(for version: SystemVersion) async throws -> Int {
    await Task.yield()
    return version < SystemVersion(2, 0, 0) ? 0 : 4_321
  }
}
