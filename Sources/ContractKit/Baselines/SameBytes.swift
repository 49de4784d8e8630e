#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether two files' contents are equal: one `memcmp`, where `==` on `[UInt8]` compares
/// element by element. Every case of every check ends in this comparison.
func sameBytes(_ lhs: [UInt8]?, _ rhs: [UInt8]?) -> Bool {
  guard let lhs, let rhs else { return lhs == nil && rhs == nil }
  guard lhs.count == rhs.count else { return false }
  guard !lhs.isEmpty else { return true }
  return lhs.withUnsafeBufferPointer { left in
    rhs.withUnsafeBufferPointer { right in
      memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
    }
  }
}
