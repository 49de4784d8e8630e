import ContractKit
import Foundation

/// One row of the dashboard: something that happened, a short summary and what it refers to.
public struct ActivityCardViewModel: ViewModel {
  /// What a card is about, shown through localization (`ActivityKind.meeting`).
  public enum ActivityKind: ViewModelEnum {
    case document, meeting, invoice
  }

  /// The two-line summary under the title.
  public struct Summary: Codable, Sendable, LocalizedPropertyOwner {
    @LocalizedString public var headline
    public let detail: LocalizableSubstitutions

    public init(detail: LocalizableSubstitutions) { self.detail = detail }
  }

  /// What the card links to.
  public struct Reference: Codable, Sendable {
    public let kind: ActivityKind
    public let kindText: LocalizableString
    public let id: String
  }

  public let title: String
  @LocalizedString public var openAction
  public let happenedAt: LocalizableDate
  public let summary: Summary
  public let reference: Reference
  public let vmId: ViewModelId

  public init(id: String, title: String, kind: ActivityKind, happenedAt: Date, comments: Int) {
    self.title = title
    self.happenedAt = LocalizableDate(value: happenedAt, dateStyle: .medium)
    summary = Summary(detail: LocalizableSubstitutions(
      template: .localized(key: "ActivityCardViewModel.Summary.detail"),
      substitutions: ["count": comments]))
    reference = Reference(kind: kind, kindText: kind.displayText, id: id)
    vmId = .init(id: id)
  }

  public static func stub() -> Self { stub(id: "act-1042", title: "Quarterly report", kind: .document) }

  public static func stub(id: String, title: String, kind: ActivityKind) -> Self {
    .init(id: id, title: title, kind: kind, happenedAt: SampleDates.march14, comments: 1_280)
  }
}
