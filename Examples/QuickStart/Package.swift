// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "QuickStart",
  dependencies: [
    // Your package names ContractKit's Git URL instead:
    // .package(url: "https://…/ContractKit.git", branch: "main")
    .package(name: "ContractKit", path: "../.."),
  ],
  targets: [
    // The ViewModels, the catalog that registers them, and their translations.
    .target(
      name: "AppContracts",
      dependencies: [.product(name: "ContractKit", package: "ContractKit")],
      // .copy, not .process: .process flattens the folder, so Bundle.module has no
      // "Localization" folder and every text would be missing.
      resources: [.copy("Localization")]
    ),
    // `swift run app-contracts check`, `record`, `report`, `diff` and `merge`.
    .executableTarget(
      name: "app-contracts",
      dependencies: ["AppContracts", .product(name: "ContractKit", package: "ContractKit")]
    ),
    // Both integrations, Swift Testing and XCTest; a package needs only one.
    .testTarget(
      name: "AppContractsTests",
      dependencies: ["AppContracts", .product(name: "ContractKitTesting", package: "ContractKit")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
