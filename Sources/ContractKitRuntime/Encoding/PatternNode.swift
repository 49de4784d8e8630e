/// One path pattern (`/cards/*/title`) an encoding met, and the annotations recorded there.
///
/// The patterns of one encoding form a tree: every element of an array shares the `*` child
/// of the array's node, so the twentieth row's `title` finds the same node as the first one
/// with one short dictionary lookup, instead of spelling `/cards/*/title` again and hashing
/// it. A node belongs to one encoding session, on one thread.
final class PatternNode {
  /// The pattern's JSON Pointer spelling.
  let pattern: String
  /// Annotations in the order they were first recorded, without repeats.
  private(set) var annotations: [PathAnnotation] = []
  private var children: [String: PatternNode] = [:]

  init(pattern: String) {
    self.pattern = pattern
  }

  /// The child for an unescaped reference token (`*` for array elements).
  func child(_ token: String) -> PatternNode {
    if let existing = children[token] { return existing }
    let node = PatternNode(pattern: JSONPointer.appending(token, to: pattern))
    children[token] = node
    return node
  }

  /// Records `annotation` unless it is already here.
  /// - Returns: `true` when this is the node's first annotation.
  func add(_ annotation: PathAnnotation) -> Bool {
    if annotations.contains(annotation) { return false }
    annotations.append(annotation)
    return annotations.count == 1
  }
}
