import AppContracts
import ContractKitTesting
import Testing

let contracts = ContractVerifier(AppCatalog.make, command: "swift run app-contracts")

// One test case per contract, version, locale and variant. `async`: the ProfileViewModel
// factory awaits, and ContractKit checks each case without blocking the cooperative pool.
@Test(arguments: contracts.cases)
func contract(_ c: ContractCase) async { await expectContract(c, in: contracts) }

// What belongs to no case: removed contracts, unused keys, a stale Baselines.md.
@Test func catalog() async { await expectCatalog(contracts) }
