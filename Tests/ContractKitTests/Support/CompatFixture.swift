import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// Today's `OrderDTO`: `totalCents` is now `amountCents`, a rename the release's own
/// synthesized `Codable` cannot follow.
struct TodayOrderDTO: Codable, Sendable {
  var id = 1001
  var amountCents = 14_990
  var currency = "EUR"
  var placedAt = Date(timeIntervalSince1970: 1_773_480_600)
}

/// A contract new since the release.
struct TodayPromo: Codable, Sendable {
  var headline = "Free shipping this week"
}

/// A throw-away git repository made of the quick start's own package (`Examples/QuickStart`:
/// its `Package.swift`, which declares no products, its sources and its baselines), with
/// ContractKit named by its path here instead of `../..`, and tagged `v1.0.0` before any
/// change. Today's catalog then has a week of changes: `OrderDTO` renamed a field, and
/// `PromoBanner` is new.
///
/// One repository and one cache serve the whole suite: the probe's build (ContractKitRuntime,
/// the app's ViewModels and the probe) takes a minute or more on a busy machine.
final class QuickStartRelease: @unchecked Sendable {
  let git: GitFixture
  /// Today's catalog: versions 1.0.0 and 1.1.0, locales en, es, de.
  let catalog: Catalog
  /// How the probe names today's contracts in the release's module.
  static let types = [
    (contract: "HomeViewModel", type: "AppViewModels.HomeViewModel"),
    (contract: "OrderListViewModel", type: "AppViewModels.OrderListViewModel"),
    (contract: "OrderDTO", type: "AppViewModels.OrderDTO"),
    (contract: "PromoBanner", type: "AppViewModels.PromoBanner"),
  ]

  static let shared = Result { try QuickStartRelease() }

  init() throws {
    let git = try GitFixture()
    self.git = git
    let quickStart = packageRoot.appendingPathComponent("Examples/QuickStart")
    for name in ["Package.swift", "Sources", "Tests", ".VersionedTestJSON", "Baselines.md"] {
      try FileManager.default.copyItem(at: quickStart.appendingPathComponent(name),
                                       to: git.root.appendingPathComponent(name))
    }
    let manifest = git.root.appendingPathComponent("Package.swift")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    guard text.contains(#"path: "../..""#), !text.contains("products:") else {
      throw GitFixture.FixtureError.git("the quick start's manifest", "changed its shape")
    }
    try Data(text.replacingOccurrences(of: #"path: "../..""#,
                                       with: "path: \(DecoderProbe.literal(packageRoot.path))")
      .utf8).write(to: manifest)
    try Data(".build/\n".utf8).write(to: git.root.appendingPathComponent(".gitignore"))
    try git.commitAll("The quick start, as written")
    try git.git("tag", "v1.0.0")
    // The release's wire, unchanged today for the two screens.
    @Sendable func committed(_ request: WireRequest, _ contract: String) throws -> Data {
      let name = request.variant == "default" ? request.locale : "\(request.locale).\(request.variant)"
      return try Data(contentsOf: quickStart.appendingPathComponent(
        ".VersionedTestJSON/\(contract)/\(request.version)/\(name).json"))
    }
    catalog = try git.scenario.catalog(versions: [Scenario.v1, Scenario.v2],
                                       locales: ["en", "es", "de"]) { catalog in
      try catalog.register(wire: "HomeViewModel", variants: ["new-user"]) { request in
        try committed(request, "HomeViewModel")
      }
      try catalog.register(wire: "OrderListViewModel") { request in
        try committed(request, "OrderListViewModel")
      }
      try catalog.register(TodayOrderDTO.self, named: "OrderDTO", stub: { TodayOrderDTO() })
      try catalog.register(TodayPromo.self, named: "PromoBanner", stub: { TodayPromo() })
    }
    // The static fixture is never deinitialized: its folder (with the probe's build) goes
    // when the test process ends.
    atexit { QuickStartRelease.removeFolder() }
  }

  /// A `compat` run over `refs` with the suite's cache.
  func compat(_ refs: [String]) throws -> Report {
    var compat = Compat(catalog: catalog, refs: refs, options: RunOptions())
    compat.types = Self.types
    return try compat.run()
  }

  private static func removeFolder() {
    if case .success(let fixture) = shared { fixture.git.scenario.directory.remove() }
  }
}

/// `body`'s result, computed on a thread of its own while the test is suspended: a probe's
/// build holds no thread of Swift's cooperative pool for minutes (the pool has as many
/// threads as cores, and other tests' tasks need them).
func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await WorkerPool.value { Result { try body() } }.get()
}
