/// How a scalar was written, which decides how Yams types it: only plain scalars are typed.
enum YAMLScalarStyle: Sendable {
  case plain
  case singleQuoted
  case doubleQuoted
  /// `|`
  case literal
  /// `>`
  case folded
}

/// One token of a YAML document, as YAML 1.1's scanning rules (and libyaml's) split it.
struct YAMLToken: Sendable {
  enum Kind: Sendable {
    case streamStart
    case streamEnd
    /// `---` at the start of a line.
    case documentStart
    /// `...` at the start of a line.
    case documentEnd
    /// Opens a block sequence where a `- ` is more indented than the enclosing block.
    case blockSequenceStart
    /// Opens a block mapping where a key is more indented than the enclosing block.
    case blockMappingStart
    /// Closes a block sequence or mapping where the indentation goes back.
    case blockEnd
    case flowSequenceStart
    case flowSequenceEnd
    case flowMappingStart
    case flowMappingEnd
    /// `- `
    case blockEntry
    /// `,`
    case flowEntry
    /// Before a key: an explicit `? `, or inserted before a scalar found to be followed by `:`.
    case key
    /// `:`
    case value
    case scalar
  }

  var kind: Kind
  var start: YAMLMark
  var end: YAMLMark
  /// The scalar's text as UTF-8, escapes applied and lines folded, for `.scalar`.
  var text: [UInt8] = []
  var style: YAMLScalarStyle = .plain

  /// How the token reads in an error message.
  var name: String {
    switch kind {
    case .streamStart: "the start of the file"
    case .streamEnd: "the end of the file"
    case .documentStart: "'---'"
    case .documentEnd: "'...'"
    case .blockSequenceStart, .blockEntry: "a list item ('- ')"
    case .blockMappingStart: "a key"
    case .blockEnd: "less indentation"
    case .flowSequenceStart: "'['"
    case .flowSequenceEnd: "']'"
    case .flowMappingStart: "'{'"
    case .flowMappingEnd: "'}'"
    case .flowEntry: "','"
    case .key: "a key"
    case .value: "':'"
    case .scalar: style == .plain ? "the text '\(String(decoding: text.prefix(40), as: UTF8.self))'"
      : "a quoted or block value"
    }
  }
}
