import ContractKit

/// The sign-in form, a client-hosted view model: the app builds it from local state and
/// its bundled translations, with no server round trip, so it must decode on every
/// client release that bundles an older copy.
public struct SignInViewModel: ViewModel {
  @LocalizedString public var title
  @LocalizedString public var emailLabel
  @LocalizedString public var passwordLabel
  @LocalizedString public var submitAction
  @LocalizedString public var forgotPasswordAction
  public let rememberedEmail: String?
  public let vmId: ViewModelId

  public init(rememberedEmail: String?) {
    self.rememberedEmail = rememberedEmail
    vmId = .init(type: Self.self)
  }

  public static func stub() -> Self { .init(rememberedEmail: "ana.souza@example.com") }
}
