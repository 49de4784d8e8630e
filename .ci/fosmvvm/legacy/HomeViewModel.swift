import FOSMVVM
import Foundation

// A FOSMVVM screen written before ContractKit (.ci/fosmvvm/run adds it to a copy of the
// example): a home screen composing four children, each with `public var vmId =
// ViewModelId()` as its property default, a new identity on every render.

@ViewModel
public struct HomeViewModel {
  @LocalizedString public var pageTitle
  public let header: HomeHeaderViewModel
  public let banner: HomeBannerViewModel
  public let rows: [HomeRowViewModel]
  public let footer: HomeFooterViewModel
  public var vmId = ViewModelId()

  public init() {
    header = .init()
    banner = .init()
    rows = [.init(name: "Nightly import"), .init(name: "Invoice sync")]
    footer = .init()
  }

  public static func stub() -> Self { .init() }
}

@ViewModel
public struct HomeHeaderViewModel {
  @LocalizedString public var title
  public var vmId = ViewModelId()

  public init() {}
  public static func stub() -> Self { .init() }
}

@ViewModel
public struct HomeBannerViewModel {
  @LocalizedString public var message
  public var vmId = ViewModelId()

  public init() {}
  public static func stub() -> Self { .init() }
}

@ViewModel
public struct HomeRowViewModel {
  public let name: String
  public var vmId = ViewModelId()

  public init(name: String) { self.name = name }
  public static func stub() -> Self { .init(name: "Row") }
}

@ViewModel
public struct HomeFooterViewModel {
  @LocalizedString public var note
  public var vmId = ViewModelId()

  public init() {}
  public static func stub() -> Self { .init() }
}
