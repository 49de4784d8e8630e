import ContractKit
import Foundation

/// A conversation with support: messages with their authors and times.
public struct MessageThreadViewModel: ViewModel {
  /// One message; its identity is the message's UUID from the server.
  public struct Message: Codable, Sendable {
    public let author: String
    public let body: String
    public let sentAt: LocalizableDate
    public let isFromSupport: Bool
    public let vmId: ViewModelId
  }

  @LocalizedString public var title
  @LocalizedString public var replyPlaceholder
  public let subject: String
  public let messages: [Message]
  public let vmId: ViewModelId

  public init(threadId: Int, subject: String, messages: [Message]) {
    self.subject = subject
    self.messages = messages
    vmId = .init(id: threadId)
  }

  static func message(_ uuid: String, author: String, body: String, support: Bool) -> Message {
    Message(author: author, body: body,
            sentAt: LocalizableDate(value: SampleDates.march14, dateStyle: .medium, timeStyle: .none),
            isFromSupport: support, vmId: .init(id: UUID(uuidString: uuid) ?? UUID()))
  }

  public static func stub() -> Self {
    .init(threadId: 981, subject: "Where is my parcel?", messages: [
      message("6F1C2A7E-9B1D-4B8E-8F2A-1E5C3D7A9B01", author: "Ana Souza",
              body: "My order ORD-58213 has not moved for three days.", support: false),
      message("0B7E4C2D-3A6F-4E1B-9C8D-2F4A6B8C0D12", author: "Support",
              body: "The carrier confirmed it is out for delivery today.", support: true),
    ])
  }

  public static var stubVariants: [StubVariant<Self>] {
    [
      StubVariant("long-text") {
        .init(threadId: 982, subject: String(repeating: "Billing question about invoice INV-2207 ", count: 4),
              messages: [
                message("3C5E7A9B-1D2F-4A6C-8E0B-4D6F8A0C2E34", author: "Ana Souza",
                        body: String(repeating: "I was charged twice for the same order. ", count: 20),
                        support: false),
              ])
      },
    ]
  }
}
