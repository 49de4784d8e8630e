import Foundation
import Testing
@testable import ContractKitRuntime

/// The formatters' memory of what they spelled: it gives back exactly what was stored for an
/// equal key, never a neighbour's text, and forgets whole generations to stay bounded.
@Suite("Encoding: spelling memory")
struct SpellingMemoryTests {
  /// A key whose bits are chosen by the test: equal bits for unequal keys make them collide.
  struct Key: SpellingKey {
    let value: Int
    let bits: UInt64
    var spellingBits: UInt64 { bits }
  }

  @Test("keys that all share one slot are each found with their own text; an absent one is not")
  func collisions() {
    var memory = SpellingMemory<Key>()
    let count = SpellingMemory<Key>.capacity - 1
    for value in 0..<count { memory[Key(value: value, bits: 7)] = "text \(value)" }
    for value in 0..<count { #expect(memory[Key(value: value, bits: 7)] == "text \(value)") }
    #expect(memory[Key(value: count, bits: 7)] == nil)
    #expect(memory[Key(value: 0, bits: 8)] == nil)
  }

  @Test("storing an equal key again replaces its text; storing nil changes nothing")
  func replacing() {
    var memory = SpellingMemory<Key>()
    memory[Key(value: 1, bits: 1)] = "first"
    memory[Key(value: 1, bits: 1)] = "second"
    memory[Key(value: 1, bits: 1)] = nil
    #expect(memory[Key(value: 1, bits: 1)] == "second")
  }

  @Test("two generations of capacity entries: the oldest generation is forgotten as a whole")
  func generations() {
    var memory = SpellingMemory<UInt64>()
    let capacity = UInt64(SpellingMemory<UInt64>.capacity)
    // Keys 0..<capacity fill the first generation; key `capacity` starts the second, and key
    // `2 * capacity` the third, which drops the first.
    for key in 0...(2 * capacity) { memory[key] = "\(key)" }
    #expect((0..<capacity).allSatisfy { memory[$0] == nil })
    #expect((capacity...(2 * capacity)).allSatisfy { memory[$0] == "\($0)" })
  }

  @Test("a remembering number formatter spells as a fresh NumberFormatter does, grouping and sign apart")
  func numbers() {
    let formatter = ReusableNumberFormatter(
      locale: Locale(identifier: "en"), style: .decimal, fractionDigits: nil)
    let fresh = NumberFormatter()
    fresh.locale = Locale(identifier: "en")
    fresh.numberStyle = .decimal
    let numbers = [NSNumber(value: 1_234_567), NSNumber(value: 1_234_567.0),
                   NSNumber(value: 0.0), NSNumber(value: -0.0), NSNumber(value: 2.5)]
    for grouped in [true, false, true] {
      formatter.usesGroupingSeparator = grouped
      fresh.usesGroupingSeparator = grouped
      for number in numbers + numbers {
        #expect(formatter.string(from: number) == fresh.string(from: number))
      }
    }
    formatter.usesGroupingSeparator = true
    #expect(formatter.string(from: NSNumber(value: 1_234_567)) == "1,234,567")
    formatter.usesGroupingSeparator = false
    #expect(formatter.string(from: NSNumber(value: 1_234_567)) == "1234567")
  }
}
