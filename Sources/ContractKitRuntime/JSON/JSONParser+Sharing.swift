/// Parsing two nearly equal files (a baseline and its changed version) so that what they
/// share is held once.
///
/// A diff parses both files of every changed pair; a 100 MB payload with one changed value
/// would otherwise be two full trees. The second parse borrows from the first:
/// - **The common prefix.** Up to the last value whose first byte is within the bytes both
///   files begin with, the parser's state is the same in both; the second parse starts from
///   a copy of the first's state there, whose children are the first parse's values.
/// - **The common suffix.** From the first value that starts within the bytes both files end
///   with, the same bytes build the same values into the same open containers; the second
///   parse skips each such value and takes the first parse's instead.
///
/// Taken values are the first parse's storage (copy on write), so the second tree costs only
/// what differs, and comparing shared subtrees is an identity check. The result is exactly
/// what a plain ``JSONParser/parse(_:file:)`` gives, errors included.
extension JSONParser {
  /// What the first parse of a pair leaves for the second.
  package struct Donor {
    fileprivate let sharing: SharedParse
  }

  /// Parses `old`, preparing to share its values with the parse of `new`.
  /// - Returns: `old`'s value, and what ``parse(_:file:sharingWith:)`` of `new` takes.
  /// - Throws: ``InputError`` as ``parse(_:file:)`` does, for `old`.
  package static func parse(_ old: [UInt8], file: String, preparing new: [UInt8]) throws(InputError)
    -> (value: JSONValue, donor: Donor)
  {
    let sharing = SharedParse(old: old, new: new)
    let result = old.withUnsafeBufferPointer { buffer -> Result<JSONValue, InputError> in
      var reader = Reader(bytes: buffer, file: file)
      reader.sharing = sharing
      return run(&reader) { (reader) throws(InputError) in try reader.parseDocument() }
    }
    let value = try result.get()
    sharing.finishDonor(value)
    return (value, Donor(sharing: sharing))
  }

  /// Parses `new`, taking from `donor` what it shares with the file parsed before.
  /// - Throws: ``InputError`` as ``parse(_:file:)`` does, for `new`.
  package static func parse(_ new: [UInt8], file: String, sharingWith donor: Donor) throws(InputError)
    -> JSONValue
  {
    let sharing = donor.sharing
    sharing.role = .receiver
    let result = new.withUnsafeBufferPointer { buffer -> Result<JSONValue, InputError> in
      var reader = Reader(bytes: buffer, file: file)
      reader.sharing = sharing
      guard let resume = sharing.prefix else {
        return run(&reader) { (reader) throws(InputError) in try reader.parseDocument() }
      }
      // The state at `resume` is the donor's: the bytes before it are the same.
      reader.offset = resume.offset
      reader.frames = resume.frames
      reader.keys = resume.keys
      return run(&reader) { (reader) throws(InputError) in
        let root = try reader.parseValues()
        reader.skipWhitespace()
        if reader.offset < reader.bytes.count {
          throw reader.error(reader.specialReason(at: reader.offset)
            ?? "unexpected content after the JSON document", at: reader.offset)
        }
        return root
      }
    }
    return try result.get()
  }

  /// Runs `body` on `reader`, freeing its open containers iteratively when it throws.
  private static func run(
    _ reader: inout Reader, _ body: (inout Reader) throws(InputError) -> JSONValue
  ) -> Result<JSONValue, InputError> {
    do {
      return .success(try body(&reader))
    } catch {
      var pending: [JSONValue] = []
      while let frame = reader.frames.popLast() { pending += frame.elements }
      releaseIteratively(consume pending)
      return .failure(error)
    }
  }
}

/// The state two parses of a pair share: where the files agree, and what the first parse
/// left at those places.
final class SharedParse {
  enum Role { case donor, receiver }

  /// The parser's state at a value start within the common prefix.
  struct Resume {
    let offset: Int
    let frames: [JSONParser.Frame]
    let keys: [(key: String, offset: Int)]
  }

  /// One container open where the common suffix begins: what it is, where its child is.
  struct Level {
    package let isObject: Bool
    /// The key (objects) or index (arrays) of the child being read in it.
    let key: String?
    let index: Int
    /// The donor's finished container, once its parse is done.
    var container: JSONValue = .null
    /// The receiver's child count when it began taking children.
    var receiverBase = 0
    /// Where the receiver's key of the member being read was in its key stack then: that
    /// key was read before the suffix and may differ from the donor's (`key`).
    var receiverKey = 0
  }

  var role = Role.donor
  /// The last value start within the common prefix, in both files.
  let prefixOffset: Int?
  /// The first value start within the common suffix, in the donor and in the receiver.
  let suffixOffset: (donor: Int, receiver: Int)?
  /// The donor's state at ``prefixOffset``.
  private(set) var prefix: Resume?
  /// The containers open at the suffix's first value start, outermost first.
  private var levels: [Level]?
  /// Whether the receiver is taking the suffix's values.
  private(set) var active = false

  init(old: [UInt8], new: [UInt8]) {
    let common = ValueStarts.commonPrefix(old, new)
    let suffix = ValueStarts.commonSuffix(old, new, limit: min(old.count, new.count) - common)
    // The parser looks at the first byte of a value before it knows a value starts there
    // (`[` then `]` is an empty list): the prefix must hold that byte too.
    let starts = ValueStarts(old, lastAtOrBefore: common - 1, firstAtOrAfter: old.count - suffix)
    prefixOffset = starts.last.flatMap { $0 > 0 ? $0 : nil }
    suffixOffset = suffix > 0
      ? starts.first.map { ($0, $0 - (old.count - new.count)) } : nil
  }

  /// Takes the donor's finished value, to find the containers the suffix continues.
  func finishDonor(_ root: JSONValue) {
    guard var levels else { return }
    var current = root
    for index in levels.indices {
      levels[index].container = current
      let level = levels[index]
      guard index + 1 < levels.count else { break }
      switch current {
      case .object(let members): current = level.key.flatMap { members[$0] } ?? .null
      case .array(let elements) where elements.indices.contains(level.index):
        current = elements[level.index]
      default: current = .null
      }
    }
    self.levels = levels
  }

  /// At the donor's value start at ``prefixOffset`` or the suffix's: keeps the state there.
  fileprivate func donorValueStart(_ reader: JSONParser.Reader) {
    if reader.offset == prefixOffset {
      prefix = Resume(offset: reader.offset, frames: reader.frames, keys: reader.keys)
    }
    guard let suffixOffset, reader.offset == suffixOffset.donor else { return }
    levels = reader.frames.indices.map { index in
      let frame = reader.frames[index]
      // The key of the member being read: the last of this object's keys.
      let keyEnd = index + 1 < reader.frames.count
        ? reader.frames[index + 1].keyBase : reader.keys.count
      let key = frame.isObject && keyEnd > frame.keyBase ? reader.keys[keyEnd - 1].key : nil
      return Level(isObject: frame.isObject, key: key, index: frame.elements.count)
    }
  }

  /// At the receiver's value start: whether to begin taking the suffix's values.
  fileprivate func receiverValueStart(_ reader: inout JSONParser.Reader) {
    guard !active, let suffixOffset, reader.offset == suffixOffset.receiver,
      var levels, levels.count == reader.frames.count,
      zip(levels, reader.frames).allSatisfy({ $0.isObject == $1.isObject })
    else { return }
    for index in levels.indices {
      levels[index].receiverBase = reader.frames[index].elements.count
      levels[index].receiverKey = (index + 1 < reader.frames.count
        ? reader.frames[index + 1].keyBase : reader.keys.count) - 1
      reader.frames[index].sharesSuffix = true
    }
    self.levels = levels
    active = true
  }

  /// The donor's value for the receiver's value starting now in `reader`'s innermost
  /// container, when that container continues the suffix.
  fileprivate func donorValue(for reader: JSONParser.Reader) -> JSONValue? {
    guard active, let top = reader.frames.indices.last, reader.frames[top].sharesSuffix,
      let level = levels?[top]
    else { return nil }
    switch level.container {
    case .object(let members):
      // The member being read when the suffix began has the donor's key; later members'
      // keys were read in the suffix, the same in both files.
      let current = reader.keys.count - 1
      if current == level.receiverKey { return level.key.flatMap { members[$0] } }
      guard current > level.receiverKey else { return nil }
      return reader.keys.last.flatMap { members[$0.key] }
    case .array(let elements):
      let index = level.index + reader.frames[top].elements.count - level.receiverBase
      return elements.indices.contains(index) ? elements[index] : nil
    default:
      return nil
    }
  }
}

extension JSONParser.Reader {
  /// At a value start of one of a pair's parses: a value taken from the donor, with the
  /// cursor past its bytes, or `nil` to parse it.
  mutating func sharedValue() -> JSONValue? {
    guard let sharing else { return nil }
    switch sharing.role {
    case .donor:
      // Compared first: the state is looked at in two places only, not at every value.
      if offset == sharing.prefixOffset || offset == sharing.suffixOffset?.donor {
        sharing.donorValueStart(self)
      }
      return nil
    case .receiver:
      if !sharing.active {
        guard offset == sharing.suffixOffset?.receiver else { return nil }
        sharing.receiverValueStart(&self)
      }
      guard let value = sharing.donorValue(for: self) else { return nil }
      offset = ValueStarts.end(ofValueAt: offset, in: bytes)
      return value
    }
  }
}

/// A light scan of valid JSON: the byte offsets where values start, and where one ends.
struct ValueStarts {
  /// The last value start at or before the first offset, the first at or after the second.
  var last: Int?
  var first: Int?

  /// Scans `bytes` (which its own parse will validate) for value starts.
  init(_ bytes: [UInt8], lastAtOrBefore limit: Int, firstAtOrAfter start: Int) {
    var inArray: [Bool] = []
    var expectsValue = true
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 0x20, 0x0A, 0x0D, 0x09:
        index += 1
        continue
      default:
        break
      }
      if expectsValue {
        if index <= limit { last = index }
        if index >= start, first == nil { first = index }
        if index > limit, first != nil { return }
        expectsValue = false
      }
      switch byte {
      case JSONByte.quote:
        index = Self.endOfString(at: index, in: bytes)
        continue
      case UInt8(ascii: "["):
        inArray.append(true)
        expectsValue = true
      case UInt8(ascii: "{"):
        inArray.append(false)
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        _ = inArray.popLast()
      case UInt8(ascii: ":"):
        expectsValue = true
      case UInt8(ascii: ","):
        expectsValue = inArray.last ?? false
      default:
        break
      }
      index += 1
      // `[` followed by `]` opens no value: the next token decides.
      if expectsValue, byte == UInt8(ascii: "[") {
        var next = index
        while next < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[next]) { next += 1 }
        if next < bytes.count, bytes[next] == UInt8(ascii: "]") { expectsValue = false }
      }
    }
  }

  /// The offset just past the string whose opening quote is at `index`.
  static func endOfString<C: RandomAccessCollection<UInt8>>(at index: C.Index, in bytes: C)
    -> C.Index where C.Index == Int
  {
    var cursor = index + 1
    while cursor < bytes.endIndex {
      switch bytes[cursor] {
      case JSONByte.quote: return cursor + 1
      case UInt8(ascii: "\\"): cursor += 2
      default: cursor += 1
      }
    }
    return bytes.endIndex
  }

  /// The offset just past the valid JSON value that starts at `index`.
  static func end<C: RandomAccessCollection<UInt8>>(ofValueAt index: Int, in bytes: C) -> Int
    where C.Index == Int
  {
    var depth = 0
    var cursor = index
    while cursor < bytes.endIndex {
      switch bytes[cursor] {
      case JSONByte.quote:
        cursor = endOfString(at: cursor, in: bytes)
        if depth == 0 { return cursor }
        continue
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        if depth == 0 { return cursor }
        depth -= 1
        if depth == 0 { return cursor + 1 }
      case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09:
        if depth == 0 { return cursor }
      default:
        break
      }
      cursor += 1
    }
    return cursor
  }

  /// How many leading bytes `lhs` and `rhs` share.
  static func commonPrefix(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
    let count = min(lhs.count, rhs.count)
    var index = 0
    while index < count, lhs[index] == rhs[index] { index += 1 }
    return index
  }

  /// How many trailing bytes `lhs` and `rhs` share, at most `limit`.
  static func commonSuffix(_ lhs: [UInt8], _ rhs: [UInt8], limit: Int) -> Int {
    var count = 0
    while count < limit, lhs[lhs.count - 1 - count] == rhs[rhs.count - 1 - count] { count += 1 }
    return count
  }
}
