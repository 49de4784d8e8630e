/// A value FOSMVVM's store holds at a key: a trimmed string, a number, a boolean, or a list of
/// one of those types.
///
/// ```swift
/// store.value(forKey: "DashboardViewModel.weekdays", locale: "en")
/// // .list([.string("Mon"), .string("Tue")])
/// ```
package indirect enum LocalizedValue: Sendable, Hashable {
  case string(String)
  case int(Int)
  case double(Double)
  case bool(Bool)
  case list([LocalizedValue])
}

extension LocalizedValue {
  /// Whether `self` and `other` are the same value down to the bits: strings by Unicode
  /// scalars (not canonical equivalence), doubles by bit pattern (`-0.0` is not `0.0`, NaN is
  /// NaN). Two writes of a key that differ this way are two answers for FOSMVVM.
  func isIdentical(to other: LocalizedValue) -> Bool {
    switch (self, other) {
    case (.string(let lhs), .string(let rhs)): lhs.unicodeScalars.elementsEqual(rhs.unicodeScalars)
    case (.int(let lhs), .int(let rhs)): lhs == rhs
    case (.double(let lhs), .double(let rhs)): lhs.bitPattern == rhs.bitPattern
    case (.bool(let lhs), .bool(let rhs)): lhs == rhs
    case (.list(let lhs), .list(let rhs)):
      lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.isIdentical(to: $1) }
    default: false
    }
  }
}

/// How a key was found for a locale: in the locale itself, in a fallback locale, written in a
/// form FOSMVVM cannot show, or not at all.
package enum Resolution: Sendable, Hashable {
  /// Found in the requested locale.
  case resolved(LocalizedValue)
  /// Found only in `from`, a less specific parent or the base locale.
  case fellBack(LocalizedValue, from: String)
  /// Written in the first locale of the fallback chain that has the key, but FOSMVVM shows
  /// nothing for it (`shown` is `nil`: a boolean or number where a text is asked for, a null
  /// or date it drops) or only part of it (`shown` holds what it keeps of a list).
  case flawed(shown: LocalizedValue?, TranslationIssue)
  /// Found in no locale of the fallback chain.
  case missing
}

/// Where a translation key was written: file, 1-based line and column of its last key segment.
package struct TranslationLocation: Sendable, Hashable, CustomStringConvertible {
  /// The file's path as given to the store (for a file inside a built resource bundle, the
  /// package's source file it was copied from).
  package var file: String
  /// The 1-based line.
  package var line: Int
  /// The 1-based column in Unicode scalars.
  package var column: Int

  package init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:column`.
  package var description: String { "\(file):\(line):\(column)" }
}

extension TranslationLocation {
  /// The location of `mark` in `file`.
  init(file: String, mark: YAMLMark) {
    self.init(file: file, line: mark.line + 1, column: mark.column + 1)
  }
}
