/// Scalars: plain, quoted and block, with YAML 1.1's line folding as libyaml does it.
///
/// Folding is the same rule in plain and quoted scalars: a single line break between two
/// lines becomes a space, a run of line breaks keeps all but the first, spaces around a break
/// are dropped. Only U+2028 and U+2029 survive as themselves, since libyaml keeps them.
extension YAMLScanner {
  /// The lines and spaces between two pieces of a multi-line scalar, before they are joined.
  private struct Gap {
    var whitespace: [UInt8] = []
    var leadingBreak: [UInt8] = []
    var trailingBreaks: [UInt8] = []
    var hasBreak = false

    /// Appends the gap, folded, to `text`, and empties it.
    mutating func fold(into text: inout [UInt8]) {
      if hasBreak {
        if leadingBreak.first == 0x0A {
          if trailingBreaks.isEmpty { text.append(0x20) } else { text += trailingBreaks }
        } else {
          text += leadingBreak
          text += trailingBreaks
        }
      } else {
        text += whitespace
      }
      self = Gap()
    }
  }

  // MARK: Plain

  /// Reads a plain scalar, which may continue on more-indented lines (any lines in a flow
  /// collection) and ends before ` #`, `: `, a less-indented line, or a flow indicator.
  mutating func scanPlainScalar() throws(InputError) -> YAMLToken {
    let start = mark
    var end = mark
    var text: [UInt8] = []
    var gap = Gap()
    let minimumIndent = indent + 1
    while true {
      if mark.column == 0, isDocumentMarker() { break }
      if check("#") { break }
      while !isBlankOrEnd() {
        if flowLevel > 0, check(":"), Array(",?[]{}".utf8).contains(byte(1)) {
          throw error("':' followed by '\(UnicodeScalar(byte(1)))' inside a flow collection; "
                        + "quote the value")
        }
        if (check(":") && isBlankOrEnd(1))
          || (flowLevel > 0 && Array(",[]{}".utf8).contains(byte())) { break }
        if gap.hasBreak || !gap.whitespace.isEmpty { gap.fold(into: &text) }
        read(into: &text)
        end = mark
      }
      guard isBlank() || isBreak() else { break }
      try readGap(into: &gap, tabsRejectedBelow: minimumIndent)
      if flowLevel == 0, mark.column < minimumIndent { break }
    }
    // A line break inside the scalar lets the next line start a key, as after any line break.
    if gap.hasBreak { simpleKeyAllowed = true }
    return YAMLToken(kind: .scalar, start: start, end: end, text: text, style: .plain)
  }

  /// Reads the blanks and line breaks between two pieces of a scalar into `gap`: spaces before
  /// the first break, that break, and the breaks after it (the indentation after a break is
  /// skipped).
  /// - Parameter indent: A tab that indents a continuation line to a column below this one
  ///   is an error (a plain scalar's continuation lines are indented by spaces).
  private mutating func readGap(into gap: inout Gap, tabsRejectedBelow indent: Int)
    throws(InputError)
  {
    while isBlank() || isBreak() {
      if isBlank() {
        if gap.hasBreak, mark.column < indent, check("\t") {
          throw error("a tab indents this continuation line; use spaces")
        }
        if gap.hasBreak { skip() } else { read(into: &gap.whitespace) }
      } else if gap.hasBreak {
        readLine(into: &gap.trailingBreaks)
      } else {
        gap.whitespace = []
        readLine(into: &gap.leadingBreak)
        gap.hasBreak = true
      }
    }
  }

  /// `---` or `...` followed by a blank or the end, at the current position.
  private func isDocumentMarker() -> Bool {
    ((check("-") && check("-", 1) && check("-", 2)) || (check(".") && check(".", 1)
      && check(".", 2))) && isBlankOrEnd(3)
  }

  // MARK: Quoted

  /// Reads a single- or double-quoted scalar, which may span lines (folded as plain scalars
  /// are) and, in double quotes, holds escapes.
  mutating func scanQuotedScalar(single: Bool) throws(InputError) -> YAMLToken {
    let start = mark
    let quote: Unicode.Scalar = single ? "'" : "\""
    let kind = single ? "single-quoted" : "double-quoted"
    skip()
    var text: [UInt8] = []
    while true {
      if mark.column == 0, isDocumentMarker() {
        throw error("a line inside a \(kind) value starts with '---' or '...'; indent it")
      }
      if isEnd() {
        throw error("unterminated \(kind) value; close it with \(quote)", at: start)
      }
      var gap = Gap()
      while !isBlankOrEnd() {
        if single, check("'"), check("'", 1) {
          text.append(UInt8(ascii: "'"))
          skip()
          skip()
        } else if check(quote) {
          break
        } else if !single, check("\\"), isBreak(1) {
          // An escaped line break joins the lines with nothing between them.
          skip()
          skipLine()
          gap.hasBreak = true
          break
        } else if !single, check("\\") {
          try readEscape(into: &text)
        } else {
          read(into: &text)
        }
      }
      if check(quote) { break }
      try readGap(into: &gap, tabsRejectedBelow: 0)
      gap.fold(into: &text)
    }
    skip()
    return YAMLToken(kind: .scalar, start: start, end: mark, text: text,
                     style: single ? .singleQuoted : .doubleQuoted)
  }

  /// Reads the escape at the backslash: YAML 1.1's set, with `\x`, `\u` and `\U` giving
  /// Unicode scalars (libyaml refuses surrogates and values past U+10FFFF).
  private mutating func readEscape(into text: inout [UInt8]) throws(InputError) {
    let escape = mark
    let letter = byte(1)
    let simple: [UInt8: UInt32] = [
      UInt8(ascii: "0"): 0, UInt8(ascii: "a"): 7, UInt8(ascii: "b"): 8, UInt8(ascii: "t"): 9,
      0x09: 9, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "v"): 0x0B, UInt8(ascii: "f"): 0x0C,
      UInt8(ascii: "r"): 0x0D, UInt8(ascii: "e"): 0x1B, UInt8(ascii: " "): 0x20,
      UInt8(ascii: "\""): 0x22, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "\\"): 0x5C,
      UInt8(ascii: "N"): 0x85, UInt8(ascii: "_"): 0xA0, UInt8(ascii: "L"): 0x2028,
      UInt8(ascii: "P"): 0x2029,
    ]
    let digitCount: Int
    switch letter {
    case UInt8(ascii: "x"): digitCount = 2
    case UInt8(ascii: "u"): digitCount = 4
    case UInt8(ascii: "U"): digitCount = 8
    default:
      guard let value = simple[letter] else {
        let shown = isBreakOrEnd(1) ? "" : String(decoding: bytes[(mark.offset + 1)...]
          .prefix(YAMLSource.width(of: letter)), as: UTF8.self)
        throw error("unknown escape '\\\(shown)' in double quotes; write '\\\\' for a "
                      + "backslash", at: escape)
      }
      skip()
      skip()
      append(value, to: &text)
      return
    }
    skip()
    skip()
    var value: UInt32 = 0
    for step in 0..<digitCount {
      guard let digit = Self.hexDigit(byte(step)) else {
        throw error("escape '\\\(UnicodeScalar(letter))' needs \(digitCount) hexadecimal digits",
                    at: escape)
      }
      value = value << 4 | digit
    }
    guard !(0xD800...0xDFFF).contains(value), value <= 0x10FFFF else {
      throw error("escape '\\\(UnicodeScalar(letter))' gives \(YAMLSource.hex(value)), which is "
                    + "not a Unicode scalar; write characters above U+FFFF as '\\U' and 8 digits",
                  at: escape)
    }
    for _ in 0..<digitCount { skip() }
    append(value, to: &text)
  }

  private func append(_ value: UInt32, to text: inout [UInt8]) {
    guard let scalar = Unicode.Scalar(value) else { return }
    Unicode.UTF8.encode(scalar) { text.append($0) }
  }

  static func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: UInt32(byte - 0x30)
    case 0x41...0x46: UInt32(byte - 0x41 + 10)
    case 0x61...0x66: UInt32(byte - 0x61 + 10)
    default: nil
    }
  }

  // MARK: Block

  /// Reads a literal (`|`) or folded (`>`) block scalar with its header's chomping (`-`, `+`)
  /// and indentation (`1`–`9`, counted from the enclosing block) indicators.
  mutating func scanBlockScalar(literal: Bool) throws(InputError) -> YAMLToken {
    let start = mark
    skip()
    var chomping = 0
    var increment = 0
    func indicatorZero() -> InputError {
      error("a block scalar's indentation indicator must be 1 to 9, not 0", at: start)
    }
    if check("+") || check("-") {
      chomping = check("+") ? 1 : -1
      skip()
      if let digit = digitValue() {
        if digit == 0 { throw indicatorZero() }
        increment = digit
        skip()
      }
    } else if let digit = digitValue() {
      if digit == 0 { throw indicatorZero() }
      increment = digit
      skip()
      if check("+") || check("-") {
        chomping = check("+") ? 1 : -1
        skip()
      }
    }
    while isBlank() { skip() }
    if check("#") {
      while !isBreakOrEnd() { skip() }
    }
    guard isBreakOrEnd() else {
      throw error("only '+', '-', a digit and a comment may follow '\(literal ? "|" : ">")' on "
                    + "its line; the text starts on the next line")
    }
    skipLine()
    var blockIndent = increment > 0 ? (indent >= 0 ? indent + increment : increment) : 0
    var text: [UInt8] = []
    var leadingBreak: [UInt8] = []
    var trailingBreaks: [UInt8] = []
    var leadingBlank = false
    try scanBlockBreaks(indent: &blockIndent, into: &trailingBreaks)
    while mark.column == blockIndent, !isEnd() {
      // Folding joins two lines with a space unless either is more indented than the text.
      let trailingBlank = isBlank()
      if !literal, leadingBreak.first == 0x0A, !leadingBlank, !trailingBlank {
        if trailingBreaks.isEmpty { text.append(0x20) }
      } else {
        text += leadingBreak
      }
      leadingBreak = []
      text += trailingBreaks
      trailingBreaks = []
      leadingBlank = isBlank()
      while !isBreakOrEnd() { read(into: &text) }
      readLine(into: &leadingBreak)
      try scanBlockBreaks(indent: &blockIndent, into: &trailingBreaks)
    }
    if chomping != -1 { text += leadingBreak }
    if chomping == 1 { text += trailingBreaks }
    return YAMLToken(kind: .scalar, start: start, end: mark, text: text,
                     style: literal ? .literal : .folded)
  }

  /// Skips the indentation and empty lines before a block scalar's next line, collecting the
  /// line breaks; without an indicator, the first line with text sets the indentation.
  private mutating func scanBlockBreaks(indent blockIndent: inout Int, into breaks: inout [UInt8])
    throws(InputError)
  {
    var maximumIndent = 0
    while true {
      while blockIndent == 0 || mark.column < blockIndent, check(" ") { skip() }
      maximumIndent = max(maximumIndent, mark.column)
      if blockIndent == 0 || mark.column < blockIndent, check("\t") {
        throw error("a tab indents a line of this block scalar; use spaces")
      }
      guard isBreak() else { break }
      readLine(into: &breaks)
    }
    if blockIndent == 0 {
      blockIndent = max(maximumIndent, indent + 1, 1)
    }
  }

  private func digitValue() -> Int? {
    (0x30...0x39).contains(byte()) ? Int(byte() - 0x30) : nil
  }
}
