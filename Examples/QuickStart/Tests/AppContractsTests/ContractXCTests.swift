import AppContracts
import ContractKitTesting
import XCTest

final class ContractXCTests: XCTestCase {
  func testContracts() {
    assertContracts(ContractVerifier(AppCatalog.make, command: "swift run app-contracts"))
  }
}
