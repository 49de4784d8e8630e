// swift-tools-version: 6.0
// A FOSMVVM app guarded by ContractKit: the app's ViewModels and YAML in one target, the
// adapter (the catalog) in a library that both the test target and the `app-contracts`
// executable depend on.
import PackageDescription

let package = Package(
  name: "FOSMVVMApp",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    .package(url: "https://github.com/foscomputerservices/FOSUtilities", from: "0.13.3"),
    .package(path: "../.."),  // ContractKit
  ],
  targets: [
    // The app's ViewModels and the translations FOSMVVM loads from its bundle.
    .target(
      name: "AppViewModels",
      dependencies: [
        .product(name: "FOSFoundation", package: "FOSUtilities"),
        .product(name: "FOSMVVM", package: "FOSUtilities"),
      ],
      resources: [.copy("Localization")]),
    // The adapter: one catalog, shared by the tests and the executable.
    .target(
      name: "AppContracts",
      dependencies: [
        "AppViewModels",
        .product(name: "FOSFoundation", package: "FOSUtilities"),
        .product(name: "FOSMVVM", package: "FOSUtilities"),
        .product(name: "ContractKit", package: "ContractKit"),
      ]),
    // `swift run app-contracts check | record | report`.
    .executableTarget(
      name: "app-contracts",
      dependencies: ["AppContracts", .product(name: "ContractKit", package: "ContractKit")]),
    .testTarget(
      name: "AppContractsTests",
      dependencies: [
        "AppContracts", .product(name: "ContractKitTesting", package: "ContractKit"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
