import Foundation

/// The strict RFC 8259 reader for committed baselines: it accepts exactly one JSON document
/// and rejects everything else with the line, column and byte offset of the first problem.
///
/// Beyond the grammar it refuses what would make a baseline mean something other than what
/// its bytes say: invalid UTF-8, a byte-order mark, duplicate keys (including keys that differ
/// only in Unicode normalization, which a `[String: JSONValue]` cannot hold apart), lone
/// surrogates in `\u` escapes, numbers outside `Double`'s range and git merge-conflict
/// markers. Nesting deeper than ``maximumDepth`` is an error; the reader is iterative, so
/// any depth up to that is safe on a 512 KiB thread stack.
///
/// Positions in errors: lines and columns are 1-based, columns count Unicode scalars, lines end
/// at `\n`, `\r\n` or a lone `\r`, and the byte offset is 0-based. An error about a construct
/// points at its first byte (an escape's backslash, a number's leading zero, a duplicate's
/// opening quote, a trailing comma); an unexpected end of file points one past the last byte.
///
/// ```swift
/// do {
///   _ = try JSONParser.parse(Array("{\"a\": 1,}".utf8), file: "en.json")
/// } catch {
///   print(error)
/// }
/// ```
/// Prints: `en.json:1:8: trailing comma before '}' (byte offset 7)`
package enum JSONParser {
  /// The deepest nesting of arrays and objects a document may have.
  static let maximumDepth = 10_000

  /// Parses one JSON document from its bytes; `file` names the file in errors.
  package static func parse(
    _ bytes: some Collection<UInt8>, file: String
  ) throws(InputError) -> JSONValue {
    let result =
      bytes.withContiguousStorageIfAvailable { parse(buffer: $0, file: file) }
      ?? Array(bytes).withUnsafeBufferPointer { parse(buffer: $0, file: file) }
    return try result.get()
  }

  /// Reads and parses the JSON file at `path`; the path names the file in errors.
  package static func parse(contentsOf path: String) throws(InputError) -> JSONValue {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw InputError(file: path, reason: "no such file")
    }
    guard !isDirectory.boolValue else {
      throw InputError(file: path, reason: "this is a directory, not a JSON file")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw InputError(file: path, reason: "the file cannot be read")
    }
    return try parse(data, file: path)
  }

  /// Parses `buffer`, returning the error instead of throwing it through closures.
  private static func parse(
    buffer: UnsafeBufferPointer<UInt8>, file: String
  ) -> Result<JSONValue, InputError> {
    var reader = Reader(bytes: buffer, file: file)
    do {
      return .success(try reader.parseDocument())
    } catch {
      // The open containers may hold deep values; free them without recursing.
      var pending: [JSONValue] = []
      while let frame = reader.frames.popLast() { pending += frame.elements }
      releaseIteratively(consume pending)
      return .failure(error)
    }
  }

  /// Frees `values` one nesting level at a time.
  ///
  /// `JSONValue`'s own deinit (like its `==` and `hash`) recurses once per level, which a
  /// few thousand levels can overflow on a 512 KiB thread stack. Pass uniquely owned values
  /// (`[consume value]`); a level still referenced elsewhere is freed later by its owner.
  static func releaseIteratively(_ values: consuming [JSONValue]) {
    var pending = consume values
    while let next = pending.popLast() {
      switch next {
      case .array(let elements): pending += elements
      case .object(let members): pending += members.values
      default: break
      }
    }
  }
}

extension JSONParser {
  /// An array or object whose closing bracket has not been read yet.
  ///
  /// An object's members are kept as two parallel lists, its keys in ``Reader/keys`` from
  /// `keyBase` and its values in `elements`, and become a dictionary in one go, at the exact
  /// capacity, when the object closes.
  struct Frame {
    package let isObject: Bool
    /// Where this object's keys start in ``Reader/keys``.
    let keyBase: Int
    /// The array's elements, or the object's values in key order.
    var elements: [JSONValue] = []
    /// The object's keys, once it has ``Reader/linearKeySearchLimit`` of them or more.
    var keySet: Set<String>?
    /// Whether the rest of this container's children are taken from an earlier parse of
    /// the same bytes (`JSONParser+Sharing.swift`).
    var sharesSuffix = false
  }

  /// The parser's state over one document: a cursor, an explicit stack of open containers and
  /// the keys of the open objects with their offsets, for duplicate reports.
  struct Reader {
    package let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    var offset = 0
    var frames: [Frame] = []
    /// The keys read so far in every open object, innermost object last; the last entry is
    /// the key whose value is being read.
    var keys: [(key: String, offset: Int)] = []
    /// Up to this many keys, an object finds duplicates by comparing with each earlier key,
    /// which is faster than hashing for the small objects most payloads are made of.
    static let linearKeySearchLimit = 16
    /// Reused storage for strings with escapes.
    var scratch: [UInt8] = []
    /// The other parse of a pair of nearly equal files, when this is one of them.
    var sharing: SharedParse?
    /// `false` checks the document without building its containers (``validate(_:file:)``).
    var keepsValues = true

    init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
      self.bytes = bytes
      self.file = file
    }

    /// Whether the bytes start with UTF-8's byte-order mark, which no baseline may.
    var startsWithByteOrderMark: Bool {
      bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// Parses the whole buffer as one document.
    mutating func parseDocument() throws(InputError) -> JSONValue {
      if bytes.isEmpty { throw error("the file is empty", at: 0) }
      if startsWithByteOrderMark {
        throw error("byte-order mark at the start of the file; baselines are UTF-8 without BOM",
                    at: 0)
      }
      skipWhitespace()
      if offset == bytes.count { throw error("the file contains only whitespace", at: offset) }
      let root = try parseValues()
      skipWhitespace()
      if offset < bytes.count {
        throw error(specialReason(at: offset) ?? "unexpected content after the JSON document",
                    at: offset)
      }
      return root
    }

    /// Reads one value and, iteratively, everything nested in it.
    mutating func parseValues() throws(InputError) -> JSONValue {
      var value: JSONValue
      parsing: while true {
        // A value starts here.
        skipWhitespace()
        guard offset < bytes.count else { throw endOfFile() }
        if sharing != nil, let shared = sharedValue() {
          value = shared
        } else {
          switch bytes[offset] {
          case UInt8(ascii: "{"):
            let open = offset
            offset += 1
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
              offset += 1
              value = .object([:])
            } else {
              try push(isObject: true, at: open)
              try readKey()
              continue parsing
            }
          case UInt8(ascii: "["):
            let open = offset
            offset += 1
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
              offset += 1
              value = .array([])
            } else {
              try push(isObject: false, at: open)
              continue parsing
            }
          case JSONByte.quote:
            value = .string(try readString(building: keepsValues))
          case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            value = .number(try readNumber())
          default:
            value = try readLiteral()
          }
        }
        // `value` is complete: add it to its container, closing every container that ends.
        while let top = frames.indices.last {
          if keepsValues { frames[top].elements.append(value) }
          skipWhitespace()
          guard offset < bytes.count else { throw endOfFile() }
          let byte = bytes[offset]
          if byte == UInt8(ascii: ",") {
            let comma = offset
            offset += 1
            skipWhitespace()
            let close: Unicode.Scalar = frames[top].isObject ? "}" : "]"
            if offset < bytes.count, bytes[offset] == UInt8(ascii: close) {
              throw error("trailing comma before '\(close)'", at: comma)
            }
            if frames[top].isObject { try readKey() }
            continue parsing
          }
          if frames[top].isObject, byte == UInt8(ascii: "}") {
            offset += 1
            value = .object(closeObject())
          } else if !frames[top].isObject, byte == UInt8(ascii: "]") {
            offset += 1
            value = .array(frames.removeLast().elements)
          } else {
            throw unexpected(
              expected: frames[top].isObject
                ? "',' or '}' after an object member" : "',' or ']' after an array element")
          }
        }
        return value
      }
    }

    /// Opens a container whose bracket is at `open`.
    private mutating func push(isObject: Bool, at open: Int) throws(InputError) {
      guard frames.count < JSONParser.maximumDepth else {
        throw error("nesting is deeper than \(JSONParser.maximumDepth) levels", at: open)
      }
      frames.append(Frame(isObject: isObject, keyBase: keys.count))
    }

    /// Pops the innermost frame, an object, and returns its members.
    private mutating func closeObject() -> [String: JSONValue] {
      let frame = frames.removeLast()
      var members = [String: JSONValue](minimumCapacity: frame.elements.count)
      for (index, value) in frame.elements.enumerated() {
        members[keys[frame.keyBase + index].key] = value
      }
      keys.removeSubrange(frame.keyBase...)
      return members
    }

    /// Reads `"key" :` in the innermost object and records the key, refusing duplicates.
    private mutating func readKey() throws(InputError) {
      skipWhitespace()
      guard offset < bytes.count else { throw endOfFile() }
      let byte = bytes[offset]
      guard byte == JSONByte.quote else {
        if specialReason(at: offset) == nil, Self.isWordByte(byte) {
          throw error("object keys must be double-quoted strings", at: offset)
        }
        throw unexpected(expected: "a double-quoted key")
      }
      let keyOffset = offset
      let key = try readString()
      if let first = firstOccurrence(of: key) {
        throw duplicate(key, at: keyOffset, matching: first)
      }
      keys.append((key, keyOffset))
      skipWhitespace()
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
        throw unexpected(expected: "':' after the key \(CanonicalJSON.quoted(key))")
      }
      offset += 1
    }

    /// The earlier key equal to `key` in the innermost object, if there is one.
    ///
    /// Equality is `String`'s, canonical equivalence, the same that the object's dictionary
    /// will use, so keys differing only in Unicode normalization are duplicates too.
    private mutating func firstOccurrence(of key: String) -> (key: String, offset: Int)? {
      let top = frames.count - 1
      let earlier = keys[frames[top].keyBase...]
      if earlier.count < Self.linearKeySearchLimit {
        return earlier.first { $0.key == key }
      }
      if frames[top].keySet == nil { frames[top].keySet = Set(earlier.lazy.map(\.key)) }
      guard frames[top].keySet?.insert(key).inserted == false else { return nil }
      return earlier.first { $0.key == key }
    }

    /// The error for `key` at `keyOffset`, equal to the earlier key `first`.
    private func duplicate(
      _ key: String, at keyOffset: Int, matching first: (key: String, offset: Int)
    ) -> InputError {
      let (line, column) = location(of: first.offset)
      var reason = "duplicate key \(CanonicalJSON.quoted(key)) (first at line \(line), "
        + "column \(column))"
      if !first.key.utf8.elementsEqual(key.utf8) {
        reason += "; the two spellings differ only in Unicode normalization"
      }
      return error(reason, at: keyOffset)
    }

    /// Moves the cursor past JSON whitespace: space, tab, line feed and carriage return.
    @inline(__always)
    mutating func skipWhitespace() {
      offset = Self.skippingWhitespace(bytes, from: offset)
    }

    /// The index of the first byte from `index` on that is not JSON whitespace.
    @inline(__always)
    static func skippingWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int)
      -> Int
    {
      var index = index
      while index < bytes.count {
        switch bytes[index] {
        case 0x20, 0x0A, 0x0D, 0x09: index += 1
        default: return index
        }
      }
      return index
    }

    /// ``skippingWhitespace(_:from:)`` where a pretty-printed document breaks its line: a
    /// line feed and the next line's indentation, whose spaces are taken eight at a time
    /// while eight remain. Any other run is skipped byte by byte, as most runs (one space
    /// after a colon) are shorter than a word.
    @inline(__always)
    static func skippingLineBreak(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
      var index = index
      if index < bytes.count, bytes[index] == 0x0A, let base = UnsafeRawPointer(bytes.baseAddress) {
        index += 1
        while index + 8 <= bytes.count {
          let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
          let others = word ^ 0x2020_2020_2020_2020
          if others != 0 {
            index += others.trailingZeroBitCount / 8
            break
          }
          index += 8
        }
      }
      return skippingWhitespace(bytes, from: index)
    }
  }
}
