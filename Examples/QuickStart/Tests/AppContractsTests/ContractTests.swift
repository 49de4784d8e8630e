import AppContracts
import ContractKitTesting
import Testing

let contracts = ContractVerifier(AppCatalog.make, command: "swift run app-contracts")

// One test case per contract, version, locale and variant; warnings show, errors fail.
@Test(arguments: contracts.cases)
func contract(_ c: ContractCase) { expectContract(c, in: contracts) }

// What belongs to no case: removed contracts, unused keys, a stale Baselines.md.
@Test func catalog() { expectCatalog(contracts) }
