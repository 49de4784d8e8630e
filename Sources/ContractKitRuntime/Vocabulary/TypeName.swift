/// The name ContractKit gives a type: nested types joined by `.`, without the module.
///
/// `SampleContracts.DashboardViewModel.Card` becomes `DashboardViewModel.Card`. Contract
/// names, `@LocalizedString` keys and enum keys all use this one spelling.
package func contractTypeName(_ type: Any.Type) -> String {
  let full = String(reflecting: type)
  guard let dot = full.firstIndex(of: ".") else { return full }
  // Generic arguments carry their own module prefixes; only the outer one is dropped.
  if let angle = full.firstIndex(of: "<"), angle < dot { return full }
  return String(full[full.index(after: dot)...])
}
