import Foundation

/// One node of a YAML document read by ``YAMLReader``: a typed scalar, a list or an ordered map.
///
/// The cases are the values Yams builds for the same text, typed by the same YAML 1.1 rules:
/// FOSMVVM reads its translations with Yams, so a node is what FOSMVVM would see. Maps keep
/// their keys in document order together with where each key was written, so later stages
/// (the localization store) can report positions without re-reading the file.
///
/// ```swift
/// let node = try YAMLReader.read("en:\n  Title:\n    text: Hi\n", file: "en.yml")
/// // .map([Entry(key: "en", value: .map([...]), line: 1, column: 1, byteOffset: 0)])
/// ```
indirect enum YAMLNode: Sendable, Hashable {
  /// A quoted or block scalar, or a plain scalar that no YAML 1.1 type rule claims.
  case string(String)
  /// A plain integer: decimal, octal (`010`, `0o17`), hex, binary, with `_`, or base 60.
  case int(Int)
  /// A plain floating-point scalar such as `0.75`, `1e3`, `1:30.5`, `.inf` or `.nan`.
  case double(Double)
  /// A plain boolean: `true`, `yes`, `on` and their negations, in three casings.
  case bool(Bool)
  /// A plain `~`, `null`, `Null`, `NULL`, or nothing at all (`key:` with no value).
  case null
  /// A plain YAML 1.1 timestamp such as `2024-01-15` or `2001-12-14t21:59:43.10-05:00`.
  case date(Date)
  /// A block or flow sequence.
  case list([YAMLNode])
  /// A block or flow mapping, in document order, one entry per distinct key.
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
  package subscript(key: String) -> YAMLNode? {
    guard case .map(let entries) = self else { return nil }
    return entries.first { $0.key == key }?.value
  }

  /// A short name of the node's kind for messages (`"string"`, `"list"`, `"mapping"`).
  package var kindName: String {
    switch self {
    case .string: "string"
    case .int: "integer"
    case .double: "number"
    case .bool: "boolean"
    case .null: "null"
    case .date: "date"
    case .list: "list"
    case .map: "mapping"
    }
  }
}
