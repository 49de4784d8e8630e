import ContractKitRuntime

/// The reason an accepted break is given, which `Baselines.md` logs: the one validation of
/// `record --accept-breaking --reason`, `review --reason` and the reason typed in `review`.
///
/// A reason is read by people in a Markdown table, so it must hold printable text, and no
/// character that could break its line or hide what it says: controls (a newline, ESC, a
/// tab), the line and paragraph separators (U+2028, U+2029) and format characters (the
/// bidirectional overrides such as U+202E, zero-width characters).
enum BreakReason {
  /// Why `text` is not a reason (`is empty`, `holds U+001B, a control character`), or
  /// `nil` when it is one.
  static func problem(in text: String) -> String? {
    if let scalar = text.unicodeScalars.first(where: isRefused) {
      let code = String(scalar.value, radix: 16, uppercase: true)
      return "holds U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code), "
        + "\(describe(scalar)); write it in printable text on one line"
    }
    guard text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
      return "is empty; say why the break is intended"
    }
    return nil
  }

  /// Whether `scalar` may not stand in a reason.
  private static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned,
      .privateUse:
      return true
    default:
      return false
    }
  }

  private static func describe(_ scalar: Unicode.Scalar) -> String {
    switch scalar.properties.generalCategory {
    case .control: "a control character"
    case .format: "an invisible format character"
    case .lineSeparator, .paragraphSeparator: "a line break"
    default: "not printable text"
    }
  }
}
