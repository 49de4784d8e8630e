import ContractKit
import SampleContracts

ContractsCommandLine.main(catalog: SampleCatalog.make)
