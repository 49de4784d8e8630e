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
    // The ViewModels and their translations: production code, which needs only the runtime.
    .target(
      name: "AppViewModels",
      dependencies: [.product(name: "ContractKitRuntime", package: "ContractKit")],
      // .copy, not .process: .process flattens the folder, so Bundle.module has no
      // "Localization" folder and every text would be missing.
      resources: [.copy("Localization")]
    ),
    // The server (or app) that sends them: it links the runtime and nothing of the harness.
    .executableTarget(name: "app-server", dependencies: ["AppViewModels"]),
    // The catalog that registers the ViewModels, for the tests and the command line.
    .target(
      name: "AppContracts",
      dependencies: ["AppViewModels", .product(name: "ContractKit", package: "ContractKit")]
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
