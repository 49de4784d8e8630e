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
  package static func canonicalBytes(of bytes: [UInt8]) -> [UInt8]? {
    guard let tokens = JSONTokens.read(bytes) else { return nil }
    // Canonical spelling adds indentation and spaces: about half again a compact document.
    var writer = JSONTokenWriter(
      tokens: tokens, output: CanonicalOutput(capacity: bytes.count * 3 / 2 + 256))
    writer.write()
    return tokens.isAmbiguous ? nil : writer.bytes()
  }
}

/// The canonical writer of ``CanonicalJSON`` walking a document's tokens directly: the
/// generic writer's shape, with no child records, since a token's children are the tokens
/// after it. Each open container keeps its children's token indices (an object's keys, in
/// code-point order) in one shared list.
private struct JSONTokenWriter: ~Copyable {
  let tokens: JSONTokens
  var output: CanonicalOutput
  private var frames: [(isObject: Bool, start: Int, count: Int, next: Int)] = []
  private var children: [Int32] = []

  init(tokens: JSONTokens, output: consuming CanonicalOutput) {
    self.tokens = tokens
    self.output = output
  }

  /// The document's canonical bytes, once written.
  consuming func bytes() -> [UInt8] {
    output.append(JSONByte.newline)
    return output.bytes()
  }

  package mutating func write() {
    open(0)
    while let top = frames.indices.last {
      let frame = frames[top]
      if frame.next == frame.count {
        frames.removeLast()
        children.removeLast(frame.count)
        output.append(JSONByte.newline)
        output.appendSpaces(top * 2)
        output.append(UInt8(ascii: frame.isObject ? "}" : "]"))
        continue
      }
      frames[top].next = frame.next + 1
      if frame.next > 0 { output.append(UInt8(ascii: ",")) }
      output.append(JSONByte.newline)
      output.appendSpaces(top * 2 + 2)
      let child = Int(children[frame.start + frame.next])
      if frame.isObject {
        appendKey(child)
        open(child + 1)
      } else {
        open(child)
      }
    }
  }

  /// Writes a leaf or an empty container whole, or opens a container.
  private mutating func open(_ index: Int) {
    let token = tokens.tokens[index]
    guard token.kind == .array || token.kind == .object else {
      appendLeaf(index)
      return
    }
    let isObject = token.kind == .object
    guard token.count > 0 else {
      output.append(isObject ? "{}" : "[]")
      return
    }
    output.append(UInt8(ascii: isObject ? "{" : "["))
    let start = children.count
    var child = index + 1
    for _ in 0..<token.count {
      children.append(Int32(truncatingIfNeeded: child))
      child = tokens.next(after: isObject ? child + 1 : child)
    }
    if isObject { tokens.sortKeys(&children, from: start) }
    frames.append((isObject, start, token.count, 0))
  }

  /// Appends the key at token `key` and `" : "`.
  private mutating func appendKey(_ key: Int) {
    let token = tokens.tokens[key]
    // Plain ASCII without DEL: the key needs no escape.
    output.append(JSONByte.quote)
    tokens.source.withUnsafeBufferPointer {
      output.append(UnsafeBufferPointer(rebasing: $0[token.start..<(token.start + token.count)]))
    }
    output.append(JSONByte.quote)
    output.append(" : ")
  }

  /// Appends the scalar at token `index`.
  private mutating func appendLeaf(_ index: Int) {
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
        let utf8 = UnsafeBufferPointer(rebasing: $0[range])
        if token.isRewritten || token.needsEscape {
          CanonicalJSON.appendQuoted(utf8: utf8, to: &output)
        } else {
          // Validated: no quote, backslash, control character or DEL to escape.
          output.append(JSONByte.quote)
          output.append(utf8)
          output.append(JSONByte.quote)
        }
      }
    case .array, .object:
      break
    }
  }
}
