// swift-tools-version: 6.0
// FOSUtilities' FOSFoundation, FOSMacros and FOSMVVM targets, as FOSUtilities 0.13.3 declares
// them, over the sources of ../shared/fosmvvm-vendor: .ci/fosmvvm/run writes this manifest over
// the unpacked archive's own, whose other dependencies (Vapor, swift-crypto, …) cannot be
// fetched here. swift-crypto is left out: FOSFoundation's one use of it is compiled only when
// `canImport(Crypto)`, and FOSMVVM's encoding never calls it (see ../shared/fosmvvm-build).
import CompilerPluginSupport
import PackageDescription

let package = Package(
  name: "FOSUtilities",
  platforms: [.iOS(.v17), .macOS(.v14)],
  products: [
    .library(name: "FOSFoundation", targets: ["FOSFoundation"]),
    .library(name: "FOSMVVM", targets: ["FOSMVVM"]),
  ],
  dependencies: [
    .package(path: "../swift-syntax"),
    .package(path: "../Yams"),
  ],
  targets: [
    .target(name: "FOSFoundation"),
    .macro(
      name: "FOSMacros",
      dependencies: [
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
      ]),
    .target(
      name: "FOSMVVM",
      dependencies: ["FOSFoundation", "FOSMacros", .product(name: "Yams", package: "Yams")],
      exclude: ["SwiftUI Support/SweepCoverage.md"]),
  ],
  swiftLanguageModes: [.v6]
)
