/// Reads YAML exactly as FOSMVVM does, which reads its translation files with Yams: the same
/// values with the same YAML 1.1 types, or a positioned ``InputError``.
///
/// Everything Yams reads is read: block and flow collections, plain, quoted and block scalars
/// with every escape, indicator and folding rule, comments, empty values (null), `---`/`...`,
/// any line break libyaml knows, and Yams's typing (`Yes` is a boolean, `010` is 8, `12:30` is
/// 750, `2024-01-15` a date). What Yams rejects is rejected. The few features listed in
/// ``YAMLUnsupported`` (anchors, aliases, merge keys, tags, directives, lists or mappings as
/// keys, very deep nesting) are refused with their position, never read differently.
///
/// ```swift
/// let node = try YAMLReader.read("en:\n  Card:\n    title: \"Card\"\n", file: "en.yml")
/// node["en"]?["Card"]?["title"]  // .string("Card")
/// ```
enum YAMLReader {
  /// The deepest nesting of lists and mappings read. Yams (libyaml) stops at about 1000
  /// levels; the reader stops earlier so that nothing it builds can exhaust a thread's stack.
  package static let maximumDepth = 256

  /// Reads the one document in UTF-8 `bytes`; `file` names the source in errors.
  /// - Returns: The document's root; ``YAMLNode/null`` when the file holds no document (only
  ///   blanks and comments), as in Yams.
  /// - Throws: `InputError` with the line, column and byte offset of the first problem.
  package static func read(_ bytes: [UInt8], file: String) throws(InputError) -> YAMLNode {
    try document(bytes, file: file)?.node ?? .null
  }

  /// Reads the one document in `text`; `file` names the source in errors.
  package static func read(_ text: String, file: String) throws(InputError) -> YAMLNode {
    try read(Array(text.utf8), file: file)
  }

  /// The document's root with where each node was written, or `nil` for no document.
  static func document(_ bytes: [UInt8], file: String) throws(InputError) -> YAMLSourceNode? {
    try YAMLParser.document(in: YAMLSource(bytes: bytes, file: file))
  }
}
