import FOSMVVM
import Foundation

/// Where a job is; shown through localization (`JobState.<case>`).
public enum JobState: CaseIterable, Codable, Sendable {
  case queued, running, failed

  public var localizableString: LocalizableString {
    .localized(for: Self.self, propertyName: String(describing: self))
  }
}

/// The dashboard: a page title, rows with ids from data, and a total.
@ViewModel
public struct DashboardViewModel {
  @LocalizedString public var pageTitle
  public let rows: [DashboardRowViewModel]
  public let totalCount: LocalizableInt
  public var vmId: ViewModelId = .init(type: Self.self)

  public init(rows: [DashboardRowViewModel], totalCount: Int) {
    self.rows = rows
    self.totalCount = .init(value: totalCount)
  }

  public static func stub() -> Self {
    .init(rows: [
      .init(id: 101, title: "Nightly import", state: .running),
      .init(id: 102, title: "Invoice sync", state: .failed),
    ], totalCount: 12_345)
  }
}

/// One row of the dashboard; its identity is the job's id.
@ViewModel
public struct DashboardRowViewModel {
  public let id: Int
  public let title: String
  public let state: JobState
  public let stateDisplay: LocalizableString
  public let startedAt: LocalizableDate
  @LocalizedString public var openButtonTitle
  public let vmId: ViewModelId

  public init(id: Int, title: String, state: JobState) {
    self.id = id
    self.title = title
    self.state = state
    stateDisplay = state.localizableString
    startedAt = .init(value: Date(timeIntervalSince1970: 1_767_225_600))
    vmId = .init(id: id)
  }

  public static func stub() -> Self { .init(id: 1, title: "Row", state: .queued) }
}
