/// Builds nodes from the parser's productions the way Yams composes and constructs a document:
/// scalars typed by YAML 1.1's rules, duplicate keys refused, keys as text.
///
/// Also where the reader's structural limits live: lists and mappings as keys (on which Yams
/// traps), merge keys, and nesting deeper than ``YAMLReader/maximumDepth``.
struct YAMLComposer {
  /// A key's identity for Yams's duplicate check: its text and its resolved type, so plain `1`
  /// (an int) and `"1"` (a string) are two keys although both become the key "1".
  private struct KeyIdentity: Hashable {
    let text: String
    let tag: YAMLScalarTag
  }

  private struct PendingKey {
    let text: String
    let tag: YAMLScalarTag
    let mark: YAMLMark
  }

  /// One open list or mapping.
  private struct Frame {
    let isMapping: Bool
    let mark: YAMLMark
    var items: [YAMLSourceNode] = []
    var entries: [YAMLSourceEntry] = []
    /// Entry index by key text; Swift compares the texts by canonical equivalence, as Yams's
    /// `[String: Any]` does.
    var entryIndex: [String: Int] = [:]
    var seenKeys: [KeyIdentity: YAMLMark] = [:]
    var pendingKey: PendingKey?
  }

  private let source: YAMLSource
  private var frames: [Frame] = []
  /// The document's root, once it is complete.
  private(set) var root: YAMLSourceNode?

  init(source: YAMLSource) {
    self.source = source
  }

  /// Adds a scalar token as a node.
  mutating func scalar(_ token: YAMLToken) throws(InputError) {
    // Yams makes each scalar a Swift String with `String(bytes:encoding: .utf8)`, which drops
    // one leading byte order mark: `"\u{FEFF}quoted"` reads as "quoted".
    let bytes = token.text.starts(with: [0xEF, 0xBB, 0xBF]) ? token.text.dropFirst(3)
      : token.text[...]
    let text = String(decoding: bytes, as: UTF8.self)
    let value = try YAMLScalarResolver.value(of: text, style: token.style, at: token.start,
                                             in: source)
    let scalar = YAMLSourceScalar(value: value, text: text, style: token.style)
    try attach(YAMLSourceNode(content: .scalar(scalar), mark: token.start))
  }

  mutating func startSequence(at mark: YAMLMark) throws(InputError) {
    try checkCanOpen(at: mark)
    frames.append(Frame(isMapping: false, mark: mark))
  }

  mutating func startMapping(at mark: YAMLMark) throws(InputError) {
    try checkCanOpen(at: mark)
    frames.append(Frame(isMapping: true, mark: mark))
  }

  /// Closes the innermost open list or mapping.
  mutating func end() throws(InputError) {
    guard let frame = frames.popLast() else { return }
    let content: YAMLSourceNode.Content = frame.isMapping ? .map(frame.entries) : .list(frame.items)
    try attach(YAMLSourceNode(content: content, mark: frame.mark))
  }

  private func checkCanOpen(at mark: YAMLMark) throws(InputError) {
    if let frame = frames.last, frame.isMapping, frame.pendingKey == nil {
      throw source.refusal(.nonScalarKey, at: mark)
    }
    if frames.count >= YAMLReader.maximumDepth {
      throw source.refusal(.deepNesting, at: mark)
    }
  }

  private mutating func attach(_ node: YAMLSourceNode) throws(InputError) {
    guard let last = frames.indices.last else {
      root = node
      return
    }
    guard frames[last].isMapping else {
      frames[last].items.append(node)
      return
    }
    guard let key = frames[last].pendingKey else {
      guard case .scalar(let scalar) = node.content else {
        throw source.refusal(.nonScalarKey, at: node.mark)
      }
      let tag = YAMLScalarResolver.tag(of: scalar.text, style: scalar.style)
      if tag == .merge { throw source.refusal(.mergeKey, at: node.mark) }
      frames[last].pendingKey = PendingKey(text: scalar.text, tag: tag, mark: node.mark)
      return
    }
    frames[last].pendingKey = nil
    let identity = KeyIdentity(text: key.text, tag: key.tag)
    if let first = frames[last].seenKeys[identity] {
      throw source.error(
        "duplicate key '\(key.text)' (first written at \(first.description)); Yams refuses "
          + "the file", at: key.mark)
    }
    frames[last].seenKeys[identity] = key.mark
    if let index = frames[last].entryIndex[key.text] {
      // Two keys of different YAML types with one text: Yams keeps the later value.
      frames[last].entries[index].value = node
      frames[last].entries[index].mark = key.mark
    } else {
      frames[last].entryIndex[key.text] = frames[last].entries.count
      frames[last].entries.append(YAMLSourceEntry(key: key.text, mark: key.mark, value: node))
    }
  }
}
