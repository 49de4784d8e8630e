import ContractKitRuntime

/// `translation-lost`: a text the committed baseline shows in its locale's own language that
/// today's encoding shows in another locale's words, or not at all.
///
/// The baseline holds a text in its own language when it is not empty and, outside the base
/// locale, differs from the base locale's baseline at the same place: a text that already
/// fell back when it was recorded (or a word the same in both languages) was never
/// translated, and its fallback stays `translation-fallback`. Today's lookups say the locale
/// no longer translates it: one fell back, is missing or empty, or is written in a form
/// FOSMVVM cannot show. Where the wire shows the baseline's text, nothing is lost.
///
/// ```swift
/// TranslationLoss.findings(lookups, in: file, baseline: old, current: new, isBaseLocale: false,
///                          baseBaseline: { englishBaseline }, home: { _ in "fr.yml" })
/// // [translation-lost /pageTitle: "Tâches" → "Jobs", the fr translation fell back to en]
/// ```
enum TranslationLoss {
  /// One finding per place whose text was lost, in lookup order.
  /// - Parameters:
  ///   - lookups: Today's lookups of `file`'s payload.
  ///   - emptied: Places today's payload shows empty that no lookup names: a wire
  ///     contract's hinted texts (`translation-missing` found by the payload's shape).
  ///   - baseline: The committed payload; `current`, today's.
  ///   - isBaseLocale: Whether `file` is in the base locale, whose every text is its own.
  ///   - baseBaseline: The base locale's committed payload of the same contract, version and
  ///     variant; read only when some lookup no longer resolves here.
  ///   - home: The YAML file a key's translation belongs in, for the message.
  static func findings(
    _ lookups: [KeyLookup], emptied: [String] = [], in file: ContractCase, baseline: JSONValue,
    current: JSONValue, isBaseLocale: Bool, baseBaseline: () throws -> JSONValue?,
    home: (String) -> String?
  ) rethrows -> [Finding] {
    var order: [String] = []
    var byPointer: [String: [KeyLookup]] = [:]
    for lookup in lookups where !resolvesHere(lookup.resolution) {
      let pointer = lookup.pointer
      if byPointer[pointer] == nil { order.append(pointer) }
      byPointer[pointer, default: []].append(lookup)
    }
    for pointer in emptied where byPointer[pointer] == nil {
      order.append(pointer)
      byPointer[pointer] = []
    }
    guard !order.isEmpty else { return [] }
    var base: JSONValue??
    var findings: [Finding] = []
    for pointer in order {
      guard let lost = byPointer[pointer],
        let old = JSONPointer.value(at: pointer, in: baseline), hasText(old),
        let new = JSONPointer.value(at: pointer, in: current), old != new
      else { continue }
      if !isBaseLocale {
        if base == nil { base = .some(try baseBaseline()) }
        // The same text as the base locale's when recorded: it was never translated here.
        if let recorded = base ?? nil, JSONPointer.value(at: pointer, in: recorded) == old {
          continue
        }
      }
      var keys: [String] = []
      for lookup in lost where !keys.contains(lookup.key) { keys.append(lookup.key) }
      findings.append(.translationLost(
        keys: keys, at: pointer, in: file, how: how(lost.first?.resolution ?? .missing, shows: new),
        home: lost.first.flatMap { home($0.key) }, was: old, now: new))
    }
    return findings
  }

  /// Whether a lookup found a text of the locale itself.
  static func resolvesHere(_ resolution: Resolution) -> Bool {
    if case .resolved(let value) = resolution { return value != .string("") }
    return false
  }

  /// Whether `value` is a text that shows something: a non-empty string or list of strings.
  private static func hasText(_ value: JSONValue) -> Bool {
    switch value {
    case .string(let text): !text.isEmpty
    case .array(let items): !items.isEmpty && items.allSatisfy { $0.stringValue != nil }
    default: false
    }
  }

  /// What clients in the locale see now, for the message.
  private static func how(_ resolution: Resolution, shows new: JSONValue) -> String {
    let isEmpty = new == .string("") || new == .array([]) || new == .null
    switch resolution {
    case .fellBack(_, let locale): return "clients here now see the \(locale) text"
    case .flawed(_, let issue): return "clients here now see nothing: \(issue.message)"
    case .resolved(.string("")): return "clients here now see nothing (its text here is empty)"
    case .missing, .resolved:
      return isEmpty
        ? "clients here now see nothing (this locale has no text for it)"
        : "clients here now see the text without it (this locale has no text for it)"
    }
  }
}
