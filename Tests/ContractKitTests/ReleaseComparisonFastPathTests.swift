import Foundation
import Testing

@testable import ContractKit
@testable import ContractKitRuntime

/// The release comparison diffs two documents read as tokens, with the parts they spell alike
/// replaced (``VersionComparison/reducedPair(old:new:)``): its findings must be exactly those
/// of the diff of the whole documents.
@Suite("Release comparison from tokens")
struct ReleaseComparisonFastPathTests {
  /// Fails unless the reduced diff of `old` and `new` equals the full one under `roles`.
  static func expectSameFindings(_ old: [UInt8], _ new: [UInt8], roles: PathRoles,
                                 _ comment: String,
                                 sourceLocation: SourceLocation = #_sourceLocation)
  {
    let file = ContractCase(contract: "Card", version: SystemVersion(2, 0, 0), locale: "en",
                            variant: BaselineLayout.defaultVariant)
    let diff = PayloadDiff(file: file, roles: roles)
    guard let oldValue = try? JSONParser.parse(old, file: "old.json"),
      let newValue = try? JSONParser.parse(new, file: "new.json")
    else {
      #expect(VersionComparison.reducedPair(old: old, new: new) == nil, "\(comment)",
              sourceLocation: sourceLocation)
      #expect(VersionComparison.lineReducedPair(old: old, new: new) == nil, "\(comment)",
              sourceLocation: sourceLocation)
      return
    }
    let full = diff.findings(baseline: oldValue, current: newValue)
    if let pair = VersionComparison.reducedPair(old: old, new: new) {
      let reduced = diff.findings(baseline: pair.old, current: pair.new)
      #expect(reduced == full, "tokens: \(comment)", sourceLocation: sourceLocation)
    }
    if let pair = VersionComparison.lineReducedPair(old: old, new: new) {
      let reduced = diff.findings(baseline: pair.old, current: pair.new)
      #expect(reduced == full, "lines: \(comment)", sourceLocation: sourceLocation)
    }
  }

  /// Every payload of the committed sample tree, by contract, locale and variant, version by
  /// version, with the newer version's `contract.json`.
  typealias Pair = (old: [UInt8], new: [UInt8], roles: PathRoles, name: String)

  static func samplePairs() throws -> [Pair] {
    let manager = FileManager.default
    var pairs: [Pair] = []
    for contract in try manager.contentsOfDirectory(atPath: committedBaselines.path).sorted()
    where !contract.hasPrefix(".") {
      let folder = committedBaselines.appendingPathComponent(contract)
      let versions = try manager.contentsOfDirectory(atPath: folder.path)
        .compactMap { try? SystemVersion(parsing: $0) }.sorted()
      for (older, newer) in zip(versions, versions.dropFirst()) {
        let newerFolder = folder.appendingPathComponent(newer.versionString)
        let metadataURL = newerFolder.appendingPathComponent(BaselineLayout.metadataFileName)
        let roles = try (try? Data(contentsOf: metadataURL)).map {
          PathRoles(metadata: try ContractMetadata(
            json: JSONParser.parse([UInt8]($0), file: "contract.json"), file: "contract.json"))
        } ?? PathRoles(localizedPointers: [])
        for file in try manager.contentsOfDirectory(atPath: newerFolder.path)
        where file.hasSuffix(".json") && file != BaselineLayout.metadataFileName {
          let oldURL = folder.appendingPathComponent(older.versionString)
            .appendingPathComponent(file)
          guard let old = try? Data(contentsOf: oldURL) else { continue }
          let new = try Data(contentsOf: newerFolder.appendingPathComponent(file))
          pairs.append(([UInt8](old), [UInt8](new), roles, "\(contract) \(older)→\(newer) \(file)"))
        }
      }
    }
    return pairs
  }

  @Test("the sample tree's versions, with and without their contract.json")
  func sampleVersions() throws {
    let pairs = try Self.samplePairs()
    #expect(pairs.count > 100)
    // Committed baselines are canonical: the tokens read every one, the lines every one
    // without a root `id` (a root identity is left to the tokens).
    for pair in pairs {
      let rootIdentity = VersionComparison.rootMembers(pair.old)?["id"] != nil
      #expect(VersionComparison.reducedPair(old: pair.old, new: pair.new) != nil, "\(pair.name)")
      #expect((VersionComparison.lineReducedPair(old: pair.old, new: pair.new) != nil)
        == !rootIdentity, "\(pair.name)")
    }
    #expect(pairs.contains { VersionComparison.rootMembers($0.old)?["id"] != nil })
    for pair in pairs {
      Self.expectSameFindings(pair.old, pair.new, roles: pair.roles, pair.name)
      Self.expectSameFindings(
        pair.old, pair.new, roles: PathRoles(localizedPointers: []), pair.name)
    }
  }

  @Test("FOSMVVM's real payloads: versions, locales and runs against each other",
        .enabled(if: FOSMVVMWire.isPresent, "../shared/fosmvvm-wire is absent"))
  func fosmvvmPayloads() throws {
    let manager = FileManager.default
    for viewModel in FOSMVVMWire.viewModels {
      let folder = FOSMVVMWire.root.appendingPathComponent(viewModel)
      let files = (manager.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
        .filter { $0.hasSuffix(".json") }.sorted()
      let documents = try files.map { try CanonicalJSON.encode(JSONParser.parse(
        [UInt8](Data(contentsOf: folder.appendingPathComponent($0))), file: $0)) }
      for (left, old) in documents.enumerated() {
        for (right, new) in documents.enumerated() where left != right {
          Self.expectSameFindings(old, new, roles: PathRoles(localizedPointers: []),
                                  "\(viewModel) \(files[left]) → \(files[right])")
        }
      }
    }
  }

  @Test("seeded edits of sample payloads: removed, added, changed, emptied and retyped members")
  func edits() throws {
    var state: UInt64 = 0xC0FFEE ^ FaultFuzzTests.baseSeed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33) % max(1, bound)
    }
    func edit(_ value: JSONValue, depth: Int) -> JSONValue {
      switch value {
      case .object(var members) where !members.isEmpty:
        let keys = members.keys.sorted()
        let key = keys[next(keys.count)]
        switch next(depth > 3 ? 5 : 6) {
        case 0: members[key] = nil
        case 1: members["added\(next(9))"] = members[key]
        case 2: members[key] = .string("changed")
        case 3: members[key] = .object([:])
        case 4: members[key] = .array([])
        default: members[key] = edit(members[key] ?? .null, depth: depth + 1)
        }
        return .object(members)
      case .array(var elements) where !elements.isEmpty:
        let index = next(elements.count)
        switch next(3) {
        case 0: elements.remove(at: index)
        case 1: elements.append(elements[index])
        default: elements[index] = edit(elements[index], depth: depth + 1)
        }
        return .array(elements)
      default:
        return .number(JSONNumber(next(100)))
      }
    }
    // 6 edits of each of 80 pairs; a long fuzz run (`CONTRACTKIT_FUZZ_CASES`) spreads its
    // count over every pair, from its seed.
    let pairs = try Self.samplePairs()
    let chosen = FaultFuzzTests.isLongRun ? pairs[...] : pairs.prefix(80)
    let perPair = FaultFuzzTests.isLongRun ? max(6, FaultFuzzTests.cases / pairs.count) : 6
    for pair in chosen {
      let old = try JSONParser.parse(pair.old, file: "old.json")
      for _ in 0..<perPair {
        let edited = CanonicalJSON.encode(edit(old, depth: 0))
        Self.expectSameFindings(pair.old, edited, roles: pair.roles, pair.name)
        Self.expectSameFindings(
          edited, pair.old, roles: PathRoles(localizedPointers: []), pair.name)
      }
    }
  }

  @Test("a baseline that is not canonical, or not valid, takes the parser")
  func unusualBaselines() {
    let new = Array("{\n  \"a\" : {\n    \"b\" : [\n      1\n    ]\n  },\n  \"c\" : 2\n}\n".utf8)
    let olds = [
      "{\"a\":{\"b\":[1]},\"c\":3}", "{ \"c\" : 2, \"a\" : { \"b\" : [ 1 ] } }",
      "{\"a\":{\"b\":[1]},\"a\":{}}", "{\"a\":1,", "{\"\\u0061\":{\"b\":[1]}}",
      "{\"a\":{\"b\":[1],\"b\":[2]},\"c\":3}",
      // Lines that look canonical at the root and are not.
      "{\n  \"a\" : {\n  \"b\" : [\n  1\n  ]\n  },\n  \"c\" : 2\n}\n",
      "{\n  \"a\" : [\n  \"x\"\n  ],\n  \"c\" : 2\n}\n",
      "{\n  \"a\" : {\n    \"b\" : [\n      1\n    ]\n  },\n  \"a\" : 2\n}\n",
      "{\n  \"a\" : {\n    \"b\" : [\n      1\n    ]\n  }\n  \"c\" : 2\n}\n",
      "{\n  \"a\" : {\n    \"b\" : [\n      1\n    ]\n  },\n  \"c\" : 2,\n}\n",
      "{\n  \"a\":{\"b\":[1]},\n  \"c\" : 3\n}\n",
      "{\n  \"a\" : {\n    \"b\" : [\n      1\n    ]\n  },\n  \"c\" : 3\n}\n",
      "{\n  \"a\" : {\n    \"b\" : [\n      1\n    ]\n  },\n  \"c\" : 3\n}",
      "{\n  \"id\" : {\n    \"b\" : [\n      1\n    ]\n  },\n  \"c\" : 3\n}\n",
      "{}\n", "[]\n", "{\n}\n",
    ]
    for old in olds {
      Self.expectSameFindings(Array(old.utf8), new, roles: PathRoles(localizedPointers: []), old)
      Self.expectSameFindings(new, Array(old.utf8), roles: PathRoles(localizedPointers: []), old)
    }
  }
}
