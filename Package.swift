// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "ContractKit",
  products: [
    .library(name: "ContractKit", targets: ["ContractKit"]),
    .library(name: "ContractKitTesting", targets: ["ContractKitTesting"]),
    .library(name: "SampleContracts", targets: ["SampleContracts"]),
    .executable(name: "contracts", targets: ["contracts"]),
    .executable(name: "contracts-bench", targets: ["contracts-bench"]),
  ],
  targets: [
    // The vocabulary, the localizing encoder, baselines, diffs, findings, reports and the
    // command-line engine. Foundation only.
    .target(name: "ContractKit"),
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
      dependencies: ["ContractKit", "ContractKitTesting", "SampleContracts", "contracts"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
