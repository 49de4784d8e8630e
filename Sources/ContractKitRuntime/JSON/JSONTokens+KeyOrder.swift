extension JSONTokens {
  // MARK: - Members in code-point order

  /// Sorts the key token indices `keys` (one object's) into code-point order, the order
  /// canonical JSON writes members in, and says whether two of them are the same key: an
  /// object the parser refuses.
  ///
  /// Keys are plain ASCII, so their bytes are their code points. Each key is compared by its
  /// first eight bytes read as one big-endian number, padded with zeros, which orders them as
  /// their bytes do (a key that is a prefix of another sorts first); only keys whose first
  /// eight bytes agree are compared in full. An object of a few members is sorted by
  /// insertion, larger ones by the standard library.
  func sortKeys(_ keys: UnsafeMutableBufferPointer<Int32>) -> Bool {
    let count = keys.count
    guard count > 1 else { return false }
    return withUnsafeTemporaryAllocation(of: SortKey.self, capacity: count) { sorted in
      tokens.withUnsafeBufferPointer { list in
        source.withUnsafeBytes { source in
          for position in 0..<count {
            let token = list[Int(keys[position])]
            let length = min(token.count, 8)
            var prefix: UInt64 = 0
            if token.start + 8 <= source.count {
              // One load, the bytes after the key's first eight (or after the key) cleared.
              let word = source.loadUnaligned(fromByteOffset: token.start, as: UInt64.self)
              prefix = UInt64(bigEndian: word) & ~(UInt64.max >> (8 * length))
            } else {
              for offset in 0..<length {
                prefix |= UInt64(source[token.start + offset]) &<< (56 - 8 * offset)
              }
            }
            sorted.initializeElement(at: position, to: SortKey(prefix: prefix, key: keys[position]))
          }
        }
      }
      let precedes = { (lhs: SortKey, rhs: SortKey) -> Bool in
        lhs.prefix != rhs.prefix
          ? lhs.prefix < rhs.prefix : self.keyPrecedes(Int(lhs.key), Int(rhs.key))
      }
      if count <= Self.insertionSortLimit {
        for position in 1..<count {
          let moving = sorted[position]
          var slot = position
          while slot > 0, precedes(moving, sorted[slot - 1]) {
            sorted[slot] = sorted[slot - 1]
            slot -= 1
          }
          sorted[slot] = moving
        }
      } else {
        var all = sorted
        all.sort(by: precedes)
      }
      var repeats = false
      for position in 0..<count {
        keys[position] = sorted[position].key
        if position > 0, sorted[position - 1].prefix == sorted[position].prefix,
          sameKey(Int(sorted[position - 1].key), Int(sorted[position].key))
        {
          repeats = true
        }
      }
      return repeats
    }
  }

  /// Members up to which ``sortKeys(_:)`` sorts by insertion.
  private static let insertionSortLimit = 16

  /// A key token and its first eight bytes as a number.
  private struct SortKey {
    let prefix: UInt64
    let key: Int32
  }

  /// Whether the key at token `lhs` sorts before the key at token `rhs`, byte by byte.
  private func keyPrecedes(_ lhs: Int, _ rhs: Int) -> Bool {
    let (left, right) = (tokens[lhs], tokens[rhs])
    return source.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return false }
      let order = Platform.compareBytes(base + left.start, base + right.start,
                                        min(left.count, right.count))
      return order != 0 ? order < 0 : left.count < right.count
    }
  }

  /// Whether the keys at tokens `lhs` and `rhs` are the same.
  private func sameKey(_ lhs: Int, _ rhs: Int) -> Bool {
    let (left, right) = (tokens[lhs], tokens[rhs])
    guard left.count == right.count else { return false }
    return source.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return false }
      return Platform.compareBytes(base + left.start, base + right.start, left.count) == 0
    }
  }
}
