// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "ContractKit",
  products: [
    .library(name: "ContractKit", targets: ["ContractKit"]),
    .library(name: "ContractKitTesting", targets: ["ContractKitTesting"]),
    .library(name: "SampleContracts", targets: ["SampleContracts"]),
    .executable(name: "contracts", targets: ["contracts"]),
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
    .testTarget(
      name: "ContractKitTests",
      dependencies: ["ContractKit", "ContractKitTesting", "SampleContracts"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
