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
    canonicalDocument(of: bytes)?.bytes
  }

  /// ``canonicalBytes(of:)`` with the tokens they were written from, which answer questions
  /// about the document (a path, a member's values) without a ``JSONValue``.
  package static func canonicalDocument(of bytes: [UInt8])
    -> (bytes: [UInt8], tokens: JSONTokens)?
  {
    guard let tokens = JSONTokens.read(bytes) else { return nil }
    let canonical = tokens.tokens.withUnsafeBufferPointer { list in
      tokens.source.withUnsafeBufferPointer { source in
        tokens.decoded.withUnsafeBufferPointer { decoded in
          // Canonical spelling adds indentation and spaces: about half again a compact
          // document.
          var writer = JSONTokenWriter(
            tokens: tokens, list: list, source: source, decoded: decoded,
            output: CanonicalOutput(capacity: bytes.count * 3 / 2 + 256))
          writer.write()
          return writer.repeatsKey ? nil : writer.bytes()
        }
      }
    }
    return canonical.map { ($0, tokens) }
  }
}

/// The canonical writer of ``CanonicalJSON`` walking a document's tokens directly: the
/// generic writer's shape, with no child records, since a token's children are the tokens
/// after it. Each open container keeps its children's token indices (an object's keys, in
/// code-point order) in one shared list.
///
/// The tokens, the document and the decoded texts are read through buffers borrowed for the
/// whole write: reading them through the class on every token retained and released each
/// array, a fifth of the writer's time.
private struct JSONTokenWriter: ~Copyable {
  let tokens: JSONTokens
  let list: UnsafeBufferPointer<JSONTokens.Token>
  let source: UnsafeBufferPointer<UInt8>
  let decoded: UnsafeBufferPointer<UInt8>
  var output: CanonicalOutput
  private var frames: [(isObject: Bool, start: Int, count: Int, next: Int)] = []
  private var children: [Int32] = []
  /// Whether an object holds a key twice, which only the parser can say what it means.
  private(set) var repeatsKey = false

  init(tokens: JSONTokens, list: UnsafeBufferPointer<JSONTokens.Token>,
       source: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>,
       output: consuming CanonicalOutput)
  {
    self.tokens = tokens
    self.list = list
    self.source = source
    self.decoded = decoded
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
    let token = list[index]
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
      let value = isObject ? child + 1 : child
      child = list[value].next(at: value)
    }
    if isObject, children.withUnsafeMutableBufferPointer({
      tokens.sortKeys(UnsafeMutableBufferPointer(rebasing: $0[start...]))
    }) {
      repeatsKey = true
    }
    frames.append((isObject, start, token.count, 0))
  }

  /// Appends the key at token `key` and `" : "`.
  private mutating func appendKey(_ key: Int) {
    let token = list[key]
    // Plain ASCII without DEL: the key needs no escape.
    output.append(JSONByte.quote)
    output.append(token.start..<(token.start + token.count), of: source)
    output.append(JSONByte.quote)
    output.append(" : ")
  }

  /// Appends the scalar at token `index`.
  private mutating func appendLeaf(_ index: Int) {
    let token = list[index]
    let range = token.start..<(token.start + token.count)
    switch token.kind {
    case .null: output.append("null")
    case .falseValue: output.append("false")
    case .trueValue: output.append("true")
    case .number:
      if token.isRewritten {
        output.append(utf8: tokens.spelled[token.start])
      } else {
        output.append(range, of: source)
      }
    case .string:
      if token.isRewritten || token.needsEscape {
        let utf8 = UnsafeBufferPointer(rebasing: (token.isRewritten ? decoded : source)[range])
        CanonicalJSON.appendQuoted(utf8: utf8, to: &output)
      } else {
        // Validated: no quote, backslash, control character or DEL to escape.
        output.append(JSONByte.quote)
        output.append(range, of: source)
        output.append(JSONByte.quote)
      }
    case .array, .object:
      break
    }
  }
}
