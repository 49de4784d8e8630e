/// Splits a YAML file into tokens by the YAML 1.1 scanning rules, as libyaml (inside Yams)
/// applies them, so that it accepts and rejects exactly what FOSMVVM's Yams does.
///
/// Three pieces of state carry the rules. The indentation stack opens a block collection where
/// a key or `- ` is more indented than the block around it, and closes blocks as lines dedent.
/// The simple key list remembers, per flow level, where the last scalar or flow collection
/// started: when a `:` follows on the same line within 1024 characters, a `key` token is
/// inserted there (with a mapping start if the column opens a new block). And whether a simple
/// key is allowed at the current position, which also decides whether a `- `, `? ` or `:` may
/// start here ("block sequence entries are not allowed in this context" in libyaml).
///
/// The file is scanned to its end before parsing; the token list stays small, and every scan
/// error Yams would meet while parsing is met here. Scalars are in `YAMLScanner+Scalars.swift`.
struct YAMLScanner {
  /// A position where a simple key may start, and whether one must (a scalar at the block
  /// indentation that turns out not to be a key is an error).
  struct SimpleKey {
    var isPossible = false
    var isRequired = false
    var tokenIndex = 0
    var mark = YAMLMark(offset: 0, line: 0, column: 0, index: 0)
  }

  let source: YAMLSource
  package let bytes: [UInt8]
  var mark: YAMLMark
  var tokens: [YAMLToken] = []
  /// The column of the innermost open block collection; -1 outside any.
  var indent = -1
  var indents: [Int] = []
  var flowLevel = 0
  var simpleKeyAllowed = true
  /// One entry per flow level, the block level first.
  var simpleKeys = [SimpleKey()]

  /// The tokens of `source`, from stream start to stream end.
  /// - Throws: `InputError` at the first scanning error or unsupported feature.
  static func tokens(of source: YAMLSource) throws(InputError) -> [YAMLToken] {
    var scanner = YAMLScanner(source: source)
    try scanner.scanAll()
    return scanner.tokens
  }

  private init(source: YAMLSource) {
    self.source = source
    bytes = source.bytes
    mark = source.startMark
  }

  private mutating func scanAll() throws(InputError) {
    tokens.append(YAMLToken(kind: .streamStart, start: mark, end: mark))
    while tokens.last?.kind != .streamEnd {
      try fetchNextToken()
    }
  }

  // MARK: Characters

  /// The byte `step` bytes ahead; 0 past the end (the text holds no NUL, see ``YAMLSource``).
  func byte(_ step: Int = 0) -> UInt8 {
    let offset = mark.offset + step
    return offset < bytes.count ? bytes[offset] : 0
  }

  func isEnd(_ step: Int = 0) -> Bool { mark.offset + step >= bytes.count }
  func isBlank(_ step: Int = 0) -> Bool { byte(step) == 0x20 || byte(step) == 0x09 }
  func isBreak(_ step: Int = 0) -> Bool { YAMLSource.breakWidth(bytes, at: mark.offset + step) > 0 }
  func isBreakOrEnd(_ step: Int = 0) -> Bool { isEnd(step) || isBreak(step) }
  func isBlankOrEnd(_ step: Int = 0) -> Bool { isBlank(step) || isBreakOrEnd(step) }
  func check(_ character: Unicode.Scalar, _ step: Int = 0) -> Bool {
    byte(step) == UInt8(ascii: character)
  }

  /// Steps over one character.
  mutating func skip() {
    mark.offset += YAMLSource.width(of: byte())
    mark.column += 1
    mark.index += 1
  }

  /// Steps over one line break (CR LF is one).
  mutating func skipLine() {
    let width = YAMLSource.breakWidth(bytes, at: mark.offset)
    guard width > 0 else { return }
    mark.index += byte() == 0x0D && width == 2 ? 2 : 1
    mark.offset += width
    mark.line += 1
    mark.column = 0
  }

  /// Appends the current character to `text` and steps over it.
  package mutating func read(into text: inout [UInt8]) {
    let width = YAMLSource.width(of: byte())
    text.append(contentsOf: bytes[mark.offset..<min(bytes.count, mark.offset + width)])
    skip()
  }

  /// Appends the current line break to `text` as libyaml does: CR LF, CR and U+0085 become
  /// `\n`; U+2028 and U+2029 are kept.
  mutating func readLine(into text: inout [UInt8]) {
    let width = YAMLSource.breakWidth(bytes, at: mark.offset)
    guard width > 0 else { return }
    if byte() == 0xE2 {
      text.append(contentsOf: bytes[mark.offset..<mark.offset + 3])
    } else {
      text.append(0x0A)
    }
    skipLine()
  }

  func error(_ reason: String, at mark: YAMLMark? = nil) -> InputError {
    source.error(reason, at: mark ?? self.mark)
  }

  // MARK: Dispatch

  private mutating func fetchNextToken() throws(InputError) {
    try scanToNextToken()
    try staleSimpleKeys()
    unrollIndent(to: mark.column)
    if isEnd() { return try fetchStreamEnd() }
    if mark.column == 0 {
      if check("%") { throw source.refusal(.directive, at: mark) }
      if check("-"), check("-", 1), check("-", 2), isBlankOrEnd(3) {
        return try fetchDocumentIndicator(.documentStart)
      }
      if check("."), check(".", 1), check(".", 2), isBlankOrEnd(3) {
        return try fetchDocumentIndicator(.documentEnd)
      }
    }
    switch byte() {
    case UInt8(ascii: "["): return try fetchFlowCollectionStart(.flowSequenceStart)
    case UInt8(ascii: "{"): return try fetchFlowCollectionStart(.flowMappingStart)
    case UInt8(ascii: "]"): return try fetchFlowCollectionEnd(.flowSequenceEnd)
    case UInt8(ascii: "}"): return try fetchFlowCollectionEnd(.flowMappingEnd)
    case UInt8(ascii: ","): return try fetchFlowEntry()
    case UInt8(ascii: "-") where isBlankOrEnd(1): return try fetchBlockEntry()
    case UInt8(ascii: "?") where flowLevel > 0 || isBlankOrEnd(1): return try fetchKey()
    case UInt8(ascii: ":") where flowLevel > 0 || isBlankOrEnd(1): return try fetchValue()
    case UInt8(ascii: "*"): throw source.refusal(.alias, at: mark)
    case UInt8(ascii: "&"): throw source.refusal(.anchor, at: mark)
    case UInt8(ascii: "!"): throw source.refusal(.tag, at: mark)
    case UInt8(ascii: "|") where flowLevel == 0: return try fetchBlockScalar(literal: true)
    case UInt8(ascii: ">") where flowLevel == 0: return try fetchBlockScalar(literal: false)
    case UInt8(ascii: "'"): return try fetchQuotedScalar(single: true)
    case UInt8(ascii: "\""): return try fetchQuotedScalar(single: false)
    default: break
    }
    guard canStartPlainScalar() else {
      if check("\t") {
        throw error("a tab cannot indent YAML or start a value; use spaces")
      }
      let character = String(decoding: bytes[mark.offset..<mark.offset + 1], as: UTF8.self)
      throw error("'\(character)' cannot start a plain value; quote the value")
    }
    try fetchPlainScalar()
  }

  /// Whether a plain scalar may start here: not at a blank or an indicator, except `-`, `?`
  /// and `:` followed by a non-blank (`-5`, `?x`; `:x` only outside flow collections).
  private func canStartPlainScalar() -> Bool {
    if isBlankOrEnd() { return false }
    switch byte() {
    case UInt8(ascii: "-"): return !isBlank(1)
    case UInt8(ascii: "?"), UInt8(ascii: ":"): return flowLevel == 0 && !isBlankOrEnd(1)
    default: return !Array(",[]{}#&*!|>'\"%@`".utf8).contains(byte())
    }
  }

  /// Skips blanks, comments and line breaks. Tabs count as blanks only where no simple key may
  /// start (after a key's `:`, inside flow collections): libyaml rejects tabs as indentation.
  /// A byte order mark at the start of a line is skipped, as libyaml does.
  private mutating func scanToNextToken() throws(InputError) {
    while true {
      if mark.column == 0, byte() == 0xEF, byte(1) == 0xBB, byte(2) == 0xBF { skip() }
      while check(" ") || ((flowLevel > 0 || !simpleKeyAllowed) && check("\t")) { skip() }
      if check("#") {
        while !isBreakOrEnd() { skip() }
      }
      guard isBreak() else { return }
      skipLine()
      if flowLevel == 0 { simpleKeyAllowed = true }
    }
  }

  // MARK: Simple keys

  /// Forgets simple keys that can no longer be keys: a key fits on one line and in 1024
  /// characters. A required one is an error.
  private mutating func staleSimpleKeys() throws(InputError) {
    for index in simpleKeys.indices where simpleKeys[index].isPossible {
      let key = simpleKeys[index]
      guard key.mark.line < mark.line || key.mark.index + 1024 < mark.index else { continue }
      if key.isRequired { throw missingColon(at: key.mark) }
      simpleKeys[index].isPossible = false
    }
  }

  /// Remembers that a simple key may start at the current position.
  mutating func saveSimpleKey() throws(InputError) {
    guard simpleKeyAllowed else { return }
    let key = SimpleKey(
      isPossible: true, isRequired: flowLevel == 0 && indent == mark.column,
      tokenIndex: tokens.count, mark: mark)
    try removeSimpleKey()
    simpleKeys[simpleKeys.count - 1] = key
  }

  /// Forgets the simple key of the current flow level; a required one is an error.
  mutating func removeSimpleKey() throws(InputError) {
    let key = simpleKeys[simpleKeys.count - 1]
    if key.isPossible, key.isRequired { throw missingColon(at: key.mark) }
    simpleKeys[simpleKeys.count - 1].isPossible = false
  }

  private func missingColon(at mark: YAMLMark) -> InputError {
    error("expected ':' after this key on the same line (a key fits on one line and in 1024 "
            + "characters)", at: mark)
  }

  // MARK: Indentation

  /// Opens a block collection at `column` when it is more indented than the current block:
  /// pushes the indentation and adds `kind` at `tokenIndex` (or at the end).
  private mutating func rollIndent(
    to column: Int, at tokenIndex: Int? = nil, _ kind: YAMLToken.Kind, mark: YAMLMark
  ) {
    guard flowLevel == 0, indent < column else { return }
    indents.append(indent)
    indent = column
    let token = YAMLToken(kind: kind, start: mark, end: mark)
    if let tokenIndex { tokens.insert(token, at: tokenIndex) } else { tokens.append(token) }
  }

  /// Closes every block collection more indented than `column`.
  private mutating func unrollIndent(to column: Int) {
    guard flowLevel == 0 else { return }
    while indent > column {
      tokens.append(YAMLToken(kind: .blockEnd, start: mark, end: mark))
      indent = indents.popLast() ?? -1
    }
  }

  // MARK: Indicators

  /// The end of the file. (libyaml moves its mark to a new line here; errors at the end point
  /// at the end of the last line instead, a place an editor can show.)
  private mutating func fetchStreamEnd() throws(InputError) {
    unrollIndent(to: -1)
    try removeSimpleKey()
    simpleKeyAllowed = false
    tokens.append(YAMLToken(kind: .streamEnd, start: mark, end: mark))
  }

  private mutating func fetchDocumentIndicator(_ kind: YAMLToken.Kind) throws(InputError) {
    unrollIndent(to: -1)
    try removeSimpleKey()
    simpleKeyAllowed = false
    try appendIndicator(kind, length: 3)
  }

  private mutating func fetchFlowCollectionStart(_ kind: YAMLToken.Kind) throws(InputError) {
    // Refused here already, not only by the composer: every token checks every flow level's
    // simple key, so unbounded flow nesting would make scanning quadratic.
    if flowLevel >= YAMLReader.maximumDepth { throw source.refusal(.deepNesting, at: mark) }
    try saveSimpleKey()
    simpleKeys.append(SimpleKey())
    flowLevel += 1
    simpleKeyAllowed = true
    try appendIndicator(kind)
  }

  private mutating func fetchFlowCollectionEnd(_ kind: YAMLToken.Kind) throws(InputError) {
    try removeSimpleKey()
    if flowLevel > 0 {
      flowLevel -= 1
      simpleKeys.removeLast()
    }
    simpleKeyAllowed = false
    try appendIndicator(kind)
  }

  private mutating func fetchFlowEntry() throws(InputError) {
    try removeSimpleKey()
    simpleKeyAllowed = true
    try appendIndicator(.flowEntry)
  }

  private mutating func fetchBlockEntry() throws(InputError) {
    if flowLevel == 0 {
      guard simpleKeyAllowed else {
        throw error("a list item ('- ') cannot start here; start it on its own line, or "
                      + "quote a value that begins with '- '")
      }
      rollIndent(to: mark.column, .blockSequenceStart, mark: mark)
    }
    try removeSimpleKey()
    simpleKeyAllowed = true
    try appendIndicator(.blockEntry)
  }

  private mutating func fetchKey() throws(InputError) {
    if flowLevel == 0 {
      guard simpleKeyAllowed else {
        throw error("an explicit key ('? ') cannot start here; quote a value that begins "
                      + "with '? '")
      }
      rollIndent(to: mark.column, .blockMappingStart, mark: mark)
    }
    try removeSimpleKey()
    simpleKeyAllowed = flowLevel == 0
    try appendIndicator(.key)
  }

  private mutating func fetchValue() throws(InputError) {
    let key = simpleKeys[simpleKeys.count - 1]
    if key.isPossible {
      tokens.insert(YAMLToken(kind: .key, start: key.mark, end: key.mark), at: key.tokenIndex)
      rollIndent(to: key.mark.column, at: key.tokenIndex, .blockMappingStart, mark: key.mark)
      simpleKeys[simpleKeys.count - 1].isPossible = false
      simpleKeyAllowed = false
    } else {
      if flowLevel == 0 {
        guard simpleKeyAllowed else {
          throw error("': ' cannot appear here; quote a value that contains ': ' or ends "
                        + "with ':'")
        }
        rollIndent(to: mark.column, .blockMappingStart, mark: mark)
      }
      simpleKeyAllowed = flowLevel == 0
    }
    try appendIndicator(.value)
  }

  private mutating func appendIndicator(_ kind: YAMLToken.Kind, length: Int = 1)
    throws(InputError)
  {
    let start = mark
    for _ in 0..<length { skip() }
    tokens.append(YAMLToken(kind: kind, start: start, end: mark))
  }

  // MARK: Scalars

  private mutating func fetchBlockScalar(literal: Bool) throws(InputError) {
    try removeSimpleKey()
    simpleKeyAllowed = true
    tokens.append(try scanBlockScalar(literal: literal))
  }

  private mutating func fetchQuotedScalar(single: Bool) throws(InputError) {
    try saveSimpleKey()
    simpleKeyAllowed = false
    tokens.append(try scanQuotedScalar(single: single))
  }

  private mutating func fetchPlainScalar() throws(InputError) {
    try saveSimpleKey()
    simpleKeyAllowed = false
    tokens.append(try scanPlainScalar())
  }
}
