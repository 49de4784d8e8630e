/// The YAML that Yams reads and ``YAMLReader`` refuses: the one list of it.
///
/// Everything else FOSMVVM's Yams reads, the reader reads with the same value and type. What is
/// listed here it refuses with `file:line:column` and the case's ``reason``, so a translation
/// file is never read differently from FOSMVVM. The README's YAML paragraph names the same
/// features; several documents in one file are not listed because Yams rejects them too.
enum YAMLUnsupported: CaseIterable, Sendable {
  /// `&name` before a node.
  case anchor
  /// `*name` standing for an anchored node.
  case alias
  /// A plain `<<` key, which Yams replaces by the keys of the mapping it names.
  case mergeKey
  /// `!`, `!!type` or `!<uri>` before a node, which makes Yams build other types.
  case tag
  /// A `%YAML` or `%TAG` line before `---`.
  case directive
  /// A list or a mapping used as a mapping key, on which Yams stops the process.
  case nonScalarKey
  /// Lists and mappings nested deeper than ``YAMLReader/maximumDepth`` levels.
  case deepNesting

  /// The reason given in the ``InputError``, with the fix.
  var reason: String {
    switch self {
    case .anchor: "anchors ('&') are not supported; write the value out in full"
    case .alias: "aliases ('*') are not supported; write the value out in full"
    case .mergeKey: "merge keys ('<<') are not supported; write the merged keys out"
    case .tag: "tags ('!') are not supported; quote the value to keep it as text"
    case .directive: "directives ('%YAML', '%TAG') are not supported; remove the line"
    case .nonScalarKey: "a list or a mapping as a key is not supported; use a text key"
    case .deepNesting:
      "nesting deeper than \(YAMLReader.maximumDepth) levels of lists and mappings is not supported"
    }
  }

  /// Whether `error` is the reader refusing one of these features.
  static func isRefusal(_ error: InputError) -> Bool {
    allCases.contains { $0.reason == error.reason }
  }
}

extension YAMLSource {
  /// The error refusing `feature` at `mark`.
  func refusal(_ feature: YAMLUnsupported, at mark: YAMLMark) -> InputError {
    error(feature.reason, at: mark)
  }
}
