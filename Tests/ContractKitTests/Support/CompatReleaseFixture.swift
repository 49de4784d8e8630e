import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// A throw-away git repository of a small package with no dependency (builds take seconds,
/// not minutes), whose release `r1` misbehaves in every way a release's own code can:
///
/// | contract | the release's type | today |
/// | --- | --- | --- |
/// | `Printing` | prints on standard output while decoding | decodes |
/// | `Crashing` | traps on the `es` payload | en decodes, es crashes |
/// | `Hanging` | never returns from the `es` payload | en decodes, es is stopped |
/// | `Snake` | `totalCents`; r1's contract.json records a snake-case decoder | today's declares none |
/// | `Dated` | `placedAt: Date`; r1 records no decoder | today's declares snake case and ISO 8601 |
/// | `Ignored` | requires `legacyCode`; its file is `export-ignore` | today sends none |
///
/// `broken` does not compile; `hanging-manifest`'s manifest never finishes loading.
final class MisbehavingReleases: @unchecked Sendable {
  let git: GitFixture
  /// Today's catalog: version 1.0.0, locales en and es.
  let catalog: Catalog
  static let types = ["Printing", "Crashing", "Hanging", "Snake", "Dated", "Ignored"].map {
    (contract: $0, type: "Models.\($0)")
  }

  static let shared = Result { try MisbehavingReleases() }

  /// The release's payloads as its own catalog wrote them, and today's.
  struct Localized: Codable, Sendable { var locale: String }
  struct Note: Codable, Sendable { var note = "fine" }
  struct SnakeDTO: Codable, Sendable { var totalCents = 14_990 }
  struct DatedDTO: Codable, Sendable { var placedAt = Date(timeIntervalSince1970: 1_773_480_600) }
  struct IgnoredDTO: Codable, Sendable { var legacyCode = 7 }
  struct IgnoredToday: Codable, Sendable { var code = "A7" }

  static func snakeEncoder(_: WireRequest) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }

  static func snakeDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }

  init() throws {
    let git = try GitFixture()
    self.git = git
    func write(_ path: String, _ text: String) throws {
      let url = git.root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    try write(".gitignore", ".build/\n")
    try write(".gitattributes", "Sources/Models/Ignored.swift export-ignore\n")
    try write("Package.swift", Self.manifest)
    for (name, source) in Self.sources { try write("Sources/Models/\(name).swift", source) }
    // The release's own catalog wrote its baselines (and Snake's decoder into contract.json).
    let release = try git.scenario.catalog { catalog in
      try Self.registerUnchanged(in: &catalog)
      try catalog.register(SnakeDTO.self, named: "Snake", stub: { SnakeDTO() },
                           encoder: Self.snakeEncoder, decoder: Self.snakeDecoder)
      try catalog.register(DatedDTO.self, named: "Dated", stub: { DatedDTO() })
      try catalog.register(IgnoredDTO.self, named: "Ignored", stub: { IgnoredDTO() })
    }
    try git.scenario.record(release)
    try git.commitAll("r1")
    try git.git("tag", "r1")
    try write("Sources/Models/Snake.swift", "public struct Snake: Decodable { let total: Int = }\n")
    try git.commitAll("broken")
    try git.git("tag", "broken")
    try write("Package.swift", Self.hangingManifest(pidFile: git.root.path + "/manifest.pid"))
    try git.commitAll("hanging manifest")
    try git.git("tag", "hanging-manifest")
    try git.git("checkout", "-q", "r1", "--", ".")
    catalog = try git.scenario.catalog { catalog in
      try Self.registerUnchanged(in: &catalog)
      // Today's declaration of Snake names no decoder: r1's contract.json must win.
      try catalog.register(SnakeDTO.self, named: "Snake", stub: { SnakeDTO() },
                           encoder: Self.snakeEncoder)
      // r1 records no decoder for Dated: today's declaration is used.
      try catalog.register(DatedDTO.self, named: "Dated", stub: { DatedDTO() },
                           encoder: Self.snakeEncoder, decoder: Self.snakeDecoder)
      try catalog.register(IgnoredToday.self, named: "Ignored", stub: { IgnoredToday() })
    }
    atexit { MisbehavingReleases.removeFolder() }
  }

  /// The contracts whose wire is the same at r1 and today: Printing, Crashing, Hanging.
  static func registerUnchanged(in catalog: inout Catalog) throws {
    try catalog.register(Note.self, named: "Printing", stub: { Note() })
    for name in ["Crashing", "Hanging"] {
      try catalog.register(wire: name) { request in
        try JSONEncoder().encode(Localized(locale: request.locale))
      }
    }
  }

  /// A `compat` over `refs` with the suite's cache and short limits.
  func compat(_ refs: [String], buildSeconds: Double = 600) throws -> Report {
    var compat = Compat(catalog: catalog, refs: refs, options: RunOptions())
    compat.types = Self.types
    compat.decodeTimeLimit = 3
    compat.buildTimeLimit = buildSeconds
    return try compat.run()
  }

  private static func removeFolder() {
    if case .success(let fixture) = shared { fixture.git.scenario.directory.remove() }
  }

  private static let manifest = """
    // swift-tools-version:5.9
    import PackageDescription

    let package = Package(name: "Releases", targets: [.target(name: "Models")])

    """

  /// A manifest that writes its process id and never finishes.
  private static func hangingManifest(pidFile: String) -> String {
    """
    // swift-tools-version:5.9
    import PackageDescription
    import Foundation

    try! "\\(ProcessInfo.processInfo.processIdentifier)"
      .write(toFile: \(DecoderProbe.literal(pidFile)), atomically: true, encoding: .utf8)
    while true { sleep(1) }
    let package = Package(name: "Releases", targets: [.target(name: "Models")])

    """
  }

  private static let sources: [(String, String)] = [
    ("Printing", """
      public struct Printing: Decodable {
        public let note: String
        enum CodingKeys: String, CodingKey { case note }
        public init(from decoder: any Decoder) throws {
          print("decoding Printing…")   // the app's own logging, on standard output
          print("[]")
          note = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .note)
        }
      }

      """),
    ("Crashing", """
      public struct Crashing: Decodable {
        public let locale: String
        enum CodingKeys: String, CodingKey { case locale }
        public init(from decoder: any Decoder) throws {
          locale = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .locale)
          if locale == "es" { fatalError("a release that traps on what it does not expect") }
        }
      }

      """),
    ("Hanging", """
      import Foundation

      public struct Hanging: Decodable {
        public let locale: String
        enum CodingKeys: String, CodingKey { case locale }
        public init(from decoder: any Decoder) throws {
          locale = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .locale)
          while locale == "es" { sleep(1) }
        }
      }

      """),
    ("Snake", "public struct Snake: Decodable { public let totalCents: Int }\n"),
    ("Dated", "import Foundation\n\npublic struct Dated: Decodable { public let placedAt: Date }\n"),
    ("Ignored", "struct Ignored: Decodable { let legacyCode: Int }\n"),
  ]
}
