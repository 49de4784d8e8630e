/// Reads the strict YAML subset that FOSMVVM localization files use, rejecting everything else
/// with a positioned ``InputError``.
///
/// Supported: block mappings, block sequences of scalars, plain, single- and double-quoted
/// one-line scalars, comments, blank lines, an optional leading `---`, a UTF-8 BOM, and `\n` or
/// `\r\n` line breaks. Rejected: anchors, aliases, tags, flow collections, block scalars,
/// multi-line scalars, complex keys, nulls, empty values, duplicate keys, tab indentation,
/// several documents, and nesting deeper than ``maximumDepth`` levels.
///
/// ```swift
/// let node = try YAMLReader.read("en:\n  Card:\n    title: \"Card\"\n", file: "en.yml")
/// node["en"]?["Card"]?["title"]  // .string("Card")
/// ```
public enum YAMLReader {
  /// The deepest nesting of mappings and sequences accepted.
  public static let maximumDepth = 64

  /// Reads one document from UTF-8 `bytes`; `file` names the source in errors.
  /// - Returns: The document's root; an empty document reads as an empty map.
  /// - Throws: `InputError` with line, column and byte offset of the first problem.
  public static func read(_ bytes: [UInt8], file: String) throws(InputError) -> YAMLNode {
    let source = try YAMLSource(bytes: bytes, file: file)
    var parser = YAMLBlockParser(source: source)
    return try parser.parseDocument()
  }

  /// Reads one document from `text`; `file` names the source in errors.
  public static func read(_ text: String, file: String) throws(InputError) -> YAMLNode {
    try read(Array(text.utf8), file: file)
  }
}

/// The block structure: which lines form mappings and sequences, by indentation.
struct YAMLBlockParser {
  let source: YAMLSource
  /// The next unread content line.
  var index = 0

  var bytes: [UInt8] { source.bytes }

  mutating func parseDocument() throws(InputError) -> YAMLNode {
    if let first = source.lines.first, first.indent == 0, marker(on: first) == "---" {
      try expectNothingAfterMarker(on: first)
      index = 1
    }
    guard let first = try peek() else { return .map([]) }
    let root = isSequenceItem(first)
      ? try parseSequence(indent: first.indent, sharesParentIndent: false, depth: 1)
      : try parseMapping(indent: first.indent, depth: 1)
    if let line = try peek() {
      throw source.error(inconsistentIndentation(line), at: line.contentStart, on: line)
    }
    return root
  }

  /// The next content line, checked for tab indentation and document markers.
  func peek() throws(InputError) -> YAMLLine? {
    guard index < source.lines.count else { return nil }
    let line = source.lines[index]
    if let tab = line.tabOffset {
      throw source.error("tabs are not allowed for indentation", at: tab, on: line)
    }
    if line.indent == 0, let marker = marker(on: line) {
      let reason = marker == "---"
        ? "a second document ('---') is not supported; use one document per file"
        : "document end markers ('...') are not supported; use one document per file"
      throw source.error(reason, at: line.start, on: line)
    }
    return line
  }

  // MARK: Mappings

  mutating func parseMapping(indent: Int, depth: Int) throws(InputError) -> YAMLNode {
    try checkDepth(depth)
    var entries: [YAMLNode.Entry] = []
    var firstLines: [String: Int] = [:]
    var lastValueInline = false
    while let line = try peek() {
      if line.indent < indent { break }
      if line.indent > indent {
        let reason = lastValueInline
          ? "unexpected deeper indentation; multi-line scalars are not supported"
          : inconsistentIndentation(line)
        throw source.error(reason, at: line.contentStart, on: line)
      }
      if isSequenceItem(line) {
        throw source.error("expected a mapping key, found a sequence item ('- ')",
                           at: line.contentStart, on: line)
      }
      let key = try parseKey(on: line)
      if let firstLine = firstLines[key.text] {
        throw source.error("duplicate key '\(key.text)' (first defined on line \(firstLine))",
                           at: key.offset, on: line)
      }
      firstLines[key.text] = line.number
      index += 1
      let value: YAMLNode
      if let scalar = try parseValue(on: line, from: key.valueStart, context: .mappingValue) {
        value = scalar
        lastValueInline = true
      } else {
        value = try parseNestedValue(key: key, on: line, indent: indent, depth: depth)
        lastValueInline = false
      }
      entries.append(YAMLNode.Entry(
        key: key.text, value: value, line: line.number,
        column: source.column(of: key.offset, on: line), byteOffset: key.offset))
    }
    return .map(entries)
  }

  /// The block under `key:` when nothing follows the colon on its line.
  mutating func parseNestedValue(
    key: ScannedKey, on keyLine: YAMLLine, indent: Int, depth: Int
  ) throws(InputError) -> YAMLNode {
    if let next = try peek() {
      if next.indent > indent {
        return isSequenceItem(next)
          ? try parseSequence(indent: next.indent, sharesParentIndent: false, depth: depth + 1)
          : try parseMapping(indent: next.indent, depth: depth + 1)
      }
      if next.indent == indent, isSequenceItem(next) {
        return try parseSequence(indent: indent, sharesParentIndent: true, depth: depth + 1)
      }
    }
    throw source.error(
      "empty value for key '\(key.text)'; empty and null values are not supported",
      at: key.offset, on: keyLine)
  }

  // MARK: Sequences

  mutating func parseSequence(
    indent: Int, sharesParentIndent: Bool, depth: Int
  ) throws(InputError) -> YAMLNode {
    try checkDepth(depth)
    var items: [YAMLNode] = []
    while let line = try peek() {
      if line.indent < indent { break }
      if line.indent > indent {
        throw source.error("unexpected deeper indentation; multi-line scalars are not supported",
                           at: line.contentStart, on: line)
      }
      guard isSequenceItem(line) else {
        if sharesParentIndent { break }
        throw source.error("expected a sequence item ('- ')", at: line.contentStart, on: line)
      }
      index += 1
      let dash = line.contentStart
      if let item = try parseValue(on: line, from: dash + 1, context: .sequenceItem) {
        items.append(item)
        continue
      }
      if let next = try peek(), next.indent > indent {
        throw source.error(
          "nested mappings and sequences inside sequence items are not supported",
          at: dash, on: line)
      }
      throw source.error("empty sequence item; empty and null values are not supported",
                         at: dash, on: line)
    }
    return .list(items)
  }

  // MARK: Helpers

  func checkDepth(_ depth: Int) throws(InputError) {
    guard depth > YAMLReader.maximumDepth, let line = try peek() else { return }
    throw source.error(
      "nesting deeper than \(YAMLReader.maximumDepth) levels is not supported",
      at: line.contentStart, on: line)
  }

  func inconsistentIndentation(_ line: YAMLLine) -> String {
    "inconsistent indentation: \(line.indent) spaces match no open block"
  }

  func isSequenceItem(_ line: YAMLLine) -> Bool {
    bytes[line.contentStart] == UInt8(ascii: "-") && isBreakOrBlank(line.contentStart + 1, line)
  }

  /// Whether `offset` is the end of `line` or a space or tab on it.
  func isBreakOrBlank(_ offset: Int, _ line: YAMLLine) -> Bool {
    offset >= line.end || YAMLSource.isBlank(bytes[offset])
  }

  /// `"---"` or `"..."` when `line` starts with a document marker.
  func marker(on line: YAMLLine) -> String? {
    let start = line.contentStart
    guard start + 3 <= line.end else { return nil }
    for candidate in ["---", "..."] where bytes[start..<start + 3].elementsEqual(candidate.utf8) {
      return isBreakOrBlank(start + 3, line) ? candidate : nil
    }
    return nil
  }

  func expectNothingAfterMarker(on line: YAMLLine) throws(InputError) {
    var offset = line.contentStart + 3
    while offset < line.end, YAMLSource.isBlank(bytes[offset]) { offset += 1 }
    guard offset < line.end, bytes[offset] != UInt8(ascii: "#") else { return }
    throw source.error("content after '---' on the same line is not supported",
                       at: offset, on: line)
  }
}
