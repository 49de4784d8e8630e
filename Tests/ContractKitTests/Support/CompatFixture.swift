import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// Today's `Card`: `subtitle` is gone, and `status` says `archived`, a value the shape rules
/// call harmless (`value-changed`).
struct CompatCard: Codable, Sendable {
  var title = "Weekly summary"
  var status = "archived"
}

/// Today's `Badge`, a contract new since release v1.
struct CompatBadge: Codable, Sendable {
  var label = "New"
}

/// A throw-away git repository holding a small app package — a `ViewModels` module that
/// depends on ContractKitRuntime by path — with two tagged releases:
/// - `v1` (speaks 1.0.0): `Card` decodes `subtitle` as optional and its own `init(from:)`
///   rejects any status but `open` and `closed`; there is no `Badge`.
/// - `v2` (speaks 1.1.0): `Card` with an optional `subtitle` and any status, and `Badge`.
/// - `broken` names a commit whose module does not compile.
///
/// One repository and one cache serve the whole suite: each probe build takes a minute or
/// more on a busy machine.
final class CompatFixture: @unchecked Sendable {
  let git: GitFixture
  /// Today's catalog: versions 1.0.0 and 1.1.0, contracts `Card` and `Badge`.
  let catalog: Catalog
  /// How the probe names today's contracts in the release's module.
  static let types = [(contract: "Card", type: "ViewModels.Card"),
                      (contract: "Badge", type: "ViewModels.Badge")]

  static let shared = Result { try CompatFixture() }

  init() throws {
    let git = try GitFixture()
    self.git = git
    func write(_ path: String, _ text: String) throws {
      let url = git.root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    func record(versions: [SystemVersion], write: Bool = true) throws -> Catalog {
      let catalog = try git.scenario.catalog(versions: versions) { catalog in
        try catalog.register(CompatCard.self, named: "Card", stub: { CompatCard() })
        try catalog.register(CompatBadge.self, named: "Badge", stub: { CompatBadge() })
      }
      if write { try git.scenario.record(catalog) }
      return catalog
    }
    try write(".gitignore", ".build/\n")
    try write("Package.swift", Self.manifest(dependingOnRuntime: true))
    try write("Sources/ViewModels/Card.swift", Self.cardV1)
    _ = try record(versions: [Scenario.v1])
    try git.commitAll("v1")
    try git.git("tag", "v1")
    try write("Sources/ViewModels/Card.swift", Self.cardV2)
    try write("Sources/ViewModels/Badge.swift", Self.badge)
    _ = try record(versions: [Scenario.v1, Scenario.v2])
    try git.commitAll("v2")
    try git.git("tag", "v2")
    // Without ContractKitRuntime the broken module fails in seconds, not after a minute.
    try write("Package.swift", Self.manifest(dependingOnRuntime: false))
    try write("Sources/ViewModels/Card.swift", "public struct Card: Codable { let title: String }\n")
    try write("Sources/ViewModels/Badge.swift", "public struct Badge: Codable { let label: Int = }\n")
    try git.commitAll("broken")
    try git.git("tag", "broken")
    try git.git("checkout", "-q", "v2", "--", "Sources", "Package.swift")
    // The static fixture is never deinitialized: its folder (with the probes' builds, about
    // 100 MB) goes when the test process ends.
    atexit { CompatFixture.removeFolder() }
    catalog = try record(versions: [Scenario.v1, Scenario.v2], write: false)
  }

  /// A `compat` run over `refs` with the suite's cache.
  func compat(_ refs: [String]) throws -> Report {
    var compat = Compat(catalog: catalog, refs: refs, options: RunOptions())
    compat.types = Self.types
    return try compat.run()
  }

  /// Removes the shared fixture's folder.
  private static func removeFolder() {
    if case .success(let fixture) = shared { fixture.git.scenario.directory.remove() }
  }

  private static func manifest(dependingOnRuntime: Bool) -> String {
    let runtime = ".product(name: \"ContractKitRuntime\", package: "
      + DecoderProbe.literal(packageRoot.lastPathComponent) + ")"
    return """
      // swift-tools-version:6.0
      import PackageDescription

      let package = Package(
        name: "App",
        products: [.library(name: "ViewModels", targets: ["ViewModels"])],
        dependencies: [\(dependingOnRuntime ? ".package(path: \(DecoderProbe.literal(packageRoot.path)))" : "")],
        targets: [.target(name: "ViewModels", dependencies: [\(dependingOnRuntime ? runtime : "")])]
      )

      """
  }

  private static let cardV1 = """
    import ContractKitRuntime

    public struct Card: Codable, Sendable {
      public let title: String
      public let subtitle: String?
      public let status: String
      enum CodingKeys: String, CodingKey { case title, subtitle, status }
      public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        subtitle = try container.decodeIfPresent(String.self, forKey: .subtitle)
        status = try container.decode(String.self, forKey: .status)
        guard ["open", "closed"].contains(status) else {
          throw DecodingError.dataCorruptedError(
            forKey: .status, in: container, debugDescription: "unknown status '\\(status)'")
        }
      }
    }

    """

  private static let cardV2 = """
    import ContractKitRuntime

    public struct Card: Codable, Sendable {
      public let title: String
      public let subtitle: String?
      public let status: String
    }

    """

  private static let badge = """
    public struct Badge: Codable, Sendable {
      public let label: String
    }

    """
}
