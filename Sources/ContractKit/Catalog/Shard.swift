import ContractKitRuntime

/// A deterministic slice of a catalog's contracts: `--shard 2/4` checks the second quarter.
///
/// Contracts are assigned by a stable hash of their name (FNV-1a), never by Swift's seeded
/// `Hasher`, so every machine of a CI matrix agrees on the split.
package struct Shard: Sendable, Hashable, CustomStringConvertible {
  /// 1-based.
  package let index: Int
  package let count: Int

  package init(index: Int, count: Int) throws(CatalogError) {
    guard count >= 1, (1...count).contains(index) else {
      throw .invalidDeclaration("shard \(index)/\(count) is not valid: use I/N with 1 ≤ I ≤ N")
    }
    self.index = index
    self.count = count
  }

  /// Parses `I/N`.
  package init(parsing text: String) throws(CatalogError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
      throw .invalidDeclaration("'\(text)' is not a shard: use I/N, like 2/4")
    }
    try self.init(index: index, count: count)
  }

  /// Whether the contract named `name` belongs to this shard.
  package func includes(_ name: String) -> Bool {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return Int(hash % UInt64(count)) == index - 1
  }

  /// Whether this shard reports findings about the store and tree as a whole.
  var ownsGlobalFindings: Bool { index == 1 }

  package var description: String { "\(index)/\(count)" }
}
