extension JSONTokens {
  /// The tokens of `bytes` as a document the readers of ``JSONNode`` walk, or `nil` when
  /// only the full parser can say what `bytes` mean: it refuses them, a key is not plain
  /// ASCII (``read(_:)``), or an object holds a key twice, which the parser refuses and a
  /// walk of tokens would not notice.
  package static func document(_ bytes: [UInt8]) -> Node? {
    guard let tokens = read(bytes), !tokens.holdsKeyTwice else { return nil }
    return Node(tokens: tokens, index: 0)
  }

  /// Whether some object of the document holds a key twice: each object's keys sorted,
  /// neighbours compared (``sortKeys(_:)``).
  var holdsKeyTwice: Bool {
    var keys: [Int32] = []
    for index in tokens.indices where tokens[index].kind == .object && tokens[index].count > 1 {
      keys.removeAll(keepingCapacity: true)
      var child = index + 1
      for _ in 0..<tokens[index].count {
        keys.append(Int32(truncatingIfNeeded: child))
        child = next(after: child + 1)
      }
      if keys.withUnsafeMutableBufferPointer({ sortKeys($0) }) { return true }
    }
    return false
  }

  /// A value of the document: the token at `index` and its subtree.
  package struct Node: JSONNode {
    let tokens: JSONTokens
    let index: Int

    package subscript(key: String) -> Node? {
      tokens.member(key, of: index).map { Node(tokens: tokens, index: $0) }
    }

    package var stringValue: String? {
      tokens.tokens[index].kind == .string ? tokens.string(at: index) : nil
    }

    package var boolValue: Bool? {
      switch tokens.tokens[index].kind {
      case .trueValue: true
      case .falseValue: false
      default: nil
      }
    }

    package var isNull: Bool { tokens.tokens[index].kind == .null }

    package var elements: [Node]? {
      guard tokens.tokens[index].kind == .array else { return nil }
      return tokens.children(of: index).map { Node(tokens: tokens, index: $0) }
    }

    package var members: [(key: String, value: Node)]? {
      guard tokens.tokens[index].kind == .object else { return nil }
      return tokens.children(of: index).map {
        (tokens.text(ofKey: $0 - 1), Node(tokens: tokens, index: $0))
      }
    }

    /// The value, as the parser reads it: the document holds no key twice.
    package var value: JSONValue {
      guard let value = tokens.value(at: index) else {
        preconditionFailure("a document read as nodes that holds a key twice")
      }
      return value
    }
  }
}
