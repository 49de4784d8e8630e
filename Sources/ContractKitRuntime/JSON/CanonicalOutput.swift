/// The bytes the canonical writer produces, in a buffer it grows itself.
///
/// Appending to an `[UInt8]` one byte at a time checks the array's uniqueness and capacity
/// on every call, a function call each time through an `inout` parameter: a third of
/// writing canonical JSON. This buffer checks capacity alone, inline.
package struct CanonicalOutput: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// Bytes written so far.
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// The bytes written, as an array; the buffer is gone.
  consuming func bytes() -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      if let target = buffer.baseAddress { target.update(from: base, count: count) }
      initialized = count
    }
  }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    if count == capacity { grow(toHold: count + 1) }
    base[count] = byte
    count += 1
  }

  /// Appends `bytes`; a short run (a key, a word, most texts) byte by byte, where a call
  /// to `memmove` cost more than the copy.
  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
    if bytes.count <= Self.shortRun {
      for offset in 0..<bytes.count { base[count + offset] = source[offset] }
    } else {
      (base + count).update(from: source, count: bytes.count)
    }
    count += bytes.count
  }

  /// Appends the bytes of `source` in `range`. A run of up to sixteen bytes with sixteen
  /// readable from its start is moved as two words (the buffer keeps room for the
  /// overshoot, which later bytes overwrite): the keys and texts of a payload, mostly.
  @inline(__always)
  mutating func append(_ range: Range<Int>, of source: UnsafeBufferPointer<UInt8>) {
    guard range.count <= 16, range.lowerBound + 16 <= source.count,
      let start = UnsafeRawPointer(source.baseAddress)
    else {
      append(UnsafeBufferPointer(rebasing: source[range]))
      return
    }
    if count + 16 > capacity { grow(toHold: count + 16) }
    let from = start + range.lowerBound
    let target = UnsafeMutableRawPointer(base + count)
    target.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
    target.storeBytes(of: from.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                      toByteOffset: 8, as: UInt64.self)
    count += range.count
  }

  @inline(__always)
  mutating func append(_ literal: StaticString) {
    append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  /// Appends a string's UTF-8 as it is.
  mutating func append(utf8 text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  /// Appends `width` spaces, eight at a time (the buffer keeps room for the last eight's
  /// overshoot, which later bytes overwrite).
  @inline(__always)
  mutating func appendSpaces(_ width: Int) {
    guard width > 0 else { return }
    if count + width + 8 > capacity { grow(toHold: count + width + 8) }
    let spaces: UInt64 = 0x2020_2020_2020_2020
    var offset = 0
    while offset < width {
      UnsafeMutableRawPointer(base + count + offset).storeBytes(of: spaces, as: UInt64.self)
      offset += 8
    }
    count += width
  }

  /// Runs up to this long are copied byte by byte.
  private static let shortRun = 16

  private mutating func grow(toHold minimum: Int) {
    let newCapacity = max(minimum, capacity * 2)
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    grown.initialize(from: base, count: count)
    base.deallocate()
    base = grown
    capacity = newCapacity
  }
}
