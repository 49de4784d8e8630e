/// Whether two of `ranges` of `buffer` hold the same bytes: the ranges sorted by length,
/// then by bytes, and neighbours compared, with no `String` made or hashed. `ranges` is left
/// sorted.
///
/// Which identities of a payload repeat is asked of nearly every payload of a check, of a
/// few dozen short texts each; hashing a `String` for each into a growing `Set` cost ten
/// times what these comparisons do.
package func holdsRepeat(_ ranges: inout [Range<Int>], in buffer: UnsafeBufferPointer<UInt8>)
  -> Bool
{
  guard ranges.count > 1, let base = buffer.baseAddress else { return false }
  func order(_ lhs: Range<Int>, _ rhs: Range<Int>) -> Int32 {
    lhs.count != rhs.count
      ? (lhs.count < rhs.count ? -1 : 1)
      : Platform.compareBytes(base + lhs.lowerBound, base + rhs.lowerBound, lhs.count)
  }
  ranges.sort { order($0, $1) < 0 }
  return ranges.indices.dropFirst().contains { order(ranges[$0 - 1], ranges[$0]) == 0 }
}
