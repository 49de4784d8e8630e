import Foundation
import Synchronization
import Testing

@testable import ContractKit
@testable import ContractKitRuntime

/// `record` writes what its check encoded, staged in hidden temporary files and renamed into
/// place only when nothing is refused: each stub is made twice (the encoding and the
/// determinism probe), never a third time to be written, and a refusal or an error leaves
/// the tree exactly as it was.
@Suite("Record: staged writes")
struct StagedRecordTests {
  struct Card: Codable, Sendable {
    var title = "Weekly"
    var count = 3
    var vmId = ViewModelId(id: "card-1")
  }

  struct Stamp: Codable, Sendable { var at: Date }

  /// Counts the stubs a catalog makes.
  final class StubCounter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func card() -> Card {
      count.withLock { $0 += 1 }
      return Card()
    }
  }

  /// Every path under `root`, hidden ones included, relative to it.
  static func allPaths(_ root: URL) -> [String] {
    (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).sorted()
  }

  @Test("a cold record makes each stub twice, for the encoding and the determinism probe")
  func coldRecordEncodesTwice() throws {
    let scenario = try Scenario()
    let counter = StubCounter()
    let catalog = try scenario.catalog(versions: [Scenario.v1, Scenario.v2]) {
      try $0.register(Card.self, named: "Card", stub: { counter.card() })
    }
    let outcome = try scenario.record(catalog)
    // 2 versions × 2 locales.
    #expect(outcome.written.filter { $0.hasSuffix(".json") && !$0.hasSuffix("contract.json") }
      .count == 4)
    #expect(counter.value == 4 * 2)
    let hidden = Self.allPaths(scenario.baselines).filter {
      $0.split(separator: "/").last?.hasPrefix(".") == true
    }
    #expect(hidden.isEmpty, "\(hidden)")

    // And a second record makes each once, writes nothing.
    let again = try scenario.record(catalog)
    #expect(again.written.isEmpty)
    #expect(counter.value == 4 * 3)
  }

  @Test("a record refused on a new tree leaves no file, no folder, no temporary file")
  func refusedColdRecord() throws {
    let scenario = try Scenario()
    let catalog = try scenario.catalog {
      try $0.register(Card.self, named: "Card", stub: { .init() })
      try $0.register(Stamp.self, named: "Stamp", stub: { .init(at: Date()) })
    }
    let before = Self.allPaths(scenario.directory.url)
    let outcome = try Record(catalog: catalog).run()
    #expect(outcome.refused)
    #expect(Self.allPaths(scenario.directory.url) == before)
  }

  @Test("staged folders are removed children first, in whatever order threads noted them")
  func folderRemovalOrder() throws {
    // Thread A made the root but noted it after thread B made and noted a contract folder.
    let noted = ["/t/B/Stamp", "/t/B", "/t/B/Card", "/t/B/Card/1.0.0", "/t/B/Stamp/1.0.0"]
    #expect(StagedWrites.removalOrder(of: noted)
      == ["/t/B/Stamp/1.0.0", "/t/B/Card/1.0.0", "/t/B/Stamp", "/t/B/Card", "/t/B"])

    // And on disk: removed in that order, the folders all go.
    let directory = try TemporaryDirectory()
    let root = directory.url.appendingPathComponent("B").path
    let made = ["Stamp", "", "Card", "Card/1.0.0", "Stamp/1.0.0"].map {
      $0.isEmpty ? root : root + "/" + $0
    }
    for folder in made.sorted(by: { $0.count < $1.count }) {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    }
    for folder in StagedWrites.removalOrder(of: made) { rmdir(folder) }
    #expect(!FileManager.default.fileExists(atPath: root))
  }

  @Test("a record refused on a recorded tree leaves every byte, and no temporary file")
  func refusedRecordOnTree() throws {
    let scenario = try Scenario()
    try scenario.record(scenario.catalog {
      try $0.register(Card.self, named: "Card", stub: { .init() })
    })
    let before = DirectorySnapshotForStaging(scenario.directory.url)
    let catalog = try scenario.catalog {
      try $0.register(Card.self, named: "Card", stub: { .init(title: "Monthly", count: 4) })
      try $0.register(Stamp.self, named: "Stamp", stub: { .init(at: Date()) })
    }
    let outcome = try Record(catalog: catalog).run()
    #expect(outcome.refused)
    #expect(DirectorySnapshotForStaging(scenario.directory.url) == before)
  }

  @Test("a record whose check fails on a corrupt baseline leaves no temporary file")
  func failedCheckLeavesNothing() throws {
    let scenario = try Scenario()
    let register: (inout Catalog) throws -> Void = {
      for name in ["Alpha", "Beta", "Gamma", "Delta"] {
        try $0.register(Card.self, named: name, stub: { .init() })
      }
    }
    try scenario.record(scenario.catalog(register))
    try Data("{ corrupt".utf8)
      .write(to: scenario.baselines.appendingPathComponent("Delta/1.0.0/es.json"))
    for name in ["Alpha", "Beta", "Gamma"] {
      try FileManager.default.removeItem(at: scenario.baselines.appendingPathComponent(name))
    }
    let before = DirectorySnapshotForStaging(scenario.directory.url)
    #expect(throws: InputError.self) { try Record(catalog: scenario.catalog(register)).run() }
    #expect(DirectorySnapshotForStaging(scenario.directory.url) == before)
  }

  @Test("record --only stages and writes the selection alone")
  func selectionIsStagedAlone() throws {
    let scenario = try Scenario()
    let catalog = try scenario.catalog {
      try $0.register(Card.self, named: "Card", stub: { .init() })
      try $0.register(Card.self, named: "Other", stub: { .init() })
    }
    let outcome = try Record(catalog: catalog, selection: [CaseSelector(parsing: "Card")]).run()
    #expect(!outcome.refused)
    let paths = Self.allPaths(scenario.baselines)
    #expect(paths.allSatisfy { !$0.hasPrefix("Other") && !$0.contains("/.") }, "\(paths)")
    #expect(paths.contains("Card/1.0.0/en.json"))
  }
}

/// Paths and bytes of a tree, hidden files included.
struct DirectorySnapshotForStaging: Equatable {
  var files: [String: [UInt8]] = [:]
  var folders: Set<String> = []

  init(_ root: URL) {
    for path in StagedRecordTests.allPaths(root) {
      var isDirectory: ObjCBool = false
      let url = root.appendingPathComponent(path)
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
        continue
      }
      if isDirectory.boolValue {
        folders.insert(path)
      } else {
        files[path] = FileManager.default.contents(atPath: url.path).map { [UInt8]($0) } ?? []
      }
    }
  }
}
