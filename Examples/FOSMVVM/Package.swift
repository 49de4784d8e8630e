// swift-tools-version: 6.0
// A FOSMVVM app guarded by ContractKit: the app's ViewModels in one target, its YAML in
// Sources/Resources (where a server that hosts FOSMVVM's translations keeps them), and the
// adapter (the catalog) in a library that both the test target and the `app-contracts`
// executable depend on.
import PackageDescription

let package = Package(
  name: "FOSMVVMApp",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    .package(url: "https://github.com/foscomputerservices/FOSUtilities", from: "0.13.3"),
    // Your package names ContractKit's Git URL instead:
    // .package(url: "https://…/ContractKit.git", branch: "main"),
    .package(name: "ContractKit", path: "../.."),
  ],
  targets: [
    // The app's ViewModels. They load the translations, so the target copies the shared
    // Sources/Resources folder into its bundle (every target that loads them does the same).
    .target(
      name: "AppViewModels",
      dependencies: [
        .product(name: "FOSFoundation", package: "FOSUtilities"),
        .product(name: "FOSMVVM", package: "FOSUtilities"),
      ],
      resources: [.copy("../Resources")]),
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
