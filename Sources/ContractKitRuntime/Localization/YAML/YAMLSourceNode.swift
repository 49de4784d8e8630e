/// A node as the reader read it, with where and how it was written: what the localization
/// store needs to explain a value FOSMVVM would not show.
struct YAMLSourceNode: Sendable {
  enum Content: Sendable {
    case scalar(YAMLSourceScalar)
    case list([YAMLSourceNode])
    case map([YAMLSourceEntry])
  }

  var content: Content
  /// Where the node starts; for an empty value, where it would have been.
  var mark: YAMLMark

  /// The node as ``YAMLNode``, the value Yams builds.
  var node: YAMLNode {
    switch content {
    case .scalar(let scalar): scalar.value
    case .list(let items): .list(items.map(\.node))
    case .map(let entries):
      .map(entries.map { entry in
        YAMLNode.Entry(key: entry.key, value: entry.value.node, line: entry.mark.line + 1,
                       column: entry.mark.column + 1, byteOffset: entry.mark.offset)
      })
    }
  }
}

/// A scalar: its typed value, and its text and style as written.
struct YAMLSourceScalar: Sendable {
  /// `.string`, `.int`, `.double`, `.bool`, `.null` or `.date`.
  package var value: YAMLNode
  /// The scalar's text after escapes and folding, before typing (`Yes` for `.bool(true)`).
  var text: String
  var style: YAMLScalarStyle
}

/// A mapping entry: the key's text and position, and the value.
struct YAMLSourceEntry: Sendable {
  var key: String
  var mark: YAMLMark
  package var value: YAMLSourceNode
}
