import ContractKit

/// Where an order is; the wire carries the case name, the screen shows `OrderStatus.<case>`.
///
/// `returned` is new in 2.1.0: released clients (1.0.0 to 2.0.0) do not know it, so their
/// wires carry `delivered` in its place and their `contract.json` case lists stay as released.
public enum OrderStatus: ViewModelEnum {
  case placed, packed, shipped, delivered, cancelled, returned

  public static let caseAvailability: [Self: CaseAvailability<Self>] = [
    .returned: .since(.v2_1, olderWires: .show(.delivered)),
  ]
}
