/// Whether `lhs` sorts before `rhs` in Unicode code-point order, the one order of keys,
/// names and paths everywhere (canonical JSON, tree scans, reports).
///
/// UTF-8 byte order is code-point order. The bytes are compared with one `memcmp` where the
/// strings are contiguous, so keys sharing long prefixes (the path patterns in the
/// `contract.json` of a payload 1,000 levels deep) sort fast, even in debug builds.
package func codePointOrder(_ lhs: String, _ rhs: String) -> Bool {
  let fast = lhs.utf8.withContiguousStorageIfAvailable { left in
    rhs.utf8.withContiguousStorageIfAvailable { right in
      let common = min(left.count, right.count)
      if common > 0, let leftBytes = left.baseAddress, let rightBytes = right.baseAddress {
        let order = Platform.compareBytes(leftBytes, rightBytes, common)
        if order != 0 { return order < 0 }
      }
      return left.count < right.count
    }
  }
  if let fast, let fast { return fast }
  return lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
}

/// Whether two byte arrays are equal: one `memcmp`, where `==` on `[UInt8]` compares
/// element by element. Every case of every check ends in this comparison.
package func sameBytes(_ lhs: [UInt8]?, _ rhs: [UInt8]?) -> Bool {
  guard let lhs, let rhs else { return lhs == nil && rhs == nil }
  return sameBytes(lhs[...], rhs[...])
}

/// Whether two byte slices are equal: one `memcmp`.
package func sameBytes(_ lhs: ArraySlice<UInt8>, _ rhs: ArraySlice<UInt8>) -> Bool {
  guard lhs.count == rhs.count else { return false }
  return lhs.withUnsafeBytes { left in
    rhs.withUnsafeBytes { right in
      guard let leftBytes = left.baseAddress, let rightBytes = right.baseAddress else {
        return true
      }
      return Platform.compareBytes(leftBytes, rightBytes, left.count) == 0
    }
  }
}
