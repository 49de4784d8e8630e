/// From which system version an enum case exists on the wire, and what older wires carry
/// instead: how an app adds a case without breaking the clients it has released.
///
/// ```swift
/// enum OrderStatus: ViewModelEnum {
///   case placed, shipped, delivered, returned
///   static let caseAvailability: [Self: CaseAvailability<Self>] = [
///     .returned: .since(SystemVersion(2, 1, 0), olderWires: .show(.delivered)),
///   ]
/// }
/// ```
/// A 2.0.0 wire then carries `"delivered"` where a 2.1.0 wire carries `"returned"`, and the
/// released versions' `contract.json` keep listing the cases their clients know.
public struct CaseAvailability<Enum: ViewModelEnum>: Sendable, Hashable {
  /// What a wire older than ``since`` carries in place of the case.
  public enum OlderWires: Sendable, Hashable {
    /// Another case, one that version's clients know.
    case show(Enum)
    /// Nothing: the field is left out, which suits an optional field only.
    case omitField
  }

  /// The first version whose wire carries the case.
  public let since: SystemVersion
  /// What older wires carry instead.
  public let olderWires: OlderWires

  /// A case that exists from `version` on; older wires carry `olderWires`.
  public static func since(_ version: SystemVersion, olderWires: OlderWires) -> Self {
    CaseAvailability(since: version, olderWires: olderWires)
  }
}
