import Foundation
import Testing

@testable import ContractKit
@testable import ContractKitRuntime

@Suite("Resolved keys")
struct ResolvedKeysTests {
  /// Keys written in some locales only, one of them a null (FOSMVVM writes nothing there),
  /// and more than 64 of them, so a set of them spans several words.
  static func store() throws -> LocalizationStore {
    let many = (0..<70).map { "  k\(String(format: "%03d", $0)): text \($0)" }
    return try LocalizationStore(files: [(name: "keys.yml", text: """
      en:
        Card:
          title: Card
          empty: ~
      \(many.joined(separator: "\n"))
      de:
        Card:
          subtitle: Karte

      """)])
  }

  @Test("Numbers every key some locale has a value for, in code-point order, and no other")
  func numbering() throws {
    let store = try Self.store()
    let keys = Set(store.locales.flatMap { store.keys(in: $0) }).sorted(by: codePointOrder)
    #expect(keys.count == 72)
    #expect(store.keyCount == 72)
    #expect(keys.map { store.keyNumber($0) } == keys.indices.map { $0 })
    #expect(store.keyNumber("Card.subtitle") == 0)
    #expect(store.keyNumber("k000") == 2)
    #expect(store.keyNumber("Card.empty") == nil)
    #expect(store.keyNumber("Card.missing") == nil)
    #expect(LocalizationStore.empty.keyCount == 0)
  }

  @Test("Holds what was inserted and unioned, across words, and never a key the store lacks")
  func membership() throws {
    let store = try Self.store()
    let all = Set(store.locales.flatMap { store.keys(in: $0) }).sorted(by: codePointOrder)
    var first = ResolvedKeys()
    first.insert("Card.title", of: store)
    first.insert("Card.missing", of: store)
    first.insert("Card.empty", of: store)
    var second = ResolvedKeys()
    second.insert("k069", of: store)
    second.insert("k000", of: store)
    #expect(all.filter { first.contains($0, of: store) } == ["Card.title"])
    #expect(!first.contains("Card.missing", of: store))
    #expect(!first.contains("Card.empty", of: store))
    // Shorter into longer and longer into shorter give the same set.
    var union = first
    union.formUnion(second)
    var reversed = second
    reversed.formUnion(first)
    #expect(all.filter { union.contains($0, of: store) } == ["Card.title", "k000", "k069"])
    #expect(all.filter { reversed.contains($0, of: store) } == ["Card.title", "k000", "k069"])
    #expect(all.filter { ResolvedKeys().contains($0, of: store) } == [])
  }

  @Test("Unused keys are the store's keys no insert named, in every locale that has them")
  func unused() throws {
    let store = try Self.store()
    var resolved = ResolvedKeys()
    for number in 0..<70 where number != 42 {
      resolved.insert("k\(String(format: "%03d", number))", of: store)
    }
    resolved.insert("Card.subtitle", of: store)
    let unused = StoreFindings.unresolvedKeys(store, resolved: resolved).map { "\($0.locale) \($0.key)" }
    #expect(unused == ["en Card.title", "en k042"])
  }
}
