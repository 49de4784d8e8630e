extension JSONTokens {
  // MARK: - Following a path

  /// The token index of the member `key` of the object at `index`; `nil` when the token is
  /// not an object or has no such member. Keys compare as `String`s do, as a parsed object's
  /// dictionary finds them: the document's keys are plain ASCII, so an ASCII `key` is
  /// compared byte for byte, without a `String` made of each key.
  package func member(_ key: String, of index: Int) -> Int? {
    let token = tokens[index]
    guard token.kind == .object else { return nil }
    var spelling = key
    return spelling.withUTF8 { utf8 in
      let isASCII = utf8.allSatisfy { $0 < 0x80 }
      return source.withUnsafeBufferPointer { source in
        var child = index + 1
        for _ in 0..<token.count {
          let name = tokens[child]
          let found = isASCII
            ? name.count == utf8.count
              && UnsafeBufferPointer(rebasing: source[name.start..<(name.start + name.count)])
                .elementsEqual(utf8)
            : text(ofKey: child) == key
          if found { return child + 1 }
          child = next(after: child + 1)
        }
        return nil
      }
    }
  }

  /// The token index of the element at `position` of the array at `index`; `nil` when the
  /// token is not an array or has no such element.
  package func element(_ position: Int, of index: Int) -> Int? {
    let token = tokens[index]
    guard token.kind == .array, (0..<token.count).contains(position) else { return nil }
    var child = index + 1
    for _ in 0..<position { child = next(after: child) }
    return child
  }

  /// The token indices of the values of the object or array at `index`, in document order;
  /// none for a scalar.
  package func children(of index: Int) -> [Int] {
    let token = tokens[index]
    guard token.kind == .array || token.kind == .object else { return [] }
    let isObject = token.kind == .object
    var children: [Int] = []
    children.reserveCapacity(token.count)
    var child = index + 1
    for _ in 0..<token.count {
      let value = isObject ? child + 1 : child
      children.append(value)
      child = next(after: value)
    }
    return children
  }

  // MARK: - Facts without a value

  /// The token indices of the values of every member named `key` (plain ASCII), in every
  /// object of the document, in document order.
  package func values(ofKey key: String) -> [Int] {
    var key = key
    return key.withUTF8 { key in
      tokens.withUnsafeBufferPointer { list in
        source.withUnsafeBufferPointer { source in
          var values: [Int] = []
          for index in list.indices where list[index].kind == .object {
            var child = index + 1
            for _ in 0..<list[index].count {
              let name = list[child]
              if name.count == key.count,
                UnsafeBufferPointer(rebasing: source[name.start..<(name.start + name.count)])
                  .elementsEqual(key)
              {
                values.append(child + 1)
              }
              child = list[child + 1].next(at: child + 1)
            }
          }
          return values
        }
      }
    }
  }

  /// Whether the token at `index` is a string.
  package func isString(_ index: Int) -> Bool { tokens[index].kind == .string }

  /// Whether the text of the string token at `index` is written by canonical JSON as it is,
  /// in ASCII: nothing to escape (``JSONByte/needsEscape(_:)``).
  package func isPlainText(_ index: Int) -> Bool {
    let token = tokens[index]
    guard token.kind == .string else { return false }
    if token.isPlain { return true }
    return text(of: token).allSatisfy { $0 < 0x80 && !JSONByte.needsEscape($0) }
  }

  /// Whether two of the string tokens `indices`, each ``isPlainText(_:)``, hold the same
  /// text: their texts copied one after the other, then compared (``holdsRepeat(_:in:)``).
  package func repeatsText(among indices: [Int]) -> Bool {
    guard indices.count > 1 else { return false }
    var texts: [UInt8] = []
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(indices.count)
    for index in indices {
      let start = texts.count
      texts.append(contentsOf: text(of: tokens[index]))
      ranges.append(start..<texts.count)
    }
    return texts.withUnsafeBufferPointer { holdsRepeat(&ranges, in: $0) }
  }

  /// A string token's text: its bytes in the document, or its decoded text.
  private func text(of token: Token) -> ArraySlice<UInt8> {
    (token.isRewritten ? decoded : source)[token.start..<(token.start + token.count)]
  }
}
