import FOSMVVM
import Foundation

/// The inbox: every kind of localized property FOSMVVM has, and not one hint for ContractKit
/// (.ci/fosmvvm/run adds this screen to a copy of the example, as FOSMVVM.md's key rules say).
@ViewModel
public struct InboxViewModel {
  @LocalizedString public var pageTitle                                     // InboxViewModel.pageTitle
  @LocalizedString(parentKeys: "sort") public var shortTitle               // InboxViewModel.sort.shortTitle
  @LocalizedString(parentKeys: "sort") public var longTitle                // InboxViewModel.sort.longTitle
  @LocalizedString(propertyName: "heading") public var title               // InboxViewModel.heading
  @LocalizedString(propertyName: "hints", index: 1) public var secondHint  // InboxViewModel.hints[1]
  @LocalizedString("messages", messageGroup: "empty", messageKey: "body") public var emptyBody
  @LocalizedStrings public var tabs                                         // a list: InboxViewModel.tabs
  @LocalizedStrings public var nameParts
  @LocalizedString public var separator
  @LocalizedCompoundString(pieces: \InboxViewModel._nameParts, separator: \InboxViewModel._separator)
  public var fullName
  @LocalizedSubs(substitutions: \InboxViewModel.counts) public var unreadSummary
  @LocalizedInt(value: 1234) public var unreadCount
  public let counts: [String: LocalizableInt]
  public let rows: [InboxRowViewModel]
  public var vmId: ViewModelId = .init(type: Self.self)

  public init() {
    counts = ["unread": .init(value: 3), "total": .init(value: 1200)]
    rows = [.init(id: 7, subject: "Hello")]
  }

  public static func stub() -> Self { .init() }
}

/// One message; a child view model of its own type (InboxRowViewModel.replyTitle).
@ViewModel
public struct InboxRowViewModel {
  public let id: Int
  public let subject: String
  @LocalizedString public var replyTitle
  public let vmId: ViewModelId

  public init(id: Int, subject: String) {
    self.id = id
    self.subject = subject
    vmId = .init(id: id)
  }

  public static func stub() -> Self { .init(id: 1, subject: "Hi") }
}
