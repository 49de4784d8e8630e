import AppContracts
import ContractKit

ContractsCommandLine.main(catalog: AppCatalog.make)
