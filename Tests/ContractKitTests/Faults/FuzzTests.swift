import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// Seeded fuzzing of the diff, the JSON reader and the YAML reader.
///
/// Every case is generated from its own seed (`base + index`), so a failure names the seed
/// that replays it. `CONTRACTKIT_FUZZ_CASES=1000000` runs that many cases per test (use a
/// release build), and spreads as many over the fast paths' agreement tests
/// (`CanonicalFastPathTests`, `ReleaseComparisonFastPathTests`); `CONTRACTKIT_FUZZ_SEED`
/// changes the base seed.
@Suite("Faults: fuzzing")
struct FaultFuzzTests {
  static let cases: Int = {
    let text = ProcessInfo.processInfo.environment["CONTRACTKIT_FUZZ_CASES"] ?? ""
    return Int(text).map { max(1, $0) } ?? 3_000
  }()

  static let baseSeed: UInt64 = {
    let text = ProcessInfo.processInfo.environment["CONTRACTKIT_FUZZ_SEED"] ?? ""
    return UInt64(text) ?? 0xC0_47_AC_75
  }()

  /// Whether `CONTRACTKIT_FUZZ_CASES` asks for a long run: other seeded suites then scale too.
  static let isLongRun = ProcessInfo.processInfo.environment["CONTRACTKIT_FUZZ_CASES"] != nil

  /// Prints one line of statistics on long runs (when `CONTRACTKIT_FUZZ_CASES` is set).
  static func report(_ line: @autoclosure () -> String) {
    guard isLongRun else { return }
    print("fuzz (seed \(baseSeed), \(cases) cases): \(line())")
  }

  static let location = ContractCase("Fuzz", "1.0.0", "en")

  // MARK: - PayloadDiff

  @Test("diff(a, a) is empty and diff(a, m(a)) reports exactly the mutation, for random values")
  func diffFindsExactlyTheMutation() throws {
    let failures = try WorkerPool.run { () -> [String] in
      var failures: [String] = []
      var mutationCounts: [String: Int] = [:]
      let diff = PayloadDiff(file: Self.location, roles: PathRoles(localizedPointers: []))
      for index in 0..<Self.cases where failures.count < 5 {
        let seed = Self.baseSeed &+ UInt64(index)
        var fuzzer = JSONFuzzer(seed: seed)
        let value = fuzzer.value(depth: 0)

        let same = diff.findings(baseline: value, current: value)
        if !same.isEmpty {
          failures.append("seed \(seed): diff(a, a) = \(same.map(brief))")
          continue
        }
        // Canonical bytes read back equal, and canonical output is a fixed point.
        let bytes = CanonicalJSON.encode(value)
        do {
          let reread = try JSONParser.parse(bytes, file: "fuzz.json")
          if reread != value || CanonicalJSON.encode(reread) != bytes
            || !diff.findings(baseline: reread, current: value).isEmpty
          {
            failures.append("seed \(seed): canonical round trip changed \(CanonicalJSON.string(value))")
          }
        } catch {
          failures.append("seed \(seed): canonical output does not parse: \(error)")
        }

        guard let mutation = fuzzer.mutation(of: value) else { continue }
        mutationCounts[mutation.name, default: 0] += 1
        let found = diff.findings(baseline: value, current: mutation.value)
        let got = found.map { "\($0.kind.rawValue) \($0.path ?? "nil")" }.sorted()
        let want = mutation.expected.map { "\($0.kind.rawValue) \($0.path)" }.sorted()
        if got != want {
          failures.append("seed \(seed): \(mutation.name) expected \(want), got \(got) for "
            + CanonicalJSON.string(value))
        } else if mutation.name == "rename", found.first?.kind != .valueChanged,
          !found.contains(where: { $0.message.contains("looks like a rename") })
        {
          failures.append("seed \(seed): rename not described as one: \(found.map(\.message))")
        }
      }
      // Every kind of mutation was exercised.
      for name in JSONFuzzer.mutationNames where (mutationCounts[name] ?? 0) == 0 {
        failures.append("mutation \(name) never ran in \(Self.cases) cases")
      }
      let mutations = mutationCounts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
      Self.report("diff: mutations \(mutations.joined(separator: ", ")); failures \(failures.count)")
      return failures
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }

  // MARK: - Shared parses of two nearly equal files

  @Test("a parse sharing a donor's values gives exactly what a plain parse gives, errors too")
  func sharedParse() throws {
    let failures = try WorkerPool.run { () -> [String] in
      var failures: [String] = []
      var shared = 0
      for index in 0..<Self.cases where failures.count < 5 {
        let seed = Self.baseSeed &+ 0x5A_4E &+ UInt64(index)
        var fuzzer = JSONFuzzer(seed: seed)
        // Long lists, so that a change leaves long common prefixes and suffixes.
        let rows = (0..<Int(fuzzer.next(below: 12))).map { _ in fuzzer.value(depth: 1) }
        let value: JSONValue = ["rows": .array(rows), "tail": fuzzer.value(depth: 1)]
        let old = fuzzer.next(below: 2) == 0 ? CanonicalJSON.encode(value) : nonCanonicalJSON(value)
        let new: [UInt8]
        switch fuzzer.next(below: 3) {
        case 0: new = fuzzer.mutation(of: value).map { CanonicalJSON.encode($0.value) } ?? old
        case 1: new = fuzzer.damage(old, tokens: JSONFuzzer.jsonDamageTokens)
        default:
          var respelled = nonCanonicalJSON(fuzzer.mutation(of: value)?.value ?? value)
          if !respelled.isEmpty { respelled.insert(UInt8(ascii: " "), at: respelled.count - 1) }
          new = respelled
        }
        guard old != new else { continue }
        let plain = Result { () throws(InputError) in try JSONParser.parse(new, file: "new.json") }
        let pair = Result { () throws(InputError) -> JSONValue in
          let (oldValue, donor) = try JSONParser.parse(old, file: "old.json", preparing: new)
          guard oldValue == value else {
            throw InputError(file: "old.json", reason: "the donor's own value changed")
          }
          return try JSONParser.parse(new, file: "new.json", sharingWith: donor)
        }
        switch (plain, pair) {
        case (.success(let expected), .success(let got)) where expected == got:
          shared += 1
        case (.failure(let expected), .failure(let got)) where expected == got:
          break
        default:
          func spell(_ result: Result<JSONValue, InputError>) -> String {
            switch result {
            case .success(let value): CanonicalJSON.string(value)
            case .failure(let error): "\(error)"
            }
          }
          failures.append("seed \(seed): plain \(spell(plain))\n  shared \(spell(pair))\n  old "
            + Self.show(old) + "\n  new " + Self.show(new))
        }
      }
      Self.report("shared parses: \(shared) equal values; failures \(failures.count)")
      return failures
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }

  @Test("a shared parse holds the unchanged rows once: the very same storage")
  func sharedStorage() throws {
    let rows = (0..<200).map { index -> JSONValue in
      ["vmId": .string("row-\(index)"), "title": .string("Row \(index)"), "tags": ["a", "b"]]
    }
    var changedRows = rows
    changedRows[120] = ["vmId": "row-120", "title": "Changed", "tags": ["a", "b"]]
    let old = CanonicalJSON.encode(["rows": .array(rows), "title": "List"])
    let new = CanonicalJSON.encode(["rows": .array(changedRows), "title": "List"])
    let (oldValue, donor) = try JSONParser.parse(old, file: "old", preparing: new)
    let newValue = try JSONParser.parse(new, file: "new", sharingWith: donor)
    #expect(newValue == (try JSONParser.parse(new, file: "new")))
    guard case .array(let oldRows)? = oldValue["rows"], case .array(let newRows)? = newValue["rows"]
    else { Issue.record("no rows"); return }
    // A dictionary's bytes are a reference to its storage: equal bytes, the same storage.
    var sameStorage = 0
    for index in rows.indices where index != 120 {
      if case .object(let a) = oldRows[index], case .object(let b) = newRows[index],
        withUnsafeBytes(of: a, { Array($0) }) == withUnsafeBytes(of: b, { Array($0) })
      {
        sameStorage += 1
      }
    }
    #expect(sameStorage == 199, "rows parsed again instead of shared: \(199 - sameStorage)")
  }

  // MARK: - JSON reader

  @Test("the JSON reader on damaged JSON reads it or throws a positioned error")
  func damagedJSON() throws {
    let failures = try WorkerPool.run { () -> [String] in
      var failures: [String] = []
      var accepted = 0
      var slowest: UInt64 = 0
      for index in 0..<Self.cases where failures.count < 5 {
        let seed = Self.baseSeed &+ UInt64(index)
        var fuzzer = JSONFuzzer(seed: seed)
        let original = CanonicalJSON.encode(fuzzer.value(depth: 0))
        let damaged = fuzzer.damage(original, tokens: JSONFuzzer.jsonDamageTokens)
        let started = threadCPUNanoseconds()
        do throws(InputError) {
          let value = try JSONParser.parse(damaged, file: "fuzz.json")
          accepted += 1
          // Whatever was accepted is a real document: its canonical form reads back equal.
          let canonical = CanonicalJSON.encode(value)
          if try JSONParser.parse(canonical, file: "canonical.json") != value {
            failures.append("seed \(seed): accepted document does not round-trip")
          }
        } catch {
          if let problem = Self.positionProblem(error, in: damaged) {
            failures.append("seed \(seed): \(problem) for \(Self.show(damaged))")
          }
        }
        let elapsed = threadCPUNanoseconds() - started
        slowest = max(slowest, elapsed)
        if elapsed > 2_000_000_000 {
          failures.append("seed \(seed): took over 2 s of CPU on \(damaged.count) bytes")
        }
      }
      Self.report("JSON reader: accepted \(accepted), rejected with a position "
        + "\(Self.cases - accepted), slowest case \(slowest / 1000) µs of CPU; "
        + "failures \(failures.count)")
      return failures
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }

  @Test("validation answers as the parser does, on canonical JSON damaged and intact")
  func validationAgreesWithTheParser() throws {
    let failures = try WorkerPool.run { () -> [String] in
      var failures: [String] = []
      var quick = 0
      for index in 0..<Self.cases where failures.count < 5 {
        let seed = Self.baseSeed &+ 0x7A_11 &+ UInt64(index)
        var fuzzer = JSONFuzzer(seed: seed)
        let original = CanonicalJSON.encode(fuzzer.value(depth: 0))
        // Half intact (the one-pass check must take them), half damaged (it must not, or
        // must be right).
        let bytes = index % 2 == 0 ? original : fuzzer.damage(original, tokens: JSONFuzzer.jsonDamageTokens)
        let parsed = Result { () throws(InputError) in _ = try JSONParser.parse(bytes, file: "f.json") }
        let validated = Result { () throws(InputError) in try JSONParser.validate(bytes, file: "f.json") }
        let inOrder = bytes.withUnsafeBufferPointer { buffer in
          var reader = JSONParser.Reader(bytes: buffer, file: "f.json")
          return reader.acceptsInOrder()
        }
        if inOrder { quick += 1 }
        switch (parsed, validated) {
        case (.success, .success): break
        case (.failure(let expected), .failure(let got)) where expected == got: break
        default:
          failures.append("seed \(seed): parse \(parsed), validate \(validated): \(Self.show(bytes))")
        }
        // Keys with escapes or beyond ASCII go to the full reader; any other canonical
        // document must not.
        if bytes == original, !inOrder, !bytes.contains(where: { $0 >= 0x7F || $0 == 0x5C }) {
          failures.append("seed \(seed): canonical bytes not taken in one pass: \(Self.show(bytes))")
        }
        if inOrder, case .failure = parsed {
          failures.append("seed \(seed): the one-pass check accepted what the parser refuses")
        }
      }
      Self.report("validation: \(quick) of \(Self.cases) in one pass; failures \(failures.count)")
      return failures
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }

  // MARK: - YAML reader

  /// FOSMVVM-style translation files: the sample catalog's, a file near the edge of what
  /// translation files use, and every input of the FOSMVVM corpus (when it is beside the
  /// package), so damage lands on block scalars, flow collections, escapes and line breaks too.
  static let yamlSeeds: [[UInt8]] = {
    let directory = packageRoot.appendingPathComponent("Sources/SampleContracts/Localization")
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
      .filter { $0.hasSuffix(".yml") }.sorted()
    let files = names.compactMap { FileManager.default.contents(atPath: directory.appendingPathComponent($0).path) }
      .map { [UInt8]($0) }
    let extra = """
      ---
      # comment
      en:
        Card:
          title: 'single ''quoted'''
          detail: "double \\"quoted\\" \\u00e9 \\n"
          count: 3
          ratio: 0.5
          enabled: true
          items:
            - "one"
            - two
          block: |
            line one
            line two
          folded: >-
            folded
            text
          flow: [a, "b, c", {d: e}]
          empty:
          Nested:
            deeper:
              deepest: "x"   # trailing comment
      """
    let corpus = FOSMVVMCorpus.cases.flatMap { corpusCase in
      corpusCase.yamlFiles.compactMap { FileManager.default.contents(atPath: $0.url.path) }
    }.map { [UInt8]($0) }
    return files + [Array(extra.utf8), Array("en:\r\n  A:\r\n    b: \"c\"\r\n".utf8)] + corpus
  }()

  /// Where a YAML error's position is impossible for `bytes`: lines counted as libyaml counts
  /// them (CR LF, CR, LF, U+0085, U+2028, U+2029), columns from 1, the offset inside the file.
  static func yamlPositionProblem(_ error: InputError, in bytes: [UInt8]) -> String? {
    guard let line = error.line, let column = error.column, let offset = error.byteOffset else {
      return "error without line, column and byte offset: \(error)"
    }
    let lines = YAMLTestSupport.lineCount(bytes)
    guard line >= 1, column >= 1, line <= lines else {
      return "position \(line):\(column) outside \(lines) lines: \(error)"
    }
    guard offset >= 0, offset <= bytes.count else {
      return "byte offset \(offset) outside \(bytes.count) bytes: \(error)"
    }
    return nil
  }

  @Test("the YAML reader on damaged YAML reads it or throws a positioned error, never hangs")
  func damagedYAML() throws {
    #expect(Self.yamlSeeds.count >= 3)
    let failures = try WorkerPool.run { () -> [String] in
      var failures: [String] = []
      var accepted = 0
      var slowest: UInt64 = 0
      for index in 0..<Self.cases where failures.count < 5 {
        let seed = Self.baseSeed &+ UInt64(index)
        var fuzzer = JSONFuzzer(seed: seed)
        let original = Self.yamlSeeds[Int(fuzzer.next(below: UInt64(Self.yamlSeeds.count)))]
        let damaged = fuzzer.damage(original, tokens: JSONFuzzer.yamlDamageTokens)
        let started = threadCPUNanoseconds()
        do throws(InputError) {
          _ = try YAMLReader.read(damaged, file: "fuzz.yml")
          accepted += 1
        } catch {
          if let problem = Self.yamlPositionProblem(error, in: damaged) {
            failures.append("seed \(seed): \(problem) for \(Self.show(damaged))")
          }
        }
        // The store on top of the reader: reads or throws a positioned error, never traps.
        let text = String(decoding: damaged, as: UTF8.self)
        do throws(InputError) {
          let store = try LocalizationStore(files: [(name: "fuzz.yml", text: text)])
          for locale in store.locales {
            for key in store.keys(in: locale) {
              _ = store.resolve(key, along: FallbackChain(locale: locale, baseLocale: locale), expecting: .text)
            }
          }
        } catch {
          if let problem = Self.yamlPositionProblem(error, in: Array(text.utf8)) {
            failures.append("seed \(seed): store: \(problem)")
          }
        }
        let elapsed = threadCPUNanoseconds() - started
        slowest = max(slowest, elapsed)
        if elapsed > 2_000_000_000 {
          failures.append("seed \(seed): took over 2 s of CPU on \(damaged.count) bytes")
        }
      }
      // Damage is light enough that some inputs stay readable, and heavy enough that most don't.
      Self.report("YAML reader: accepted \(accepted), rejected with a position "
        + "\(Self.cases - accepted), slowest case \(slowest / 1000) µs of CPU; "
        + "failures \(failures.count)")
      if Self.cases >= 100, accepted == 0 || accepted == Self.cases {
        failures.append("accepted \(accepted) of \(Self.cases): the damage does not vary")
      }
      return failures
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }

  // MARK: - Helpers

  /// What is wrong with an error's position, or `nil` when it is a proper position:
  /// line ≥ 1 and column ≥ 1 within the input, and a byte offset inside it (or one past).
  static func positionProblem(_ error: InputError, in bytes: [UInt8]) -> String? {
    guard let line = error.line, let column = error.column else {
      return "error without line and column: \(error)"
    }
    let lines = bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
      + bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\r") ? 1 : 0) }
    guard line >= 1, column >= 1, line <= lines else {
      return "position \(line):\(column) outside \(lines) lines: \(error)"
    }
    if let offset = error.byteOffset, offset < 0 || offset > bytes.count {
      return "byte offset \(offset) outside \(bytes.count) bytes: \(error)"
    }
    return nil
  }

  /// Input bytes as a Swift string literal, for replaying a failure.
  static func show(_ bytes: [UInt8]) -> String {
    var text = "\""
    for byte in bytes.prefix(400) {
      switch byte {
      case UInt8(ascii: "\""): text += "\\\""
      case UInt8(ascii: "\\"): text += "\\\\"
      case UInt8(ascii: "\n"): text += "\\n"
      case 0x20..<0x7F: text.unicodeScalars.append(Unicode.Scalar(byte))
      default: text += "\\u{\(String(byte, radix: 16))}"
      }
    }
    return text + (bytes.count > 400 ? "…\" (\(bytes.count) bytes)" : "\"")
  }
}

/// Random JSON values, single mutations with the findings they must cause, and byte damage.
///
/// Keys never are `vmId`, so arrays are matched by index and every scalar's role is plain:
/// each mutation's expected finding is unambiguous.
struct JSONFuzzer {
  private var generator: SeededGenerator

  init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

  mutating func next(below bound: UInt64) -> UInt64 { generator.next(upperBound: bound) }
  private mutating func chance(_ percent: UInt64) -> Bool { next(below: 100) < percent }
  private mutating func pick<T>(_ items: [T]) -> T { items[Int(next(below: UInt64(items.count)))] }

  // MARK: Values

  static let keyPieces = ["a", "b", "title", "count", "x", "~", "/", "~1", "é", "日本", "😀",
                          " ", "id", "vmid", "VMID", "A", "0", "-", "\"", "\\", "\u{7F}", "\n"]
  static let stringPieces = ["", "a", "hello", " ", "é", "日本語", "😀", "\"", "\\", "/", "\n",
                             "\u{0}", "\u{1F}", "\u{2028}", "%{name}", "{", "<", "0"]

  mutating func key() -> String {
    (0..<Int(next(below: 3))).map { _ in pick(Self.keyPieces) }.joined()
  }

  mutating func string() -> String {
    (0..<Int(next(below: 4))).map { _ in pick(Self.stringPieces) }.joined()
  }

  mutating func number() -> JSONValue {
    switch next(below: 5) {
    case 0: .number(JSONNumber(Int(next(below: 10)) - 5))
    case 1: .number(JSONNumber(Int64(bitPattern: generator.next())))
    case 2: .number(JSONNumber(Double(Int(next(below: 2_000_000)) - 1_000_000) / 1000))
    case 3: .number(JSONNumber(Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF)))
    default: .number(JSONNumber(UInt64.max - next(below: 1000)))
    }
  }

  mutating func scalar() -> JSONValue {
    switch next(below: 4) {
    case 0: .null
    case 1: .bool(chance(50))
    case 2: number()
    default: .string(string())
    }
  }

  mutating func value(depth: Int) -> JSONValue {
    let containerChance: UInt64 = depth == 0 ? 90 : depth < 4 ? 45 : 0
    guard chance(containerChance) else { return scalar() }
    let count = Int(next(below: depth == 0 ? 7 : 5))
    if chance(60) {
      var members: [String: JSONValue] = [:]
      for _ in 0..<count {
        let name = key()
        guard name != "vmId" else { continue }
        members[name] = value(depth: depth + 1)
      }
      return .object(members)
    }
    return .array((0..<count).map { _ in value(depth: depth + 1) })
  }

  /// A value of a different JSON type than `value`, never null.
  mutating func differentType(from value: JSONValue) -> JSONValue {
    while true {
      let candidate: JSONValue = switch next(below: 5) {
      case 0: .bool(chance(50))
      case 1: number()
      case 2: .string(string())
      case 3: .array(chance(50) ? [] : [scalar()])
      default: .object(chance(50) ? [:] : ["k": scalar()])
      }
      if candidate.typeName != value.typeName { return candidate }
    }
  }

  // MARK: Mutations

  struct Mutation {
    var name: String
    var value: JSONValue
    var expected: [(kind: FindingKind, path: String)]
  }

  static let mutationNames = ["remove-key", "add-key", "rename", "type-change", "became-null",
                              "became-non-null", "number-change", "string-change", "bool-flip",
                              "append-element", "remove-last-element"]

  /// One random single mutation of `value` and the findings it must produce; `nil` when the
  /// chosen kind has no place to apply in this value.
  mutating func mutation(of value: JSONValue) -> Mutation? {
    var nodes: [(tokens: [Token], value: JSONValue)] = []
    Self.collect(value, tokens: [], into: &nodes)
    let name = pick(Self.mutationNames)
    func candidates(_ accept: (JSONValue) -> Bool) -> [(tokens: [Token], value: JSONValue)] {
      nodes.filter { accept($0.value) }
    }
    switch name {
    case "remove-key", "rename":
      let objects = candidates { if case .object(let m) = $0 { !m.isEmpty } else { false } }
      guard !objects.isEmpty else { return nil }
      let target = pick(objects)
      guard case .object(var members) = target.value else { return nil }
      let removed = pick(members.keys.sorted(by: codePointOrder))
      let old = members.removeValue(forKey: removed)
      var expected: [(FindingKind, String)] = [(.fieldRemoved, Self.pointer(target.tokens + [.key(removed)]))]
      if name == "rename" {
        let newName = removed + "Renamed"
        guard members[newName] == nil, newName != "vmId" else { return nil }
        members[newName] = old
        expected.append((.fieldAdded, Self.pointer(target.tokens + [.key(newName)])))
        // `{"a": {}}` is a raw-value-less enum case on the wire: renaming its one key is a
        // change of case, a value change of the whole object.
        if members.count == 1, old == .object([:]) {
          expected = [(.valueChanged, Self.pointer(target.tokens))]
        }
      }
      return Mutation(name: name, value: Self.replacing(target.tokens, in: value, with: .object(members)),
                      expected: expected)
    case "add-key":
      let objects = candidates { if case .object = $0 { true } else { false } }
      guard !objects.isEmpty else { return nil }
      let target = pick(objects)
      guard case .object(var members) = target.value else { return nil }
      let added = key() + "+"
      guard members[added] == nil else { return nil }
      members[added] = self.value(depth: 3)
      return Mutation(name: name, value: Self.replacing(target.tokens, in: value, with: .object(members)),
                      expected: [(.fieldAdded, Self.pointer(target.tokens + [.key(added)]))])
    case "type-change":
      let nonNull = nodes.filter { !$0.value.isNull }
      guard !nonNull.isEmpty else { return nil }
      let target = pick(nonNull)
      return Mutation(name: name,
                      value: Self.replacing(target.tokens, in: value, with: differentType(from: target.value)),
                      expected: [(.typeChanged, Self.pointer(target.tokens))])
    case "became-null":
      let nonNull = nodes.filter { !$0.value.isNull }
      guard !nonNull.isEmpty else { return nil }
      let target = pick(nonNull)
      return Mutation(name: name, value: Self.replacing(target.tokens, in: value, with: .null),
                      expected: [(.becameNull, Self.pointer(target.tokens))])
    case "became-non-null":
      let nulls = candidates(\.isNull)
      guard !nulls.isEmpty else { return nil }
      let target = pick(nulls)
      return Mutation(name: name,
                      value: Self.replacing(target.tokens, in: value, with: differentType(from: .null)),
                      expected: [(.becameNonNull, Self.pointer(target.tokens))])
    case "number-change", "string-change", "bool-flip":
      let scalars = candidates { node in
        switch (name, node) {
        case ("number-change", .number), ("string-change", .string), ("bool-flip", .bool): true
        default: false
        }
      }
      guard !scalars.isEmpty else { return nil }
      let target = pick(scalars)
      var replacement: JSONValue
      switch target.value {
      case .bool(let flag): replacement = .bool(!flag)
      case .string(let text): replacement = .string(text + pick(["x", "é", " ", "\n"]))
      default:
        repeat { replacement = number() } while replacement == target.value
      }
      return Mutation(name: name, value: Self.replacing(target.tokens, in: value, with: replacement),
                      expected: [(.valueChanged, Self.pointer(target.tokens))])
    case "append-element", "remove-last-element":
      let arrays = candidates { node in
        if case .array(let elements) = node { name == "append-element" || !elements.isEmpty } else { false }
      }
      guard !arrays.isEmpty else { return nil }
      let target = pick(arrays)
      guard case .array(var elements) = target.value else { return nil }
      let index: Int
      if name == "append-element" {
        index = elements.count
        elements.append(self.value(depth: 3))
      } else {
        index = elements.count - 1
        elements.removeLast()
      }
      return Mutation(name: name, value: Self.replacing(target.tokens, in: value, with: .array(elements)),
                      expected: [(.valueChanged, Self.pointer(target.tokens + [.index(index)]))])
    default:
      return nil
    }
  }

  enum Token {
    case key(String)
    case index(Int)
  }

  private static func collect(_ value: JSONValue, tokens: [Token],
                              into nodes: inout [(tokens: [Token], value: JSONValue)])
  {
    nodes.append((tokens, value))
    switch value {
    case .object(let members):
      for (name, member) in members { collect(member, tokens: tokens + [.key(name)], into: &nodes) }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        collect(element, tokens: tokens + [.index(index)], into: &nodes)
      }
    default:
      break
    }
  }

  private static func replacing(_ tokens: [Token], in value: JSONValue, with replacement: JSONValue)
    -> JSONValue
  {
    guard let first = tokens.first else { return replacement }
    let rest = Array(tokens.dropFirst())
    switch (first, value) {
    case (.key(let name), .object(var members)):
      members[name] = replacing(rest, in: members[name] ?? .null, with: replacement)
      return .object(members)
    case (.index(let index), .array(var elements)):
      elements[index] = replacing(rest, in: elements[index], with: replacement)
      return .array(elements)
    default:
      preconditionFailure("path does not fit the value")
    }
  }

  /// RFC 6901, written independently of `JSONPointer`.
  static func pointer(_ tokens: [Token]) -> String {
    tokens.map { token in
      switch token {
      case .index(let index): "/\(index)"
      case .key(let name):
        "/" + name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
      }
    }.joined()
  }

  // MARK: Damage

  static let jsonDamageTokens: [[UInt8]] = [
    ",", "}", "]", "{", "[", "\"", "\\", "\\u", "\\uD800", "\\uDC00\\uD800", "1e999", "-", "0",
    "01", "1.", ".5", "+1", "tru", "nul", "NaN", "'", "//", "/*", ":", "\n<<<<<<< HEAD\n",
    "\n=======\n", "\n>>>>>>> b\n", "\u{FEFF}", " ", "\t", "\r", "\"a\":1,", "\"\":",
  ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0x00], [0xEF, 0xBB, 0xBF]]

  static let yamlDamageTokens: [[UInt8]] = [
    "&anchor ", "*alias", "!tag ", "!!str ", "{", "}", "[", "]", "{a: b}", "---\n", "...\n",
    "\t", "  ", "    ", "\"", "'", "\\", ":", ": ", "- ", "-", "#", "|", ">", "|-\n", "%YAML 1.2\n",
    "@", "`", "\r", "\r\n", "\n", "\u{FEFF}", "? ", ",", "~", "null", "&", "*", "\\u", "\\x",
    "\\U0001F600", "\"\\uD800\"", "key: value\n", "  - item\n", "1e999", "0x1F", ".inf", "yes",
  ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0x00], [0xE2, 0x80, 0xA8]]

  /// `bytes` with one to three random kinds of damage: deleted ranges, inserted tokens,
  /// duplicated or swapped lines, changed indentation, truncation, replaced bytes.
  mutating func damage(_ bytes: [UInt8], tokens: [[UInt8]]) -> [UInt8] {
    var result = bytes
    for _ in 0...Int(next(below: 3)) {
      let position = result.isEmpty ? 0 : Int(next(below: UInt64(result.count + 1)))
      switch next(below: 7) {
      case 0 where !result.isEmpty:
        let end = min(result.count, position + 1 + Int(next(below: 12)))
        result.removeSubrange(min(position, end)..<end)
      case 1, 2:
        result.insert(contentsOf: pick(tokens), at: position)
      case 3:
        let lines = Self.lineRanges(result)
        guard let line = lines.isEmpty ? nil : pick(lines) else { continue }
        if chance(50) {
          result.insert(contentsOf: result[line], at: line.upperBound)
        } else {
          let other = pick(lines)
          guard other.lowerBound > line.upperBound else { continue }
          let first = Array(result[line])
          let second = Array(result[other])
          result.replaceSubrange(other, with: first)
          result.replaceSubrange(line, with: second)
        }
      case 4:
        let lines = Self.lineRanges(result)
        guard let line = lines.isEmpty ? nil : pick(lines) else { continue }
        if chance(50) {
          result.insert(contentsOf: Array(repeating: UInt8(ascii: " "), count: Int(next(below: 3)) + 1),
                        at: line.lowerBound)
        } else if result[line].first == UInt8(ascii: " ") {
          result.remove(at: line.lowerBound)
        }
      case 5:
        result = Array(result.prefix(position))
      default:
        if position < result.count { result[position] = UInt8(truncatingIfNeeded: generator.next()) }
      }
    }
    return result
  }

  /// Each line's byte range, its line break included.
  private static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      ranges.append(start..<index + 1)
      start = index + 1
    }
    if start < bytes.count { ranges.append(start..<bytes.count) }
    return ranges
  }
}
