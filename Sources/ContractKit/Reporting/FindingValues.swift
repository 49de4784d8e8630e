import ContractKitRuntime
/// The labelled values of a finding as every human-readable format shows them.
///
/// The finding's ``ValuePair`` names the values: `baseline` and `current`, `first` and
/// `second` for two encodings of one stub, `current` alone for a problem of today's
/// encoding. Text, Markdown and HTML all label values through here, so they agree.
struct FindingValue: Hashable {
  /// `baseline`, `current (en)`.
  var label: String
  /// The value, `nil` when absent.
  var value: JSONValue?
}

extension Finding {
  /// The finding's values with their labels, `label` in parentheses after each
  /// (`baseline (en)`); empty when the finding carries no value.
  ///
  /// - Parameter label: Names whose values these are when a group's members differ (`en`).
  func labelledValues(label: String? = nil) -> [FindingValue] {
    guard baseline != nil || current != nil else { return [] }
    let suffix = label.map { " (\($0))" } ?? ""
    let pair = kind.valuePair
    return [(pair.baselineLabel, baseline), (pair.currentLabel, current)]
      .compactMap { name, value in name.map { FindingValue(label: "\($0)\(suffix)", value: value) } }
  }
}

extension FindingGroup {
  /// The label a group's values carry: `nil` when every member shares them, else the
  /// representative's locale (or variant) whose values are shown.
  var valueLabel: String? {
    membersShareValues ? nil : (representative.locale ?? representative.variant)
  }
}
