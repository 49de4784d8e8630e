import ContractKit

/// Where an order is; the wire carries the case name, the screen shows `OrderStatus.<case>`.
public enum OrderStatus: ViewModelEnum {
  case placed, packed, shipped, delivered, cancelled
}
