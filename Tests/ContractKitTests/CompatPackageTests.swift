import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// The rules a release's package must follow for `compat` to build its probe inside it; each
/// one broken is exit 2 naming it.
@Suite("compat: the rules of a release's package")
struct CompatPackageTests {
  static func package(_ manifest: String?) throws -> (TemporaryDirectory, ReleasePackage) {
    let directory = try TemporaryDirectory()
    if let manifest { try directory.write(manifest, to: "Package.swift") }
    for target in ["Models", "tool"] { try directory.write("let x = 1\n", to: "Sources/\(target)/x.swift") }
    return (directory, ReleasePackage(ref: "v1", commit: "0123456789abcdef", folder: directory.url,
                                      timeLimit: 600))
  }

  @Test("a type's module must be a library target of the package; every manifest must declare 'package'")
  func rules() async throws {
    let (directory, package) = try Self.package("""
      // swift-tools-version:5.9
      import PackageDescription

      let pkg = Package(name: "App", targets: [.target(name: "Models"), .executableTarget(name: "tool")])

      """)
    let description = try await offThePool { try package.describe() }
    #expect(try package.targets(for: ["Models"], in: description) == ["Models"])
    #expect {
      try package.targets(for: ["ViewModels"], in: description)
    } throws: { error in
      "\(error)" == "git:v1: (commit 0123456789ab) has no target 'ViewModels' (its library "
        + "targets: Models): compat imports the module that declares each contract's type, "
        + "which must be a library target of the release's own package"
    }
    #expect {
      try package.targets(for: ["tool"], in: description)
    } throws: { error in
      "\(error)" == "git:v1: (commit 0123456789ab) declares 'tool' as an executable target: "
        + "compat imports the module that declares each contract's type, which must be a "
        + "library target (.target) of the release's own package"
    }
    #expect {
      try package.add(package.manifestAddition(dependingOn: ["Models"], in: description),
                      to: package.manifests())
    } throws: { error in
      "\(error)" == "git:v1: (commit 0123456789ab) declares no 'let package = Package(' in "
        + "Package.swift: compat adds its probe target to the manifest's 'package', as swift "
        + "package init names it"
    }
    withExtendedLifetime(directory) {}
  }

  @Test("no Package.swift in the package folder")
  func noManifest() throws {
    let (directory, package) = try Self.package(nil)
    #expect {
      try package.manifests()
    } throws: { error in
      "\(error)" == "git:v1: (commit 0123456789ab) has no Package.swift in its package folder, "
        + "so it is no SwiftPM package compat can build"
    }
    withExtendedLifetime(directory) {}
  }

  @Test("how a manifest may name its package, and the module SwiftPM makes of a target")
  func spellings() {
    #expect(ReleasePackage.declaresPackage("let package = Package(name: \"A\")"))
    #expect(ReleasePackage.declaresPackage("var package=Package(\n"))
    #expect(ReleasePackage.declaresPackage("let package: Package = Package("))
    #expect(!ReleasePackage.declaresPackage("let myPackage = Package("))
    #expect(!ReleasePackage.declaresPackage("// let package = Packages("))
    #expect(ReleasePackage.moduleName("app-server") == "app_server")
    #expect(ReleasePackage.moduleName("2fa") == "_2fa")
  }
}
