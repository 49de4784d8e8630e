/// Where the encoder is in the payload, as a cheap linked list built only as deep as it goes.
///
/// Coding paths as `[CodingKey]` arrays are copied at every level; this shares parents and
/// spells a JSON Pointer only when something asks for one (an annotation, a lookup, a
/// finding). A spelling, once made, is kept on its node, so siblings share their parent's and
/// each costs one concatenation: annotating every field of every row stays linear in the
/// payload rather than in the payload times its depth.
package final class EncodingPath: @unchecked Sendable {
  // `parent` and `key` are immutable; the two spellings are filled lazily, only by the one
  // encoding (on one thread) that owns the path. @unchecked because `CodingKey`
  // existentials are not Sendable.
  let parent: EncodingPath?
  let key: any CodingKey
  /// The array index when this is an element's path (its key is an ``IndexKey``).
  let elementIndex: Int?
  private var spelledPointer: String?
  private var spelledPattern: String?
  private var patternNode: PatternNode?

  /// The path `step` leads to.
  init(_ step: consuming PathStep) {
    parent = step.parent
    key = step.key
    elementIndex = step.elementIndex
  }

  /// The path of a keyed member (or `super`) at `parent`; elements use
  /// ``init(parent:elementIndex:)``.
  package convenience init(parent: EncodingPath?, key: any CodingKey) {
    self.init(PathStep(parent: parent, key: key))
  }

  /// The path of element `index` of the array at `parent`.
  package convenience init(parent: EncodingPath?, elementIndex index: Int) {
    self.init(PathStep(parent: parent, elementIndex: index))
  }

  /// The RFC 6901 pointer: `/cards/0/title`.
  var pointer: String { spelling(wildcardIndices: false) }

  /// The pointer with array indices as `*`: `/cards/*/title`, the form `contract.json` uses.
  package var pattern: String { spelling(wildcardIndices: true) }

  /// The pointer, spelled without keeping anything on the way: safe to ask from any thread
  /// once the encoding that built the path has ended, since it only reads what that
  /// encoding kept.
  var pointerWithoutCaching: String { spelling(wildcardIndices: false, keeps: false) }

  /// The spelling, kept on this node and every ancestor spelled on the way (with `keeps`).
  /// Iterative: the nodes between this one and the nearest spelled ancestor are collected,
  /// then spelled downwards, so no depth of nesting can overflow the stack here.
  private func spelling(wildcardIndices: Bool, keeps: Bool = true) -> String {
    if let known = cached(wildcardIndices) { return known }
    if let parentSpelling = parent.map({ $0.cached(wildcardIndices) }) ?? "" {
      let spelled = JSONPointer.appending(
        token(wildcardIndices: wildcardIndices), to: parentSpelling)
      if keeps { keep(spelled, wildcardIndices) }
      return spelled
    }
    var unspelled: [EncodingPath] = []
    var node: EncodingPath? = self
    var spelled = ""
    while let current = node {
      if let known = current.cached(wildcardIndices) {
        spelled = known
        break
      }
      unspelled.append(current)
      node = current.parent
    }
    for current in unspelled.reversed() {
      spelled = JSONPointer.appending(current.token(wildcardIndices: wildcardIndices), to: spelled)
      if keeps { current.keep(spelled, wildcardIndices) }
    }
    return spelled
  }

  /// This path's node in the pattern tree rooted at `root` (its encoding's), kept on this
  /// node and every ancestor found on the way; iterative like the spellings.
  func patternNode(under root: PatternNode) -> PatternNode {
    if let patternNode { return patternNode }
    // The usual case: the parent (an object or an array element) is already placed.
    if let known = parent.map({ $0.patternNode }) ?? root {
      let placed = known.child(token(wildcardIndices: true))
      patternNode = placed
      return placed
    }
    var unplaced: [EncodingPath] = []
    var node: EncodingPath? = self
    var placed = root
    while let current = node {
      if let known = current.patternNode {
        placed = known
        break
      }
      unplaced.append(current)
      node = current.parent
    }
    for current in unplaced.reversed() {
      placed = placed.child(current.token(wildcardIndices: true))
      current.patternNode = placed
    }
    return placed
  }

  private func keep(_ spelled: String, _ wildcardIndices: Bool) {
    if wildcardIndices { spelledPattern = spelled } else { spelledPointer = spelled }
  }

  private func cached(_ wildcardIndices: Bool) -> String? {
    wildcardIndices ? spelledPattern : spelledPointer
  }

  /// The coding path as Codable reports it.
  var codingPath: [any CodingKey] {
    var keys: [any CodingKey] = []
    var node: EncodingPath? = self
    while let current = node {
      keys.append(current.key)
      node = current.parent
    }
    return keys.reversed()
  }

  /// This node's reference token, unescaped.
  private func token(wildcardIndices: Bool) -> String {
    if let elementIndex {
      return wildcardIndices ? "*" : String(elementIndex)
    }
    return key.stringValue
  }
}

/// A child's place before its ``EncodingPath`` is made: its parent's path and its key or
/// index. A child's encoder makes its path only when something asks for it (a container of
/// children, an annotation, a lookup, an error): a leaf in a locale that records no
/// annotations, a number or a case, never does, and costs no node to allocate and free.
struct PathStep {
  let parent: EncodingPath?
  let key: any CodingKey
  /// The array index when this is an element's step (its key is an ``IndexKey``).
  let elementIndex: Int?

  /// The step to a keyed member (or `super`) at `parent`.
  init(parent: EncodingPath?, key: any CodingKey) {
    self.parent = parent
    self.key = key
    elementIndex = nil
  }

  /// The step to element `index` of the array at `parent`.
  init(parent: EncodingPath?, elementIndex index: Int) {
    self.parent = parent
    key = IndexKey(index)
    elementIndex = index
  }
}

extension Optional where Wrapped == EncodingPath {
  var pointer: String { self?.pointer ?? "" }
  package var pattern: String { self?.pattern ?? "" }
}

/// The key of an array element.
struct IndexKey: CodingKey {
  let index: Int
  init(_ index: Int) { self.index = index }
  init?(intValue: Int) { index = intValue }
  init?(stringValue: String) { nil }
  var intValue: Int? { index }
  var stringValue: String { String(index) }
}

/// A key for `superEncoder()`, as Foundation spells it.
struct SuperKey: CodingKey {
  init() {}
  init?(intValue: Int) { nil }
  init?(stringValue: String) { nil }
  var intValue: Int? { nil }
  var stringValue: String { "super" }
}
