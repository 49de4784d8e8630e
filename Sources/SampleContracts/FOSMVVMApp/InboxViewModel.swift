import Foundation

/// The inbox, written the FOSMVVM way with every kind of localized property FOSMVVM has, so
/// that each of FOSMVVM's key rules is checked without a hint. In FOSMVVM it would read:
///
/// ```swift
/// @LocalizedString var pageTitle                                  // InboxViewModel.pageTitle
/// @LocalizedString(parentKeys: "sort") var shortTitle             // InboxViewModel.sort.shortTitle
/// @LocalizedString(propertyName: "heading") var title             // InboxViewModel.heading
/// @LocalizedString(propertyName: "hints", index: 1) var secondHint // item 1 of InboxViewModel.hints
/// @LocalizedString("messages", messageGroup: "empty", messageKey: "body") var emptyBody
///                                                      // InboxViewModel.messages.empty.body
/// @LocalizedStrings var tabs                                      // a list: InboxViewModel.tabs
/// @LocalizedCompoundString(pieces: \._nameParts, separator: \._separator) var fullName
///                                                      // {"pieces": […], "separator": …}
/// @LocalizedSubs(substitutions: \.counts) var unreadSummary       // InboxViewModel.unreadSummary
/// ```
/// and each row's `@LocalizedString var replyTitle` is `InboxRowViewModel.replyTitle`.
public struct InboxViewModel: Codable, Sendable {
  public let pageTitle: AppLocalizedString
  public let shortTitle: AppLocalizedString
  public let longTitle: AppLocalizedString
  public let title: AppLocalizedString
  public let secondHint: AppLocalizedString
  public let emptyBody: AppLocalizedString
  public let tabs: AppLocalizedStrings
  public let nameParts: AppLocalizedStrings
  public let separator: AppLocalizedString
  public let fullName: AppLocalizedCompound
  public let unreadSummary: AppLocalizedSubstitutions
  public let unreadCount: AppLocalizableInt
  public let rows: [InboxRowViewModel]
  public let vmId: AppViewModelId

  public init(unread: Int, total: Int, rows: [InboxRowViewModel]) {
    pageTitle = AppLocalizedString("InboxViewModel.pageTitle")
    shortTitle = AppLocalizedString("InboxViewModel.sort.shortTitle")
    longTitle = AppLocalizedString("InboxViewModel.sort.longTitle")
    title = AppLocalizedString("InboxViewModel.heading")
    secondHint = AppLocalizedString("InboxViewModel.hints", index: 1)
    emptyBody = AppLocalizedString("InboxViewModel.messages.empty.body")
    tabs = AppLocalizedStrings("InboxViewModel.tabs")
    nameParts = AppLocalizedStrings("InboxViewModel.nameParts")
    separator = AppLocalizedString("InboxViewModel.separator")
    fullName = AppLocalizedCompound(pieces: "InboxViewModel.nameParts",
                                    separator: "InboxViewModel.separator")
    unreadSummary = AppLocalizedSubstitutions(
      "InboxViewModel.unreadSummary", numbers: ["unread": unread, "total": total])
    unreadCount = AppLocalizableInt(unread)
    self.rows = rows
    vmId = AppViewModelId(type: Self.self)
  }

  public static func stub() -> Self {
    .init(unread: 3, total: 1_200, rows: [InboxRowViewModel(id: 7, subject: "Your order shipped")])
  }
}

/// One message of the inbox: a child view model of a type of its own, whose identity is the
/// message's id.
public struct InboxRowViewModel: Codable, Sendable {
  public let id: Int
  public let subject: String
  public let replyTitle: AppLocalizedString
  public let vmId: AppViewModelId

  public init(id: Int, subject: String) {
    self.id = id
    self.subject = subject
    replyTitle = AppLocalizedString("InboxRowViewModel.replyTitle")
    vmId = AppViewModelId(id: id)
  }
}
