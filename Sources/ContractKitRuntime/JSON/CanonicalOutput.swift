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

  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
    (base + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  mutating func append(_ literal: StaticString) {
    append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  /// Appends a string's UTF-8 as it is.
  mutating func append(utf8 text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  /// Appends `width` spaces.
  mutating func appendSpaces(_ width: Int) {
    guard width > 0 else { return }
    if count + width > capacity { grow(toHold: count + width) }
    (base + count).initialize(repeating: UInt8(ascii: " "), count: width)
    count += width
  }

  private mutating func grow(toHold minimum: Int) {
    let newCapacity = max(minimum, capacity * 2)
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    grown.initialize(from: base, count: count)
    base.deallocate()
    base = grown
    capacity = newCapacity
  }
}
