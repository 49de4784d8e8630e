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

  init(canonical bytes: [UInt8]) {
    var placeholder = false
    var empty = false
    var identityObject = false
    var repeated = false
    // Canonical JSON escapes every control character, so a NUL ends it as a C string.
    var terminated = bytes
    terminated.append(0)
    terminated.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { text in
        placeholder = Platform.firstOffset(of: "%{", inTerminated: text, from: 0) != nil
        empty = Platform.firstOffset(of: "\"\"", inTerminated: text, from: 0) != nil
        var identities = Set<String>()
        var cursor = 0
        while !identityObject || !repeated,
          let found = Platform.firstOffset(of: Self.identityKey, inTerminated: text, from: cursor)
        {
          let valueStart = found + Self.identityKeyLength
          cursor = valueStart
          switch buffer[valueStart] {
          case UInt8(ascii: "{"):
            identityObject = true
          case JSONByte.quote:
            guard let value = Self.plainString(in: buffer, openingAt: valueStart),
              identities.insert(value).inserted
            else {
              repeated = true
              continue
            }
          default:
            continue
          }
        }
      }
    }
    hasPlaceholderMark = placeholder
    hasEmptyString = empty
    hasIdentityObject = identityObject
    hasRepeatedIdentity = repeated
  }

  /// Whether ``PayloadLint`` can find anything (`checksEmptyStrings` when it is given roles).
  func mayHaveLintFindings(checksEmptyStrings: Bool) -> Bool {
    hasPlaceholderMark || (checksEmptyStrings && hasEmptyString) || hasIdentityObject
      || hasRepeatedIdentity
  }

  /// A `vmId` key as canonical JSON spells it, up to its value.
  private static let identityKey = "\"\(WireIdentity.key)\" : "
  private static let identityKeyLength = identityKey.utf8.count

  /// The text of the string whose opening quote is at `start`, when it is plain ASCII
  /// without escapes; `nil` otherwise.
  private static func plainString(in buffer: UnsafeBufferPointer<UInt8>, openingAt start: Int)
    -> String?
  {
    var index = start + 1
    while index < buffer.count {
      let byte = buffer[index]
      if byte == JSONByte.quote {
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[(start + 1)..<index]),
                      as: UTF8.self)
      }
      guard byte != JSONByte.backslash, byte < 0x80 else { return nil }
      index += 1
    }
    return nil
  }
}
