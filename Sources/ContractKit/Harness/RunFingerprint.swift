import ContractKitRuntime

/// The fingerprint of a sharded run: what every shard of one CI matrix shares, hashed, so
/// that `contracts merge` tells shards of one run from shards of another.
///
/// It covers what each shard sees whole: the shard count, the catalog (versions and which
/// is released, locales, contracts and their variants), the localization store (every key
/// and value), the tree's inventory (every path) and `Baselines.md`'s bytes. It covers no
/// machine-specific thing (absolute paths, times, process ids), so the machines of a matrix
/// agree. Two runs that differ only inside payload files the shards read separately are not
/// told apart: no shard reads them all.
struct RunFingerprint {
  private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

  /// The fingerprint of a run of `catalog` over `tree`, cut into `shardCount` shards.
  init(catalog: Catalog, tree: BaselineTree, document: [UInt8]?, shardCount: Int) {
    add("contractkit-run-1")
    add("shards \(shardCount)")
    for version in catalog.versions {
      add("version \(version) \(catalog.isReleased(version) ? "released" : "unreleased")")
    }
    add("locales " + catalog.locales.joined(separator: ","))
    for contract in catalog.contracts.sorted(by: { codePointOrder($0.name, $1.name) }) {
      add("contract \(contract.name) " + contract.variants.map(\.name).joined(separator: ","))
    }
    let store = catalog.store
    for locale in store.locales {
      for key in store.keys(in: locale) {
        let value = store.value(forKey: key, locale: locale).map { "\($0)" } ?? ""
        add("key \(locale) \(key) \(value)")
      }
    }
    for file in tree.files { add("file " + file.relativePath) }
    for folder in tree.metadata.map(\.metadataPath).sorted(by: codePointOrder) {
      add("metadata " + folder)
    }
    for file in tree.legacyFiles { add("legacy " + file) }
    if let document {
      add("document \(document.count)")
      add(bytes: document)
    } else {
      add("no document")
    }
  }

  /// Sixteen hexadecimal digits.
  var text: String {
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  private mutating func add(_ text: String) {
    add(bytes: Array(text.utf8) + [0])
  }

  /// FNV-1a, 64 bits: stable across platforms and runs, unlike Swift's seeded `Hasher`.
  private mutating func add(bytes: [UInt8]) {
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
  }
}
