/// Why FOSMVVM shows no text, or less than was written, for a translation key: what the YAML
/// says, what FOSMVVM makes of it, and how to fix the file.
///
/// A text lookup (``LocalizationContext/string(forKey:)``) of `confirm: Yes` resolves as
/// ``Resolution/flawed(shown:_:)`` with no value shown and this issue, which `check` reports as
/// `translation-missing`:
///
/// ```
/// en.yml:3:14 writes `Yes`, the boolean true in YAML, and FOSMVVM shows no text for it;
/// quote it: "Yes"
/// ```
package struct TranslationIssue: Sendable, Hashable, CustomStringConvertible {
  /// Where the value was written.
  package let location: TranslationLocation
  /// The explanation and the fix, one sentence without a trailing period.
  package let message: String

  package var description: String { message }
}

extension LocalizationStore {
  /// What a lookup asks for: a text (``LocalizationContext/string(forKey:)``), or whatever
  /// value the key holds.
  enum Expectation: Sendable {
    case text
    case value
  }
}

extension LocalizationStore.Entry {
  /// What FOSMVVM shows for a lookup of this entry, and why that is not what was written;
  /// `nil` when it shows the value as written.
  func issue(expecting expectation: LocalizationStore.Expectation)
    -> (shown: LocalizedValue?, issue: TranslationIssue)?
  {
    guard let value else { return (nil, dropped()) }
    switch (expectation, value) {
    case (.text, .string(let text)):
      guard text.isEmpty, case .scalar(let scalar) = written.node.content, !scalar.text.isEmpty
      else { return nil }
      return (value, issue(
        "writes \(YAMLText.quoted(scalar.text)), only whitespace, which FOSMVVM trims to an "
          + "empty text; FOSMVVM cannot show a text of only whitespace, so give it in code"))
    case (.text, .list):
      return (nil, issue("writes a list, and FOSMVVM shows no text for a list; write one text"))
    case (.text, _):
      guard case .scalar(let scalar) = written.node.content else { return nil }
      return (nil, issue(
        "writes \(YAMLText.shown(scalar.text)), \(YAMLText.kind(of: scalar.value)) in YAML, and "
          + "FOSMVVM shows no text for it; quote it: \(YAMLText.quoted(scalar.text))"))
    case (.value, .list(let kept)):
      return droppedItems(keeping: kept).map { (value, $0) }
    case (.value, _):
      return nil
    }
  }

  /// Why FOSMVVM has nothing at this key.
  private func dropped() -> TranslationIssue {
    switch written.node.content {
    case .scalar(let scalar) where scalar.value == .null && scalar.style == .plain
      && scalar.text.isEmpty:
      return TranslationIssue(
        location: location,
        message: "\(location) gives the key no value, which YAML reads as null, and FOSMVVM "
          + "drops the key; write its text after the ':'")
    case .scalar(let scalar):
      return issue(
        "writes \(YAMLText.shown(scalar.text)), \(YAMLText.kind(of: scalar.value)) in YAML, "
          + "which FOSMVVM drops; quote it to keep it as text: \(YAMLText.quoted(scalar.text))")
    case .list:
      return issue("writes an empty list, which FOSMVVM drops")
    case .map:
      return issue("writes an empty mapping, which FOSMVVM drops")
    }
  }

  /// The items of a list FOSMVVM leaves out, keeping only those of the list's first type.
  private func droppedItems(keeping kept: [LocalizedValue]) -> TranslationIssue? {
    guard case .list(let items) = written.node.content, items.count > kept.count,
          let first = kept.first else { return nil }
    let keptKind = YAMLText.pluralKind(of: first)
    let dropped = items.enumerated().compactMap { index, item -> String? in
      if case .scalar(let scalar) = item.content, LocalizedValue(scalar.value).map({
        YAMLText.pluralKind(of: $0) == keptKind
      }) == true { return nil }
      return "item \(index + 1) (\(YAMLText.describe(item)))"
    }
    return issue(
      "writes a list FOSMVVM keeps only the \(keptKind) of, dropping "
        + "\(dropped.joined(separator: ", ")); quote those items")
  }

  private func issue(_ text: String) -> TranslationIssue {
    let place = TranslationLocation(file: written.file, mark: written.node.mark)
    return TranslationIssue(location: place, message: "\(place) \(text)")
  }
}

/// How YAML values read in messages.
enum YAMLText {
  /// `text` in backticks, or `nothing` for an empty scalar.
  static func shown(_ text: String) -> String {
    text.isEmpty ? "nothing" : "`\(text.count > 60 ? String(text.prefix(60)) + "…" : text)`"
  }

  /// `text` as a double-quoted YAML scalar, which always reads back as that text.
  package static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}", "\u{FEFF}":
        let digits = String(scalar.value, radix: 16, uppercase: true)
        result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// `a boolean`, `the integer 668`, … for a scalar Yams typed.
  static func kind(of value: YAMLNode) -> String {
    switch value {
    case .bool(let flag): "the boolean \(flag)"
    case .int(let number): "the integer \(number)"
    case .double(let number): "the number \(number)"
    case .null: "null"
    case .date: "a date"
    case .string: "a text"
    case .list: "a list"
    case .map: "a mapping"
    }
  }

  /// `strings`, `integers`, … for the items FOSMVVM keeps in a list.
  static func pluralKind(of value: LocalizedValue) -> String {
    switch value {
    case .string: "strings"
    case .int: "integers"
    case .double: "numbers"
    case .bool: "booleans"
    case .list: "lists"
    }
  }

  /// A list item for a message: `` `2`, the integer 2 ``.
  static func describe(_ item: YAMLSourceNode) -> String {
    switch item.content {
    case .scalar(let scalar): "\(shown(scalar.text)), \(kind(of: scalar.value))"
    case .list: "a list"
    case .map: "a mapping"
    }
  }
}
