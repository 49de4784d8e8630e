import ContractKitRuntime

/// What a finding's two values are, so that reports label them as what they are.
///
/// Most findings compare the committed baseline with today's encoding. The determinism probe
/// compares two encodings of one stub, and problems in today's encoding alone (an unresolved
/// placeholder, colliding rows) have only the current value: a `baseline: (absent)` line
/// there would claim that no baseline exists. The kind decides which pair a finding carries
/// (``FindingKind/valuePair``), so a finding read back from a JSON report labels its values
/// as the run that found it did.
package enum ValuePair: Sendable, Hashable {
  /// The committed baseline and today's encoding: `baseline:` and `current:`.
  case baselineAndCurrent
  /// Two encodings of one stub in one run: `first:` and `second:`.
  case twoEncodings
  /// Today's encoding only: `current:`.
  case currentOnly

  /// The label of ``Finding/baseline``, or `nil` when it is not shown.
  package var baselineLabel: String? {
    switch self {
    case .baselineAndCurrent: "baseline"
    case .twoEncodings: "first"
    case .currentOnly: nil
    }
  }

  /// The label of ``Finding/current``.
  package var currentLabel: String {
    switch self {
    case .baselineAndCurrent, .currentOnly: "current"
    case .twoEncodings: "second"
    }
  }
}
