import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// What `record` must write and what it must refuse to write: a file every later read
/// accepts, under any name the layout accepts, and case twins named both (issue 22).
@Suite("Faults: record's limits")
struct FaultRecordLimitsTests {
  struct Card: Codable, Sendable { var title = "x" }

  /// `en-abcdefgh-…`: a valid BCP-47 locale whose `<locale>.json` is 241 characters.
  static let longLocale = "en" + String(repeating: "-abcdefgh", count: 26)

  @Test("a valid locale giving a 241-character file name records and checks clean")
  func longFileName() throws {
    #expect("\(Self.longLocale).json".utf8.count == 241)
    let scenario = try Scenario()
    let catalog = try scenario.catalog(locales: ["en", Self.longLocale]) {
      try $0.register(Card.self, named: "Card", stub: { .init() })
    }
    try scenario.record(catalog)
    let file = scenario.baselines.appendingPathComponent("Card/1.0.0/\(Self.longLocale).json")
    #expect(FileManager.default.fileExists(atPath: file.path))
    #expect(try Check(catalog: catalog).run().findings.isEmpty)
    // Nothing temporary is left, and a second record changes no byte.
    let before = DirectorySnapshot(scenario.directory.url)
    try scenario.record(catalog)
    #expect(DirectorySnapshot(scenario.directory.url) == before)
    #expect(before.hiddenPaths.isEmpty)
  }

  @Test("the temporary name of a long name fits the file system and is known as a leftover")
  func temporaryNameFits() {
    let name = "\(Self.longLocale).json"
    let path = AtomicFile.temporaryPath(for: "/tree/Card/1.0.0/\(name)", token: .max)
    let temporary = String(path.dropFirst("/tree/Card/1.0.0/".count))
    #expect(temporary.utf8.count == AtomicFile.nameLimit)
    #expect(temporary.hasPrefix(".en-abcdefgh"))
    #expect(LeftoverTemporaryFile.processID(inName: temporary) == getpid())
    // A short name is kept whole.
    #expect(AtomicFile.temporaryPath(for: "/tree/en.json", token: 7)
      == "/tree/.en.json.\(getpid()).7.tmp")
  }

  @Test("a file over the read limit is never written: the error names it and the limit")
  func overReadLimit() throws {
    let scenario = try Scenario()
    let files = BaselineFiles(root: scenario.baselines)
    let bytes = [UInt8](repeating: 0x20, count: InputFile.sizeLimit + 1)
    let reason = "cannot be written: it would hold \(InputFile.sizeLimit + 1) bytes, more than "
      + "512 MiB, the most ContractKit reads of one file; nothing is written"
    let written = #expect(throws: InputError.self) {
      try files.write(bytes, to: "Card/1.0.0/en.json")
    }
    #expect(written?.file == files.displayPath("Card/1.0.0/en.json"))
    #expect(written?.reason == reason)
    // `record` stages what it writes: the same refusal, and nothing left behind.
    let staging = StagedWrites(files: files, stagesCase: { _, _ in true },
                               stagesMetadata: { _, _ in true })
    let staged = #expect(throws: InputError.self) {
      try staging.stage(bytes, at: "Card/1.0.0/es.json")
    }
    #expect(staged?.file == files.displayPath("Card/1.0.0/es.json"))
    #expect(staged?.reason == reason)
    staging.discard()
    #expect(DirectorySnapshot(scenario.directory.url).entries.filter {
      if case .file = $0.value { true } else { false }
    }.isEmpty)
    // Exactly the limit is written, and read back.
    let largest = [UInt8](repeating: 0x20, count: InputFile.sizeLimit)
    try files.write(largest, to: "Card/1.0.0/fr.json")
    #expect(try files.read("Card/1.0.0/fr.json")?.count == InputFile.sizeLimit)
  }

  @Test("contracts differing only in case: the error names both, where each is registered")
  func contractCaseTwins() throws {
    let scenario = try Scenario()
    var catalog = try scenario.catalog(locales: ["en"]) { _ in }
    try catalog.register(Card.self, named: "Card", stub: { .init() }, fileID: "App/A.swift",
                         line: 3)
    let error = #expect(throws: CatalogError.self) {
      try catalog.register(Card.self, named: "card", stub: { .init() }, fileID: "App/B.swift",
                           line: 9)
    }
    let root = scenario.baselines.path
    #expect(error?.description == "contracts 'Card' (App/A.swift:3) and 'card' (App/B.swift:9) "
      + "differ only in case: their baseline folders \(root)/Card and \(root)/card would be "
      + "one folder on case-insensitive file systems (macOS); rename one")
  }

  @Test("locales differing only in case: the error names both files")
  func localeCaseTwins() throws {
    let scenario = try Scenario()
    let error = #expect(throws: CatalogError.self) {
      _ = try scenario.catalog(locales: ["en", "pt-BR", "pt-br"]) { _ in }
    }
    #expect(error?.description == "the catalog's locales 'pt-BR' and 'pt-br' differ only in "
      + "case: their baselines pt-BR.json and pt-br.json would be one file on case-insensitive "
      + "file systems (macOS); list the locale once")
  }
}
