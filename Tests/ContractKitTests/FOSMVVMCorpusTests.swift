import Foundation
import Testing

@testable import ContractKit
@testable import ContractKitRuntime

/// The FOSMVVM conformance corpus (`../shared/fosmvvm-yaml/cases`): what Yams and FOSMVVM's
/// `YamlLocalizationStore` really make of 312 translation files, one YAML feature each.
///
/// Every case is checked the way the corpus README's "How a test uses a case" says, with no
/// expectation written here: the reader returns exactly Yams's value, or throws where Yams
/// throws, or refuses a feature the project lists as unsupported; the store builds exactly
/// FOSMVVM's table, or throws where FOSMVVM throws, or refuses a conflict FOSMVVM settles at
/// random, naming both places.
enum FOSMVVMCorpus {
  /// The corpus, found from this file: the package root, then `../shared/fosmvvm-yaml/cases`.
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/fosmvvm-yaml/cases")

  static var isAvailable: Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder)
      && isFolder.boolValue
  }

  /// Cases where ContractKit deliberately reads differently from FOSMVVM, by case name, with
  /// the reason. Empty: every case is read as FOSMVVM reads it.
  static let deliberateDifferences: [String: String] = [:]

  static let cases: [CorpusCase] = {
    guard isAvailable else { return [] }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map {
      CorpusCase(name: $0, folder: directory.appendingPathComponent($0))
    }
  }()
}

/// One corpus case: a folder with `input.yml` or `files/…`, and `expected.json`.
struct CorpusCase: Sendable, CustomTestStringConvertible {
  let name: String
  let folder: URL

  var testDescription: String { name }

  var expected: CorpusValue {
    get throws {
      let data = try Data(contentsOf: folder.appendingPathComponent("expected.json"))
      return try CorpusJSONReader.parse([UInt8](data))
    }
  }

  /// The folder the store loads: the case folder (only `input.yml` there ends in `.yml`), or
  /// `files/`.
  var storeFolder: URL {
    let files = folder.appendingPathComponent("files")
    return FileManager.default.fileExists(atPath: files.path) ? files : folder
  }

  /// Each YAML file with its key in `yams`: `nil` for `input.yml`, else its path under `files/`.
  var yamlFiles: [(key: String?, url: URL)] {
    let files = folder.appendingPathComponent("files")
    guard FileManager.default.fileExists(atPath: files.path) else {
      return [(nil, folder.appendingPathComponent("input.yml"))]
    }
    let paths = FileManager.default.enumerator(atPath: files.path)?.allObjects as? [String] ?? []
    return paths.sorted().compactMap { path in
      let url = files.appendingPathComponent(path)
      var isFolder: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
      return exists && !isFolder.boolValue ? (path, url) : nil
    }
  }
}

/// How one case came out.
enum CorpusOutcome: Equatable {
  /// The same value or table as Yams or FOSMVVM.
  case equal
  /// Rejected, as Yams or FOSMVVM rejects it.
  case rejected
  /// Refused as an unsupported feature (the reader) or as a conflict FOSMVVM settles at
  /// random (the store), which the README allows.
  case refused
  /// Anything else: a wrong value, a missing error, a wrong refusal.
  case failed(String)
}

/// Runs the reader and the store on corpus cases and compares with the oracle.
enum CorpusCheck {
  static func reader(_ corpusCase: CorpusCase) throws -> CorpusOutcome {
    let expected = try corpusCase.expected
    guard let yams = expected["yams"] else { return .failed("expected.json has no 'yams'") }
    var outcomes: [CorpusOutcome] = []
    for file in corpusCase.yamlFiles {
      let bytes = [UInt8](try Data(contentsOf: file.url))
      guard let want = file.key.map({ yams[$0] }) ?? yams else {
        return .failed("'yams' lists no \(file.key ?? "input.yml")")
      }
      outcomes.append(readerOutcome(bytes, file: file.key ?? "input.yml", want: want))
    }
    if let failure = outcomes.first(where: { if case .failed = $0 { true } else { false } }) {
      return failure
    }
    if outcomes.contains(.refused) { return .refused }
    return outcomes.allSatisfy { $0 == .rejected } ? .rejected : .equal
  }

  static func readerOutcome(_ bytes: [UInt8], file: String, want: CorpusValue) -> CorpusOutcome {
    do {
      let node = try YAMLReader.read(bytes, file: file)
      if case .error(let reason) = want { return .failed("\(file): read, but Yams: \(reason)") }
      return difference(node, want, at: file).map(CorpusOutcome.failed) ?? .equal
    } catch {
      if case .error = want { return .rejected }
      guard YAMLUnsupported.isRefusal(error) else {
        return .failed("\(file): threw '\(error)', but Yams reads \(want)")
      }
      return .refused
    }
  }

  static func store(_ corpusCase: CorpusCase) throws -> CorpusOutcome {
    let expected = try corpusCase.expected
    guard let want = expected["store"] else { return .failed("expected.json has no 'store'") }
    let store: LocalizationStore
    do {
      store = try LocalizationStore(directory: corpusCase.storeFolder)
    } catch {
      if case .error = want { return .rejected }
      if contains(want, where: { if case .oneOf = $0 { true } else { false } }) {
        return isConflictRefusal(error) ? .refused : .failed(
          "threw '\(error)', not a refusal of FOSMVVM's random pick naming both places")
      }
      if YAMLUnsupported.isRefusal(error) { return .refused }
      return .failed("threw '\(error)', but FOSMVVM builds \(want)")
    }
    if case .error(let reason) = want { return .failed("loaded, but FOSMVVM: \(reason)") }
    return storeDifference(store, want).map(CorpusOutcome.failed) ?? .equal
  }

  /// A conflict refusal names the place it was found and, in its reason, the other one.
  static func isConflictRefusal(_ error: InputError) -> Bool {
    guard error.line != nil, error.column != nil else { return false }
    return error.reason.contains("FOSMVVM") && error.reason.firstMatch(of: /:\d+:\d+/) != nil
  }

  // MARK: Comparing

  static func difference(_ node: YAMLNode, _ want: CorpusValue, at path: String) -> String? {
    let mismatch = "\(path): read \(node), Yams has \(want)"
    switch (node, want) {
    case (.string(let text), .string(let wanted)):
      return text.unicodeScalars.elementsEqual(wanted.unicodeScalars) ? nil : mismatch
    case (.int(let value), .int(let wanted)): return value == wanted ? nil : mismatch
    case (.double(let value), .double(let wanted)): return same(value, wanted) ? nil : mismatch
    case (.bool(let value), .bool(let wanted)): return value == wanted ? nil : mismatch
    case (.null, .null): return nil
    case (.date(let date), .date(let milliseconds)):
      return abs(date.timeIntervalSince1970 * 1000 - Double(milliseconds)) < 1 ? nil : mismatch
    case (.list(let items), .list(let wanted)):
      guard items.count == wanted.count else { return mismatch }
      for (index, pair) in zip(items, wanted).enumerated() {
        if let problem = difference(pair.0, pair.1, at: "\(path)/\(index)") { return problem }
      }
      return nil
    case (.map(let entries), .map(let members)):
      guard entries.count == members.count else {
        return "\(path): keys \(entries.map(\.key)), Yams has \(members.map(\.key))"
      }
      for member in members {
        guard let entry = entries.first(where: {
          $0.key.unicodeScalars.elementsEqual(member.key.unicodeScalars)
        }) else { return "\(path): no key '\(member.key)' in \(entries.map(\.key))" }
        if let problem = difference(entry.value, member.value, at: "\(path)/\(member.key)") {
          return problem
        }
      }
      return nil
    default:
      return mismatch
    }
  }

  static func storeDifference(_ store: LocalizationStore, _ want: CorpusValue) -> String? {
    guard case .map(let locales) = want else { return "'store' is not an object" }
    let actual = Set(store.locales.map { $0.lowercased() })
    let wanted = Set(locales.map { $0.key.lowercased() })
    guard actual == wanted else {
      return "locales \(store.locales.sorted()), FOSMVVM has \(wanted.sorted())"
    }
    for (locale, table) in locales {
      guard case .map(let keys) = table else { return "locale \(locale) is not an object" }
      let storeKeys = store.keys(in: locale)
      guard storeKeys.count == keys.count, keys.allSatisfy({ key in
        storeKeys.contains { $0.unicodeScalars.elementsEqual(key.key.unicodeScalars) }
      }) else { return "\(locale): keys \(storeKeys), FOSMVVM has \(keys.map(\.key))" }
      for (key, value) in keys {
        guard let stored = store.value(forKey: key, locale: locale) else {
          return "\(locale)/\(key): no value"
        }
        if let problem = difference(stored, value, at: "\(locale)/\(key)") { return problem }
      }
    }
    return nil
  }

  static func difference(_ value: LocalizedValue, _ want: CorpusValue, at path: String) -> String? {
    let mismatch = "\(path): stored \(value), FOSMVVM has \(want)"
    switch (value, want) {
    case (.string(let text), .string(let wanted)):
      return text.unicodeScalars.elementsEqual(wanted.unicodeScalars) ? nil : mismatch
    case (.int(let number), .int(let wanted)): return number == wanted ? nil : mismatch
    case (.double(let number), .double(let wanted)): return same(number, wanted) ? nil : mismatch
    case (.bool(let flag), .bool(let wanted)): return flag == wanted ? nil : mismatch
    case (.list(let items), .list(let wanted)):
      guard items.count == wanted.count else { return mismatch }
      for (index, pair) in zip(items, wanted).enumerated() {
        if let problem = difference(pair.0, pair.1, at: "\(path)/\(index)") { return problem }
      }
      return nil
    default:
      return mismatch
    }
  }

  /// Doubles are equal when they are the same IEEE 754 value (so `-0.0` is not `0.0`), or
  /// both NaN.
  static func same(_ value: Double, _ wanted: Double) -> Bool {
    value.bitPattern == wanted.bitPattern || (value.isNaN && wanted.isNaN)
  }

  static func contains(_ value: CorpusValue, where test: (CorpusValue) -> Bool) -> Bool {
    if test(value) { return true }
    switch value {
    case .list(let items), .set(let items), .pairs(let items), .oneOf(let items):
      return items.contains { contains($0, where: test) }
    case .map(let members): return members.contains { contains($0.value, where: test) }
    default: return false
    }
  }
}

@Suite(
  "FOSMVVM conformance corpus",
  .enabled(
    if: FOSMVVMCorpus.isAvailable,
    "the corpus is not at ../shared/fosmvvm-yaml/cases beside the package; nothing was checked"))
struct FOSMVVMCorpusTests {
  @Test("the reader reads each case as Yams does", arguments: FOSMVVMCorpus.cases)
  func reader(_ corpusCase: CorpusCase) throws {
    let outcome = try CorpusCheck.reader(corpusCase)
    if case .failed(let problem) = outcome { Issue.record("\(corpusCase.name): \(problem)") }
  }

  @Test("the store builds each case's table as FOSMVVM does", arguments: FOSMVVMCorpus.cases)
  func store(_ corpusCase: CorpusCase) throws {
    let outcome = try CorpusCheck.store(corpusCase)
    if case .failed(let problem) = outcome { Issue.record("\(corpusCase.name): \(problem)") }
  }

  @Test("summary: every case passes for the reader and the store")
  func summary() throws {
    #expect(FOSMVVMCorpus.deliberateDifferences.isEmpty)
    #expect(FOSMVVMCorpus.cases.count >= 312)
    let readers = try FOSMVVMCorpus.cases.map(CorpusCheck.reader)
    let stores = try FOSMVVMCorpus.cases.map(CorpusCheck.store)
    print("FOSMVVM corpus, \(FOSMVVMCorpus.cases.count) cases: "
      + "reader \(Self.summary(readers)); store \(Self.summary(stores))")
    // `CONTRACTKIT_CORPUS_VERBOSE=1` lists each case's outcomes.
    if ProcessInfo.processInfo.environment["CONTRACTKIT_CORPUS_VERBOSE"] != nil {
      for (index, corpusCase) in FOSMVVMCorpus.cases.enumerated() {
        print("  \(corpusCase.name): reader \(readers[index]), store \(stores[index])")
      }
    }
    #expect(readers.allSatisfy { if case .failed = $0 { false } else { true } })
    #expect(stores.allSatisfy { if case .failed = $0 { false } else { true } })
  }

  static func summary(_ outcomes: [CorpusOutcome]) -> String {
    let equal = outcomes.count(where: { $0 == .equal })
    let rejected = outcomes.count(where: { $0 == .rejected })
    let refused = outcomes.count(where: { $0 == .refused })
    let passed = equal + rejected + refused
    return "\(passed) of \(outcomes.count) pass (\(equal) equal, \(rejected) rejected as the "
      + "oracle rejects them, \(refused) refused)"
  }
}
