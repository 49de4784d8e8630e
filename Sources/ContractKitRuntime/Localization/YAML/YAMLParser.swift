/// Turns the scanner's tokens into a tree by YAML's block and flow grammar, with the same
/// productions (and the same empty values) as libyaml's parser, so that a document reads or
/// fails exactly as in Yams.
///
/// The grammar runs as a state machine over an explicit stack, never by recursion, so deeply
/// nested input cannot overflow the call stack; ``YAMLComposer`` builds the nodes and limits
/// the depth.
struct YAMLParser {
  private enum State {
    case blockNode
    case blockSequenceFirstEntry
    case blockSequenceEntry
    case indentlessSequenceEntry
    case blockMappingFirstKey
    case blockMappingKey
    case blockMappingValue
    case flowSequenceFirstEntry
    case flowSequenceEntry
    case flowSequencePairKey
    case flowSequencePairValue
    case flowSequencePairEnd
    case flowMappingFirstKey
    case flowMappingKey
    case flowMappingValue
    case flowMappingEmptyValue
    case documentEnd
  }

  private let source: YAMLSource
  private let tokens: [YAMLToken]
  private var position = 1
  private var states: [State] = []
  /// Where each open collection started, for messages.
  private var marks: [YAMLMark] = []
  private var composer: YAMLComposer

  /// The root of the only document in `source`, or `nil` when the file holds no document.
  /// - Throws: `InputError` for a grammar error, a second document, or what the composer
  ///   refuses.
  static func document(in source: YAMLSource) throws(InputError) -> YAMLSourceNode? {
    var parser = YAMLParser(source: source, tokens: try YAMLScanner.tokens(of: source))
    return try parser.parseStream()
  }

  private init(source: YAMLSource, tokens: [YAMLToken]) {
    self.source = source
    self.tokens = tokens
    composer = YAMLComposer(source: source)
  }

  private var token: YAMLToken { tokens[min(position, tokens.count - 1)] }

  private mutating func next() { position += 1 }

  private func error(_ reason: String, at mark: YAMLMark? = nil) -> InputError {
    source.error(reason, at: mark ?? token.start)
  }

  // MARK: Documents

  private mutating func parseStream() throws(InputError) -> YAMLSourceNode? {
    if token.kind == .streamEnd { return nil }
    if token.kind == .documentStart {
      next()
      if [.documentStart, .documentEnd, .streamEnd].contains(token.kind) {
        try composer.scalar(YAMLToken(kind: .scalar, start: token.start, end: token.start))
      } else {
        try parseRoot()
      }
    } else {
      try parseRoot()
    }
    while token.kind == .documentEnd { next() }
    switch token.kind {
    case .streamEnd:
      return composer.root
    case .documentStart:
      throw error("a second document ('---') follows; FOSMVVM reads one document per file")
    default:
      throw error("\(token.name) follows the end of the document; start it at the document's "
                    + "indentation or remove it")
    }
  }

  private mutating func parseRoot() throws(InputError) {
    states = [.documentEnd]
    var state = State.blockNode
    while state != .documentEnd {
      state = try step(state)
    }
  }

  // MARK: States

  private mutating func step(_ state: State) throws(InputError) -> State {
    switch state {
    case .blockNode: return try node(block: true, indentless: false)
    case .blockSequenceFirstEntry: return try blockSequenceEntry(first: true)
    case .blockSequenceEntry: return try blockSequenceEntry(first: false)
    case .indentlessSequenceEntry: return try indentlessSequenceEntry()
    case .blockMappingFirstKey: return try blockMappingKey(first: true)
    case .blockMappingKey: return try blockMappingKey(first: false)
    case .blockMappingValue: return try blockMappingValue()
    case .flowSequenceFirstEntry: return try flowSequenceEntry(first: true)
    case .flowSequenceEntry: return try flowSequenceEntry(first: false)
    case .flowSequencePairKey: return try flowSequencePairKey()
    case .flowSequencePairValue: return try flowSequencePairValue()
    case .flowSequencePairEnd:
      try composer.end()
      return .flowSequenceEntry
    case .flowMappingFirstKey: return try flowMappingKey(first: true)
    case .flowMappingKey: return try flowMappingKey(first: false)
    case .flowMappingValue: return try flowMappingValue(empty: false)
    case .flowMappingEmptyValue: return try flowMappingValue(empty: true)
    case .documentEnd: return .documentEnd
    }
  }

  /// Pops the state to return to once a node is complete.
  private mutating func pop() -> State { states.popLast() ?? .documentEnd }

  /// Reads one node, pushing `then` to come back to after it.
  private mutating func node(then: State, block: Bool, indentless: Bool = false)
    throws(InputError) -> State
  {
    states.append(then)
    return try node(block: block, indentless: indentless)
  }

  private mutating func node(block: Bool, indentless: Bool) throws(InputError) -> State {
    let start = token.start
    switch token.kind {
    case .blockEntry where indentless:
      try composer.startSequence(at: start)
      return .indentlessSequenceEntry
    case .scalar:
      try composer.scalar(token)
      next()
      return pop()
    case .flowSequenceStart:
      try composer.startSequence(at: start)
      return .flowSequenceFirstEntry
    case .flowMappingStart:
      try composer.startMapping(at: start)
      return .flowMappingFirstKey
    case .blockSequenceStart where block:
      try composer.startSequence(at: start)
      return .blockSequenceFirstEntry
    case .blockMappingStart where block:
      try composer.startMapping(at: start)
      return .blockMappingFirstKey
    default:
      throw error("expected a value, found \(token.name)")
    }
  }

  /// An empty value (a null to Yams) at `mark`.
  private mutating func empty(at mark: YAMLMark, then state: State) throws(InputError) -> State {
    try composer.scalar(YAMLToken(kind: .scalar, start: mark, end: mark))
    return state
  }

  private mutating func begin() {
    marks.append(token.start)
    next()
  }

  private mutating func finish() throws(InputError) -> State {
    try composer.end()
    marks.removeLast()
    next()
    return pop()
  }

  // MARK: Block collections

  private mutating func blockSequenceEntry(first: Bool) throws(InputError) -> State {
    if first { begin() }
    switch token.kind {
    case .blockEntry:
      let end = token.end
      next()
      if token.kind == .blockEntry || token.kind == .blockEnd {
        return try empty(at: end, then: .blockSequenceEntry)
      }
      return try node(then: .blockSequenceEntry, block: true)
    case .blockEnd:
      return try finish()
    default:
      throw error("expected a list item ('- ') at this indentation, found \(token.name)")
    }
  }

  private mutating func indentlessSequenceEntry() throws(InputError) -> State {
    guard token.kind == .blockEntry else {
      try composer.end()
      return pop()
    }
    let end = token.end
    next()
    if [.blockEntry, .key, .value, .blockEnd].contains(token.kind) {
      return try empty(at: end, then: .indentlessSequenceEntry)
    }
    return try node(then: .indentlessSequenceEntry, block: true)
  }

  private mutating func blockMappingKey(first: Bool) throws(InputError) -> State {
    if first { begin() }
    switch token.kind {
    case .key:
      let end = token.end
      next()
      if [.key, .value, .blockEnd].contains(token.kind) {
        return try empty(at: end, then: .blockMappingValue)
      }
      return try node(then: .blockMappingValue, block: true, indentless: true)
    case .blockEnd:
      return try finish()
    case .blockMappingStart, .blockSequenceStart:
      throw error("inconsistent indentation: column \(token.start.column + 1) matches no key "
                    + "above; indent this line like its sibling keys")
    default:
      throw error("expected a key ('key: value') at this indentation, found \(token.name); "
                    + "a value goes on its key's line or on more-indented lines")
    }
  }

  private mutating func blockMappingValue() throws(InputError) -> State {
    guard token.kind == .value else { return try empty(at: token.start, then: .blockMappingKey) }
    let end = token.end
    next()
    if [.key, .value, .blockEnd].contains(token.kind) {
      return try empty(at: end, then: .blockMappingKey)
    }
    return try node(then: .blockMappingKey, block: true, indentless: true)
  }

  // MARK: Flow collections

  private mutating func flowSequenceEntry(first: Bool) throws(InputError) -> State {
    if first { begin() }
    if token.kind != .flowSequenceEnd {
      if !first {
        guard token.kind == .flowEntry else {
          throw error("expected ',' or ']' in the list that starts at "
                        + "\(marks.last?.description ?? "?"), found \(token.name)")
        }
        next()
      }
      if token.kind == .key {
        // `[a: b]`: a mapping of one pair inside the list.
        try composer.startMapping(at: token.start)
        next()
        return .flowSequencePairKey
      }
      if token.kind != .flowSequenceEnd {
        return try node(then: .flowSequenceEntry, block: false)
      }
    }
    return try finish()
  }

  private mutating func flowSequencePairKey() throws(InputError) -> State {
    switch token.kind {
    case .value, .flowEntry:
      let end = token.end
      next()
      return try empty(at: end, then: .flowSequencePairValue)
    case .flowSequenceEnd:
      return try empty(at: token.start, then: .flowSequencePairValue)
    default:
      return try node(then: .flowSequencePairValue, block: false)
    }
  }

  private mutating func flowSequencePairValue() throws(InputError) -> State {
    if token.kind == .value {
      next()
      if token.kind != .flowEntry, token.kind != .flowSequenceEnd {
        return try node(then: .flowSequencePairEnd, block: false)
      }
    }
    return try empty(at: token.start, then: .flowSequencePairEnd)
  }

  private mutating func flowMappingKey(first: Bool) throws(InputError) -> State {
    if first { begin() }
    if token.kind != .flowMappingEnd {
      if !first {
        guard token.kind == .flowEntry else {
          throw error("expected ',' or '}' in the mapping that starts at "
                        + "\(marks.last?.description ?? "?"), found \(token.name)")
        }
        next()
      }
      if token.kind == .key {
        next()
        if [.value, .flowEntry, .flowMappingEnd].contains(token.kind) {
          return try empty(at: token.start, then: .flowMappingValue)
        }
        return try node(then: .flowMappingValue, block: false)
      }
      if token.kind != .flowMappingEnd {
        return try node(then: .flowMappingEmptyValue, block: false)
      }
    }
    return try finish()
  }

  private mutating func flowMappingValue(empty isEmpty: Bool) throws(InputError) -> State {
    if isEmpty { return try empty(at: token.start, then: .flowMappingKey) }
    if token.kind == .value {
      next()
      if token.kind != .flowEntry, token.kind != .flowMappingEnd {
        return try node(then: .flowMappingKey, block: false)
      }
    }
    return try empty(at: token.start, then: .flowMappingKey)
  }
}
