import ContractKitTesting
import SampleContracts
import Testing
import XCTest
@testable import ContractKit
@testable import ContractKitRuntime

/// The sample catalog against its committed baselines: what a user's package does with the
/// one-line integrations. Every contract, version, locale and variant is its own test case.
let sampleContracts = ContractVerifier(SampleCatalog.make, command: "swift run contracts")

@Suite("Sample catalog contracts")
struct SampleContractTests {
  @Test("ViewModel contract", arguments: sampleContracts.cases)
  func contract(_ contractCase: ContractCase) async {
    await expectContract(contractCase, in: sampleContracts)
  }

  @Test("catalog-wide: no removed contracts, stale Baselines.md or unused keys")
  func catalogWide() async { await expectCatalog(sampleContracts) }

  @Test("the catalog covers 20 contracts × 4 versions × 6 locales plus variants")
  func size() {
    #expect(sampleContracts.cases.count == 624)
    #expect(Set(sampleContracts.cases.map(\.contract)).count == 20)
    #expect(Set(sampleContracts.cases.map(\.variant)) == ["default", "empty", "free", "long-text"])
  }
}

/// The XCTest integration over the same catalog.
final class SampleContractXCTests: XCTestCase {
  func testSampleContracts() async { await assertContracts(sampleContracts) }
}
