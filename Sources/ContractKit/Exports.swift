// The harness is used together with the vocabulary it checks: a test target or a
// `contracts`-style executable that imports ContractKit names `ViewModel`, `SystemVersion` and
// the rest of the runtime without a second import.
@_exported import ContractKitRuntime
