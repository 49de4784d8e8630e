/// One node of a YAML document read by ``YAMLReader``: a typed scalar, a list or an ordered map.
///
/// Maps keep their keys in document order together with where each key was written, so
/// later stages (the localization store) can report positions without re-reading the file.
///
/// ```swift
/// let node = try YAMLReader.read("en:\n  Title:\n    text: Hi\n", file: "en.yml")
/// // .map([Entry(key: "en", value: .map([...]), line: 1, column: 1, byteOffset: 0)])
/// ```
public indirect enum YAMLNode: Sendable, Hashable {
  /// A quoted scalar, or a plain scalar that is not a boolean or a number.
  case string(String)
  /// A plain scalar matching `-?[0-9]+`.
  case int(Int)
  /// A plain decimal scalar such as `0.75`, `-1.5` or `1e3`.
  case double(Double)
  /// The plain scalars `true` and `false`.
  case bool(Bool)
  /// A block sequence of scalars.
  case list([YAMLNode])
  /// A block mapping, in document order.
  case map([Entry])

  /// One key of a mapping, its value, and the position of the key in the source.
  public struct Entry: Sendable, Hashable {
    /// The key's text (quotes removed, escapes applied).
    public var key: String
    /// The value under the key.
    public var value: YAMLNode
    /// The 1-based line of the key.
    public var line: Int
    /// The 1-based column of the key's first character, counted in Unicode scalars.
    public var column: Int
    /// The 0-based byte offset of the key's first byte in the file.
    public var byteOffset: Int

    public init(key: String, value: YAMLNode, line: Int, column: Int, byteOffset: Int) {
      self.key = key
      self.value = value
      self.line = line
      self.column = column
      self.byteOffset = byteOffset
    }
  }
}

extension YAMLNode {
  /// The value under `key` when this node is a map; `nil` otherwise or when absent.
  public subscript(key: String) -> YAMLNode? {
    guard case .map(let entries) = self else { return nil }
    return entries.first { $0.key == key }?.value
  }

  /// A short name of the node's kind for messages (`"string"`, `"list"`, `"mapping"`).
  public var kindName: String {
    switch self {
    case .string: "string"
    case .int: "integer"
    case .double: "number"
    case .bool: "boolean"
    case .list: "list"
    case .map: "mapping"
    }
  }
}
