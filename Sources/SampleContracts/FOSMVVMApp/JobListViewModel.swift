import Foundation

/// A list screen of background jobs with a summary card, written the FOSMVVM way.
public struct JobListViewModel: Codable, Sendable {
  /// Where a job is; shown through localization (`JobListViewModel.JobState.<case>`).
  public enum JobState: Codable, Sendable, Hashable, CaseIterable {
    case queued, running, failed, done
  }

  /// One row; its identity is the job's id.
  public struct Row: Codable, Sendable {
    public let id: Int
    public let title: String
    public let state: JobState
    public let stateDisplay: AppLocalizedString
    public let startedAt: AppLocalizableDate
    public let openButtonTitle: AppLocalizedString
    public let vmId: AppViewModelId

    public init(id: Int, title: String, state: JobState, startedAt: Date) {
      self.id = id
      self.title = title
      self.state = state
      stateDisplay = AppLocalizedString("JobListViewModel.JobState.\(state)")
      self.startedAt = AppLocalizableDate(startedAt)
      openButtonTitle = AppLocalizedString("JobListViewModel.Row.openButtonTitle")
      vmId = AppViewModelId(id: id)
    }
  }

  /// The card above the list: a child view model with its own identity.
  public struct Summary: Codable, Sendable {
    public let heading: AppLocalizedString
    public let activeSummary: AppLocalizedSubstitutions
    public let active: Int
    public let total: Int
    public let vmId: AppViewModelId

    public init(active: Int, total: Int) {
      heading = AppLocalizedString("JobListViewModel.Summary.heading")
      activeSummary = AppLocalizedSubstitutions(
        "JobListViewModel.Summary.activeSummary", numbers: ["active": active, "total": total])
      self.active = active
      self.total = total
      vmId = AppViewModelId(type: Self.self)
    }
  }

  public let pageTitle: AppLocalizedString
  public let rows: [Row]
  public let summary: Summary
  public let totalCount: AppLocalizableInt
  public let vmId: AppViewModelId

  public init(rows: [Row], total: Int) {
    pageTitle = AppLocalizedString("JobListViewModel.pageTitle")
    self.rows = rows
    summary = Summary(active: rows.filter { $0.state == .running }.count, total: total)
    totalCount = AppLocalizableInt(total)
    vmId = AppViewModelId(type: Self.self)
  }

  /// The stub of `variant`: `default` with two rows, or `empty`.
  public static func stub(_ variant: String) -> Self {
    guard variant != "empty" else { return .init(rows: [], total: 0) }
    return .init(rows: [
      Row(id: 101, title: "Nightly import", state: .running,
          startedAt: Date(timeIntervalSince1970: 1_767_225_600)),
      Row(id: 102, title: "Invoice sync", state: .failed,
          startedAt: Date(timeIntervalSince1970: 1_710_505_800)),
    ], total: 12_345)
  }
}
