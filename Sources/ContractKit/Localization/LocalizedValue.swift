/// A scalar or list found at a key of a ``LocalizationStore``.
///
/// ```swift
/// store.value(forKey: "DashboardViewModel.weekdays", locale: "en")
/// // .list([.string("Mon"), .string("Tue")])
/// ```
public indirect enum LocalizedValue: Sendable, Hashable {
  case string(String)
  case int(Int)
  case double(Double)
  case bool(Bool)
  case list([LocalizedValue])
}

extension LocalizedValue {
  /// The value of a YAML leaf; `nil` for a mapping, or a list that contains one.
  init?(_ node: YAMLNode) {
    switch node {
    case .string(let text): self = .string(text)
    case .int(let value): self = .int(value)
    case .double(let value): self = .double(value)
    case .bool(let value): self = .bool(value)
    case .list(let items):
      var values: [LocalizedValue] = []
      for item in items {
        guard let value = LocalizedValue(item) else { return nil }
        values.append(value)
      }
      self = .list(values)
    case .map, .null, .date: return nil
    }
  }
}

/// How a key was found for a locale: in the locale itself, in a fallback locale, or not at all.
public enum Resolution: Sendable, Hashable {
  /// Found in the requested locale.
  case resolved(LocalizedValue)
  /// Found only in `from`, a less specific parent or the base locale.
  case fellBack(LocalizedValue, from: String)
  /// Found in no locale of the fallback chain.
  case missing
}

/// Where a translation key was written: file, 1-based line and column of its last key segment.
public struct TranslationLocation: Sendable, Hashable, CustomStringConvertible {
  /// The file's path as given to the store.
  public var file: String
  /// The 1-based line.
  public var line: Int
  /// The 1-based column in Unicode scalars.
  public var column: Int

  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:column`.
  public var description: String { "\(file):\(line):\(column)" }
}
