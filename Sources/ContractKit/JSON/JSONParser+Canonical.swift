extension JSONParser {
  /// The canonical bytes of the JSON document `bytes`, written from its tokens
  /// (``JSONTokens``) without building a ``JSONValue``; `nil` when the document is invalid
  /// or when only the full parser can decide what it means (a key with an escape or a
  /// non-ASCII byte, which `String`'s equality may merge with another spelling, or a key
  /// twice). ``parse(_:file:)`` then gives the value, or the error, and
  /// `CanonicalJSON.encode` the same bytes.
  ///
  /// A wire contract's payload is canonicalized this way on every check: the app's bytes
  /// become the baseline's spelling at a fraction of the cost of a tree of dictionaries.
  static func canonicalBytes(of bytes: [UInt8]) -> [UInt8]? {
    guard let tokens = JSONTokens.read(bytes) else { return nil }
    // Canonical spelling adds indentation and spaces: about half again a compact document.
    let canonical = withExtendedLifetime(tokens) {
      CanonicalJSON.encode(
        node: JSONTokenNode(tokens: tokens, index: 0), expectedSize: bytes.count * 3 / 2 + 256)
    }
    return tokens.isAmbiguous ? nil : canonical
  }
}

/// A token as the canonical writer walks it; an object's keys are their token indices.
struct JSONTokenNode: CanonicalNode {
  unowned(unsafe) let tokens: JSONTokens
  let index: Int

  func appendCanonicalChildren(to children: inout [CanonicalChild<JSONTokenNode>])
    -> CanonicalShape
  {
    let token = tokens.tokens[index]
    switch token.kind {
    case .array:
      var child = index + 1
      for _ in 0..<token.count {
        children.append(CanonicalChild(key: nil, value: JSONTokenNode(tokens: tokens, index: child)))
        child = tokens.next(after: child)
      }
      return .array
    case .object:
      let start = children.count
      var child = index + 1
      for _ in 0..<token.count {
        children.append(
          CanonicalChild(key: child, value: JSONTokenNode(tokens: tokens, index: child + 1)))
        child = tokens.next(after: child + 1)
      }
      tokens.sortMembers(&children, from: start)
      return .object
    case .null, .falseValue, .trueValue, .number, .string:
      return .leaf
    }
  }

  func appendCanonicalKey(_ key: Int, to output: inout CanonicalOutput) {
    let token = tokens.tokens[key]
    // Plain ASCII without DEL: the key needs no escape.
    output.append(JSONByte.quote)
    tokens.source.withUnsafeBufferPointer {
      output.append(UnsafeBufferPointer(rebasing: $0[token.start..<(token.start + token.count)]))
    }
    output.append(JSONByte.quote)
    output.append(" : ")
  }

  func appendCanonicalLeaf(to output: inout CanonicalOutput) {
    let token = tokens.tokens[index]
    let range = token.start..<(token.start + token.count)
    switch token.kind {
    case .null: output.append("null")
    case .falseValue: output.append("false")
    case .trueValue: output.append("true")
    case .number:
      if token.isRewritten {
        output.append(utf8: tokens.spelled[token.start])
      } else {
        tokens.source.withUnsafeBufferPointer {
          output.append(UnsafeBufferPointer(rebasing: $0[range]))
        }
      }
    case .string:
      let text = token.isRewritten ? tokens.decoded : tokens.source
      text.withUnsafeBufferPointer {
        CanonicalJSON.appendQuoted(utf8: UnsafeBufferPointer(rebasing: $0[range]), to: &output)
      }
    case .array, .object:
      break
    }
  }
}
