extension JSONParser {
  /// Checks that `bytes` are one JSON document the parser accepts, building none of it.
  ///
  /// For files whose bytes two trees share: nothing compares them, but a file corrupt in
  /// both is still unusable input, with the same error and position ``parse(_:file:)``
  /// gives. A canonical file is accepted in one pass that builds nothing
  /// (``Reader/acceptsInOrder()``); any other runs the parser's own reader, without the
  /// containers (its dictionaries and arrays are most of a parse's cost), so every rule and
  /// every message is the parser's own.
  /// `file` is spelled only for the full reader, which may have a message to give.
  /// - Throws: ``InputError`` as ``parse(_:file:)`` does.
  package static func validate(_ bytes: [UInt8], file: @autoclosure () -> String)
    throws(InputError)
  {
    let result = bytes.withUnsafeBufferPointer { buffer -> Result<Void, InputError> in
      // The one pass answers yes or no, naming no file.
      var quick = Reader(bytes: buffer, file: "")
      if quick.acceptsInOrder() { return .success(()) }
      var reader = Reader(bytes: buffer, file: file())
      reader.keepsValues = false
      return Result { () throws(InputError) in _ = try reader.parseDocument() }
    }
    try result.get()
  }
}

extension JSONParser.Reader {
  /// Whether the document is one the parser certainly accepts, decided in one pass that
  /// keeps no key and builds no value: `true` only when every object's keys are plain ASCII
  /// without escapes in strictly ascending byte order, as canonical JSON writes them, so no
  /// key can be another's duplicate under any equality, and containers nest at most
  /// ``acceptedDepth`` deep. Plain ASCII strings are read in place, as the parser's string
  /// scanner reads them; every other string, number and literal goes through the parser's
  /// own scanners. `false` says nothing about the document: the full reader then decides,
  /// with its own message.
  mutating func acceptsInOrder() -> Bool {
    let bytes = self.bytes
    let count = bytes.count
    if count == 0 || startsWithByteOrderMark { return false }
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * Self.acceptedDepth) {
      stack -> Bool in
      // Two slots per open container: an array's first is -1; an object's are where its
      // last key's bytes start and end (-2 before its first key).
      var depth = 0
      var index = 0
      value: while true {
        index = Self.skippingWhitespace(bytes, from: index)
        guard index < count else { return false }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          let opensObject = byte == UInt8(ascii: "{")
          index = Self.skippingLineBreak(bytes, from: index + 1)
          let close = opensObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
          if index < count, bytes[index] == close {
            index += 1
          } else {
            guard depth < Self.acceptedDepth else { return false }
            stack[2 * depth] = opensObject ? -2 : -1
            depth += 1
            if opensObject {
              index = Self.keyInOrder(bytes, at: index, slot: 2 * (depth - 1), in: stack)
              guard index >= 0 else { return false }
            }
            continue value
          }
        case JSONByte.quote:
          let end = Self.endOfPlainRun(bytes, from: index + 1)
          if end < count, bytes[end] == JSONByte.quote {
            index = end + 1
          } else {
            offset = index
            guard (try? scanString()) != nil else { return false }
            index = offset
          }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          offset = index
          guard let number = try? scanNumber() else { return false }
          if number.plainDigits == nil, (try? spell(number.range)) == nil { return false }
          index = offset
        default:
          offset = index
          guard (try? readLiteral()) != nil else { return false }
          index = offset
        }
        // A value ended: close every container that ends after it.
        while depth > 0 {
          index = Self.skippingLineBreak(bytes, from: index)
          guard index < count else { return false }
          let slot = 2 * (depth - 1)
          let inObject = stack[slot] != -1
          let byte = bytes[index]
          index += 1
          if byte == UInt8(ascii: ",") {
            if inObject {
              index = Self.keyInOrder(bytes, at: index, slot: slot, in: stack)
              guard index >= 0 else { return false }
            } else {
              index = Self.skippingLineBreak(bytes, from: index)
            }
            continue value
          }
          guard byte == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return false }
          depth -= 1
        }
        offset = Self.skippingWhitespace(bytes, from: index)
        return offset == count
      }
    }
  }

  /// The deepest nesting ``acceptsInOrder()`` follows; a deeper document is left to the full
  /// reader (whose own limit is ``JSONParser/maximumDepth``).
  static let acceptedDepth = 64

  /// Reads `"key" :` from `index` (whitespace first) when the key is plain ASCII with no
  /// escape and comes after the object's last key (in `stack` at `slot`) in byte order, and
  /// makes it the last; the index after the colon, or -1 for any other key.
  @inline(__always)
  private static func keyInOrder(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, slot: Int,
                                 in stack: UnsafeMutableBufferPointer<Int>) -> Int
  {
    let count = bytes.count
    let quote = skippingLineBreak(bytes, from: index)
    guard quote < count, bytes[quote] == JSONByte.quote else { return -1 }
    let start = quote + 1
    let end = endOfPlainRun(bytes, from: start)
    guard end < count, bytes[end] == JSONByte.quote else { return -1 }
    let previous = stack[slot]
    if previous >= 0, !precedes(previous..<stack[slot + 1], start..<end, in: bytes) { return -1 }
    stack[slot] = start
    stack[slot + 1] = end
    let colon = skippingWhitespace(bytes, from: end + 1)
    guard colon < count, bytes[colon] == UInt8(ascii: ":") else { return -1 }
    return colon + 1
  }

  /// Whether the bytes at `first` sort strictly before those at `second`.
  @inline(__always)
  private static func precedes(
    _ first: Range<Int>, _ second: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    let common = min(first.count, second.count)
    var step = 0
    while step < common {
      let (left, right) = (bytes[first.lowerBound + step], bytes[second.lowerBound + step])
      if left != right { return left < right }
      step += 1
    }
    return first.count < second.count
  }
}
