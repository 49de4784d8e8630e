/// Unusable input: a file the harness cannot read as what it should be, and where.
///
/// Every parser in ContractKit (JSON baselines, YAML translations, report files) throws this
/// one type, so the command line can name the file and the position the same way for all of
/// them and exit with code 2.
///
/// ```swift
/// print(InputError(file: "en.json", line: 3, column: 7, byteOffset: 31,
///                  reason: "expected ',' or '}' after an object member"))
/// ```
/// Prints: `en.json:3:7: expected ',' or '}' after an object member (byte offset 31)`
public struct InputError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file's path as the user gave it or as the harness found it.
  public var file: String
  /// The 1-based line, when the position is known.
  public var line: Int?
  /// The 1-based column in Unicode scalars, when the position is known.
  public var column: Int?
  /// The 0-based byte offset from the start of the file, when the position is known.
  public var byteOffset: Int?
  /// What is wrong, in one sentence without a trailing period.
  public var reason: String

  public init(file: String, line: Int? = nil, column: Int? = nil, byteOffset: Int? = nil,
              reason: String) {
    self.file = file
    self.line = line
    self.column = column
    self.byteOffset = byteOffset
    self.reason = reason
  }

  public var description: String {
    var text = file
    if let line {
      text += ":\(line)"
      if let column { text += ":\(column)" }
    }
    text += ": \(reason)"
    if let byteOffset { text += " (byte offset \(byteOffset))" }
    return text
  }
}
