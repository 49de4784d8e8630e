// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "ContractKit",
  products: [
    .library(name: "ContractKitRuntime", targets: ["ContractKitRuntime"]),
    .library(name: "ContractKit", targets: ["ContractKit"]),
    .library(name: "ContractKitTesting", targets: ["ContractKitTesting"]),
    .library(name: "SampleContracts", targets: ["SampleContracts"]),
    .executable(name: "contracts", targets: ["contracts"]),
    .executable(name: "contracts-bench", targets: ["contracts-bench"]),
  ],
  targets: [
    // What an app ships: the ViewModel vocabulary, localizable values, the localization store
    // with its YAML reader, and the localizing encoder. Foundation only.
    .target(name: "ContractKitRuntime"),
    // The harness a test target and a `contracts`-style executable use: baselines, diffs,
    // findings, check and record, reports and the command line. Re-exports the runtime.
    .target(name: "ContractKit", dependencies: ["ContractKitRuntime"]),
    // One-line integrations for Swift Testing and XCTest, kept apart so that executables
    // linking ContractKit never link a test framework.
    .target(name: "ContractKitTesting", dependencies: ["ContractKit"]),
    // A realistic catalog of FOSMVVM-style ViewModels with YAML translations.
    .target(
      name: "SampleContracts",
      dependencies: ["ContractKit"],
      resources: [.copy("Localization")]
    ),
    // `contracts`: the command line over the sample catalog.
    .executableTarget(
      name: "contracts",
      dependencies: ["ContractKit", "SampleContracts"]
    ),
    // `swift run -c release contracts-bench`: a synthetic catalog of 10,000+ baselines,
    // measured against the naive reference.
    .executableTarget(
      name: "contracts-bench",
      dependencies: ["ContractKit"]
    ),
    .testTarget(
      name: "ContractKitTests",
      // `contracts` is a dependency so that end-to-end tests can run the built binary.
      dependencies: ["ContractKit", "ContractKitTesting", "SampleContracts", "contracts"],
      // The public API listing is read from the source tree, not bundled.
      exclude: ["Architecture/PublicAPI.txt"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
