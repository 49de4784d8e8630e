import ContractKitRuntime
import Foundation

/// A release's own package, as `compat` builds its decoder probe inside it: one executable
/// target added to the manifest, which depends by name on the targets that declare the
/// contracts' types. No library product is needed, so a tag cut before the app adopted
/// ContractKit (or one whose package declares no products, as the quick start's does)
/// builds as it is.
///
/// The rules, each an exit 2 that names it when a release breaks it:
/// - the package folder has a `Package.swift`;
/// - every manifest (`Package.swift`, `Package@swift-*.swift`) declares its package as
///   `let package = Package(…)` (or `var`), as `swift package init` writes it: the probe's
///   target is appended to `package.targets`;
/// - the module of each contract's type is a library target of the package itself (not a
///   module of a dependency, not an executable, test, plugin or macro target).
struct ReleasePackage {
  /// The ref as given and its commit, for messages.
  let ref: String
  let commit: String
  /// The package folder, in the release's files.
  let folder: URL
  /// Seconds reading the manifest may take.
  let timeLimit: Double

  /// The probe's folder in the package, and its target's name.
  static let probeFolder = "ContractKitCompatProbe"
  static let probeTarget = "ContractKitCompatProbe"

  /// What the manifest declares, as `swift package dump-package` prints it.
  struct Description {
    /// `major.minor` of the manifest's tools version.
    let toolsVersion: (major: Int, minor: Int)
    /// Each target's name and type (`regular`, `executable`, `test`, `plugin`, `macro`,
    /// `system`, `binary`).
    let targets: [(name: String, type: String)]
  }

  /// The manifest files, `Package.swift` first.
  func manifests() throws(InputError) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    guard names.contains("Package.swift") else {
      throw violation("has no Package.swift in its package folder, so it is no SwiftPM "
        + "package compat can build")
    }
    return ["Package.swift"] + names.filter { $0.hasPrefix("Package@swift-") && $0.hasSuffix(".swift") }
      .sorted()
  }

  /// Reads the manifest the way SwiftPM does, within the time limit.
  /// - Throws: ``InputError`` naming the ref when the manifest does not load, or does not
  ///   finish within the limit (a manifest that hangs is stopped, with all it started).
  func describe() throws(InputError) -> Description {
    let outcome = try ChildProcess(
      ["swift", "package", "--package-path", folder.path, "dump-package"], in: folder,
      timeLimit: timeLimit
    ).run()
    switch outcome.ending {
    case .exited(0): break
    case .timedOut:
      throw InputError(file: "git:\(ref)", reason: "(commit \(commit.prefix(12))) did not "
        + "build within \(Int(timeLimit)) seconds (CONTRACTKIT_COMPAT_BUILD_SECONDS): its "
        + "manifest did not finish loading, and was stopped")
    default:
      let errors = ReleaseBuild.errors(in: outcome.error)
      throw InputError(file: "git:\(ref)", reason: "(commit \(commit.prefix(12))) does not "
        + "build: its manifest does not load: "
        + (errors.first ?? Self.lastLine(outcome.error) ?? "\(outcome.ending)"))
    }
    let json = try JSONParser.parse(outcome.output, file: "swift package dump-package")
    let version = json["toolsVersion"]?["_version"]?.stringValue ?? ""
    let parts = version.split(separator: ".").compactMap { Int($0) }
    var targets: [(String, String)] = []
    if case .array(let items)? = json["targets"] {
      for item in items {
        guard let name = item["name"]?.stringValue, let type = item["type"]?.stringValue
        else { continue }
        targets.append((name, type))
      }
    }
    return Description(toolsVersion: (parts.first ?? 0, parts.dropFirst().first ?? 0),
                       targets: targets)
  }

  /// The package's targets whose modules are `modules`.
  /// - Throws: ``InputError`` naming the rule a module breaks.
  func targets(for modules: [String], in description: Description) throws(InputError)
    -> [String]
  {
    var names: [String] = []
    for module in modules {
      guard let target = description.targets.first(where: { Self.moduleName($0.name) == module })
      else {
        let listed = description.targets.filter { $0.type == "regular" }.map(\.name)
        throw violation("has no target '\(module)' (its library targets: "
          + (listed.isEmpty ? "none" : listed.joined(separator: ", ")) + "): compat imports "
          + "the module that declares each contract's type, which must be a library target "
          + "of the release's own package")
      }
      guard target.type == "regular" else {
        let article = "aeiou".contains(target.type.first ?? "x") ? "an" : "a"
        throw violation("declares '\(target.name)' as \(article) \(target.type) target: compat imports "
          + "the module that declares each contract's type, which must be a library target "
          + "(.target) of the release's own package")
      }
      names.append(target.name)
    }
    return names
  }

  /// What every manifest gets appended: the probe's target, depending on `targets`, and an
  /// executable product of it (SwiftPM makes none for a package that declares products).
  func manifestAddition(dependingOn targets: [String], in description: Description) -> String {
    // `.executableTarget` came with tools version 5.4; before it, a target with a
    // `main.swift` is an executable.
    let kind = (description.toolsVersion.major, description.toolsVersion.minor) >= (5, 4)
      ? "executableTarget" : "target"
    let dependencies = targets.map { ".target(name: \(DecoderProbe.literal($0)))" }
      .joined(separator: ", ")
    return """

      // Added by `contracts compat` (ContractKit) to its copy of this release: the decoder
      // probe, built inside the release's own package.
      package.targets.append(.\(kind)(
        name: \(DecoderProbe.literal(Self.probeTarget)), dependencies: [\(dependencies)],
        path: \(DecoderProbe.literal(Self.probeFolder))))
      package.products.append(.executable(
        name: \(DecoderProbe.literal(Self.probeTarget)), targets: [\(DecoderProbe.literal(Self.probeTarget))]))

      """
  }

  /// Appends `addition` to every manifest (whose text it checks first).
  /// - Throws: ``InputError`` naming the manifest that does not declare `package`.
  func add(_ addition: String, to manifests: [String]) throws(InputError) {
    for name in manifests {
      let url = folder.appendingPathComponent(name)
      guard let text = try? String(contentsOf: url, encoding: .utf8) else {
        throw InputError(file: url.path, reason: "cannot be read as UTF-8")
      }
      guard Self.declaresPackage(text) else {
        throw violation("declares no 'let package = Package(' in \(name): compat adds its "
          + "probe target to the manifest's 'package', as swift package init names it")
      }
      do {
        try Data((text + addition).utf8).write(to: url)
      } catch {
        throw InputError(file: url.path, reason: "cannot be written: \(error.localizedDescription)")
      }
    }
  }

  /// Whether a manifest's text has `let package = Package(` (or `var`), spaced any way.
  static func declaresPackage(_ text: String) -> Bool {
    text.range(of: #"(^|[\s;])(let|var)\s+package\s*(:\s*Package\s*)?=\s*Package\s*\("#,
               options: .regularExpression) != nil
  }

  /// The module SwiftPM makes of a target: its name with every character that cannot be in
  /// an identifier replaced by `_`.
  static func moduleName(_ target: String) -> String {
    var name = String(target.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    if name.first?.isNumber == true { name = "_" + name }
    return name
  }

  private func violation(_ rule: String) -> InputError {
    InputError(file: "git:\(ref)", reason: "(commit \(commit.prefix(12))) \(rule)")
  }

  static func lastLine(_ text: String) -> String? {
    text.split(separator: "\n").last.map(String.init)
  }
}
