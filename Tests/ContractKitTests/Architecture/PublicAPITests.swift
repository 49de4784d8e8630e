import Foundation
import Testing

/// The public surface is a decision, not an accident: the symbols that users can write, read
/// from the compiled modules by the toolchain's `swift-symbolgraph-extract`, must equal
/// `PublicAPI.txt`. A change to the surface changes that file in the same commit, where a
/// reviewer sees it.
@Suite("Architecture: the public API is the one in PublicAPI.txt")
struct PublicAPITests {
  static let modules = ["ContractKitRuntime", "ContractKit", "ContractKitTesting"]
  static let listing = packageRoot.appendingPathComponent(
    "Tests/ContractKitTests/Architecture/PublicAPI.txt")

  /// The names a user writes at the top level of each module: about 25 in all.
  static let topLevelNames: [String: [String]] = [
    "ContractKitRuntime": [
      "CaseAvailability", "InputError", "LocalizableCompound", "LocalizableDate",
      "LocalizableDouble", "LocalizableInt", "LocalizableString", "LocalizableSubstitutions",
      "LocalizationStore", "LocalizedPropertyOwner", "LocalizedStringProperty",
      "LocalizingEncoder", "StubVariant", "Stubbable", "SubstitutionConvertible",
      "SystemVersion", "Versioned", "ViewModel", "ViewModelEnum", "ViewModelId",
    ],
    "ContractKit": [
      "Catalog", "CatalogError", "Compatibility", "ContractCase", "ContractVerifier", "ContractsCommandLine",
      "Severity", "WireHint", "WireRequest",
    ],
    "ContractKitTesting": ["expectCatalog(_:sourceLocation:)", "expectContract(_:in:sourceLocation:)"],
  ]

  @Test("every public symbol, with its declaration, is listed in PublicAPI.txt")
  func publicSymbols() throws {
    let graph = try SymbolGraph.extract(Self.modules)
    let current = graph.lines.joined(separator: "\n") + "\n"
    if ProcessInfo.processInfo.environment["CONTRACTKIT_UPDATE_API"] == "1" {
      try current.write(to: Self.listing, atomically: true, encoding: .utf8)
    }
    let expected = (try? String(contentsOf: Self.listing, encoding: .utf8)) ?? ""
    let added = Set(graph.lines).subtracting(expected.split(separator: "\n").map(String.init))
    let removed = Set(expected.split(separator: "\n").map(String.init)).subtracting(graph.lines)
    #expect(
      added.isEmpty && removed.isEmpty,
      """
      The public API changed. If that is intended, run \
      CONTRACTKIT_UPDATE_API=1 swift test --filter PublicAPITests and commit PublicAPI.txt.
      added:
      \(added.sorted().map { "+ \($0)" }.joined(separator: "\n"))
      removed:
      \(removed.sorted().map { "- \($0)" }.joined(separator: "\n"))
      """)
  }

  @Test("the top-level names are the chosen few", arguments: modules)
  func topLevel(_ module: String) throws {
    let graph = try SymbolGraph.extract([module])
    #expect(graph.topLevel[module] ?? [] == Self.topLevelNames[module])
  }

  /// 31 today: 20 of the vocabulary an app writes, 9 of the harness, the 2 test one-liners.
  @Test("the total stays near 25 names a user writes: a new one needs a reason")
  func total() {
    #expect(Self.topLevelNames.values.map(\.count).reduce(0, +) <= 31)
  }
}

/// Public symbols of compiled modules, as `swift-symbolgraph-extract` reports them.
private struct SymbolGraph {
  /// `kind path: declaration`, sorted, one per symbol declared in this package's sources.
  var lines: [String] = []
  /// The top-level names per module, sorted.
  var topLevel: [String: [String]] = [:]

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func extract(_ modules: [String]) throws -> SymbolGraph {
    let (modulesDirectory, triple) = try buildProducts()
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("contractkit-api-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: output) }
    var graph = SymbolGraph()
    for module in modules {
      try run(tool: "swift-symbolgraph-extract", [
        "-module-name", module, "-I", modulesDirectory.path, "-target", triple,
        "-minimum-access-level", "public", "-skip-inherited-docs", "-output-dir", output.path,
      ])
      let files = try FileManager.default.contentsOfDirectory(atPath: output.path)
        .filter { $0.hasPrefix(module + ".") || $0.hasPrefix(module + "@") }
      for file in files {
        let data = try Data(contentsOf: output.appendingPathComponent(file))
        try graph.add(data, module: module, isMain: file == module + ".symbols.json")
      }
    }
    graph.lines.sort()
    return graph
  }

  private mutating func add(_ data: Data, module: String, isMain: Bool) throws {
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let symbols = root["symbols"] as? [[String: Any]]
    else { throw Failure(description: "unreadable symbol graph of \(module)") }
    for symbol in symbols {
      // Symbols without a place in our sources are synthesized or inherited from the
      // standard library (Int's operators, through a conformance), not our decisions.
      guard let location = symbol["location"] as? [String: Any],
        let uri = location["uri"] as? String, uri.contains("/Sources/ContractKit"),
        let path = symbol["pathComponents"] as? [String],
        let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String,
        let fragments = symbol["declarationFragments"] as? [[String: Any]]
      else { continue }
      let declaration = fragments.compactMap { $0["spelling"] as? String }.joined()
      lines.append("\(module) \(kind.replacingOccurrences(of: "swift.", with: "")) "
        + "\(path.joined(separator: ".")): \(declaration)")
      if isMain, path.count == 1 { topLevel[module, default: []].append(path[0]) }
    }
    // Overloads (a sync and an async expectContract) are one name a user writes.
    topLevel[module] = topLevel[module].map { Array(Set($0)).sorted() }
  }

  /// The `Modules` folder of the build the tests run from, and its target triple.
  private static func buildProducts() throws -> (URL, String) {
    // The test binary's own folder, else the default build folder (on Darwin the process is
    // a test helper elsewhere).
    var directory = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0])
    let fallback = packageRoot.appendingPathComponent(".build/debug/x").resolvingSymlinksInPath()
    for step in 0..<7 {
      directory = step == 6 ? fallback.deletingLastPathComponent() : directory
        .deletingLastPathComponent()
      let modules = directory.appendingPathComponent("Modules")
      if FileManager.default.fileExists(
        atPath: modules.appendingPathComponent("ContractKit.swiftmodule").path)
      {
        // .build/<triple>/<configuration>/Modules
        let triple = directory.deletingLastPathComponent().lastPathComponent
        return (modules, triple)
      }
    }
    throw Failure(description: "no Modules folder with ContractKit.swiftmodule above "
      + ProcessInfo.processInfo.arguments[0])
  }

  private static func run(tool: String, _ arguments: [String]) throws {
    let process = Process()
    #if os(macOS)
      process.executableURL = URL(fileURLWithPath: "/usr/bin/xcrun")
      process.arguments = [tool] + arguments
    #else
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [tool] + arguments
    #endif
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "\(tool) failed: " + String(decoding: message, as: UTF8.self))
    }
  }
}
