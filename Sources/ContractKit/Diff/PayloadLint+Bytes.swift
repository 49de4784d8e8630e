import ContractKitRuntime

/// What a payload's canonical bytes show without being parsed: enough to know that the
/// walks over its value (the lint, random identities, `fsh` redactions) would find nothing,
/// which is what nearly every payload gives them.
///
/// Every answer errs on the safe side: `true` may be a false alarm (a `%{` inside a key, two
/// equal ids in different arrays), after which the walks run on the value and decide; `false`
/// is certain. The bytes must be canonical (``CanonicalJSON``): members as `"key" : value`,
/// and `"`, `\` and control characters escaped inside strings, so a key is never mistaken
/// for text inside a string.
struct CanonicalFacts: Sendable {
  /// A `%{` somewhere, which a placeholder needs.
  let hasPlaceholderMark: Bool
  /// A `""` somewhere, which an empty string needs.
  let hasEmptyString: Bool
  /// A `vmId` member holding an object: FOSMVVM's identity shape, which may be random and
  /// whose `fsh` is redacted.
  let hasIdentityObject: Bool
  /// Two `vmId` strings alike (or one with an escape or a non-ASCII byte, which `String`
  /// may find equal to another spelling): the only way elements of an array collide.
  let hasRepeatedIdentity: Bool

  /// Two passes from mark to mark: a `%{` (``hasPlaceholderMark(in:)``), then each `""` and
  /// `"vmId" : `, found where they start as searching for each of them would find them,
  /// without a copy of the bytes.
  init(canonical bytes: [UInt8]) {
    var empty = false
    var identityObject = false
    var repeated = false
    var identities: [Range<Int>] = []
    // Constants read once: a global's accessor on every byte costs more than the compare.
    let (quote, brace) = (JSONByte.quote, UInt8(ascii: "{"))
    let key = Self.identityKey
    bytes.withUnsafeBufferPointer { buffer in
      key.withUnsafeBufferPointer { key in
        let raw = UnsafeRawBufferPointer(buffer)
        let count = buffer.count
        // `memchr` skips the indentation between marks.
        var index = 0
        while let found = Platform.firstOffset(of: quote, in: raw, from: index),
          found + 1 < count
        {
          index = found + 1
          let next = buffer[index]
          if next == quote {
            empty = true
          } else if next == key[1], !identityObject || !repeated,
            Self.starts(key, at: found, in: buffer)
          {
            // The search goes on from the value, which may itself start a mark.
            index = found + key.count
            guard index < count else { break }
            switch buffer[index] {
            case brace:
              identityObject = true
            case quote:
              if let text = Self.plainString(in: buffer, openingAt: index) {
                identities.append(text)
              } else {
                repeated = true
              }
            default:
              break
            }
          }
        }
        repeated = repeated || holdsRepeat(&identities, in: buffer)
      }
    }
    hasPlaceholderMark = Self.hasPlaceholderMark(in: bytes)
    hasEmptyString = empty
    hasIdentityObject = identityObject
    hasRepeatedIdentity = repeated
  }

  /// The same facts of the canonical bytes `bytes` written from `tokens`
  /// (``JSONParser/canonicalDocument(of:)``), read from the tokens where they say more for
  /// less: each `vmId` member's value, and whether a string is empty (the bytes' `""` is
  /// also the end of a text ending in `\"`, a false alarm the tokens do not give).
  init(canonical bytes: [UInt8], tokens: JSONTokens) {
    var identityObject = false
    var repeated = false
    var identities: [Int] = []
    for value in tokens.values(ofKey: WireIdentity.key) {
      if tokens.isObject(value) {
        identityObject = true
      } else if tokens.isPlainText(value) {
        identities.append(value)
      } else if tokens.isString(value) {
        repeated = true
      }
    }
    repeated = repeated || tokens.repeatsText(among: identities)
    hasPlaceholderMark = Self.hasPlaceholderMark(in: bytes)
    hasEmptyString = tokens.hasEmptyString
    hasIdentityObject = identityObject
    hasRepeatedIdentity = repeated
  }

  /// Whether `%{` occurs in `bytes`: `memchr` skips from one `%` to the next.
  private static func hasPlaceholderMark(in bytes: [UInt8]) -> Bool {
    let (percent, brace) = (UInt8(ascii: "%"), UInt8(ascii: "{"))
    return bytes.withUnsafeBufferPointer { buffer in
      let raw = UnsafeRawBufferPointer(buffer)
      var index = 0
      while let found = Platform.firstOffset(of: percent, in: raw, from: index),
        found + 1 < buffer.count
      {
        if buffer[found + 1] == brace { return true }
        index = found + 1
      }
      return false
    }
  }

  /// Whether ``PayloadLint`` can find anything (`checksEmptyStrings` when it is given roles).
  func mayHaveLintFindings(checksEmptyStrings: Bool) -> Bool {
    hasPlaceholderMark || (checksEmptyStrings && hasEmptyString) || hasIdentityObject
      || hasRepeatedIdentity
  }

  /// A `vmId` key as canonical JSON spells it, up to its value.
  private static let identityKey = Array("\"\(WireIdentity.key)\" : ".utf8)

  /// Whether `key` starts at `index`.
  private static func starts(_ key: UnsafeBufferPointer<UInt8>, at index: Int,
                             in buffer: UnsafeBufferPointer<UInt8>) -> Bool
  {
    guard index + key.count <= buffer.count else { return false }
    for offset in 0..<key.count where buffer[index + offset] != key[offset] { return false }
    return true
  }

  /// Where the text of the string whose opening quote is at `start` is, when it is plain
  /// ASCII without escapes; `nil` otherwise.
  private static func plainString(in buffer: UnsafeBufferPointer<UInt8>, openingAt start: Int)
    -> Range<Int>?
  {
    let (quote, backslash) = (JSONByte.quote, JSONByte.backslash)
    var index = start + 1
    while index < buffer.count {
      let byte = buffer[index]
      if byte == quote { return (start + 1)..<index }
      guard byte != backslash, byte < 0x80 else { return nil }
      index += 1
    }
    return nil
  }
}
