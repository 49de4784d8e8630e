import FOSFoundation
import FOSMVVM
import Foundation

/// A member's profile, built per client version by an `async` factory.
@ViewModel
public struct ProfileViewModel {
  @LocalizedString public var postCountLabel
  public let displayName: String
  public let postCount: LocalizableInt
  /// What clients of 2.0.0 and later show; 0 for older ones.
  public let followers: Int
  public let vmId: ViewModelId

  public init(displayName: String, postCount: Int, followers: Int) {
    self.displayName = displayName
    self.postCount = .init(value: postCount)
    self.followers = followers
    vmId = .init(id: UUID(uuidString: "0F8FAD5B-D9CB-469F-A165-70867728950E")!)
  }

  public static func stub() -> Self { .init(displayName: "Ana García", postCount: 1_234, followers: 0) }
}

/// The versions the app's factories build for (`@Version` names them `.vX_Y_Z`).
public extension SystemVersion {
  static var v1_0_0: Self { .vInitial }
  static var v2_0_0: Self { .init(major: 2) }
}

/// What a factory needs: the client's version. FOSMVVM's protocol lets reading it throw (a
/// server reads it from the request, which may lack it), and `@VersionedFactory` reads it with
/// `try`: so it is declared `get throws` here too, and the generated code has nothing to warn of.
public struct AppFactoryContext: ViewModelFactoryContext {
  private let version: SystemVersion
  public var appVersion: SystemVersion { get throws { version } }
  public init(appVersion: SystemVersion) { version = appVersion }
}

@VersionedFactory
extension ProfileViewModel: ViewModelFactory {
  public typealias Context = AppFactoryContext

  @Version(.v2_0_0)
  public static func model_2_0_0(context: Context) async throws -> Self {
    .init(displayName: "Ana García", postCount: 1_234, followers: 4_321)
  }

  @Version(.v1_0_0)
  public static func model_1_0_0(context: Context) async throws -> Self {
    .init(displayName: "Ana García", postCount: 1_234, followers: 0)
  }
}
