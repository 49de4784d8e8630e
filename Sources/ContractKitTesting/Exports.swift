// A test target that imports ContractKitTesting names `ContractVerifier`, `ContractCase` and
// the rest of the vocabulary without a second import.
@_exported import ContractKit
