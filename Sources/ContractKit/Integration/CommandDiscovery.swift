import Foundation
import ContractKitRuntime

/// Finds the command a package runs its catalog's command line with, so that test failures
/// name it (`swift run app-contracts record`) when the verifier is not told.
///
/// The package is the folder that holds the baseline directory; its command is the one
/// executable target under `Sources/` whose `main.swift` calls `ContractsCommandLine.main`
/// (the README's three-line executable), run as `swift run <target>`.
enum CommandDiscovery {
  /// What remedies name when no single such target is found.
  static let fallback = "swift run <your contracts executable>"

  /// The command of the package beside `baselines`, or ``fallback``.
  static func command(besideBaselinesOf baselines: URL?) -> String {
    guard let baselines else { return fallback }
    let sources = baselines.deletingLastPathComponent().appendingPathComponent("Sources")
    let targets = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
    let entryPoints = targets.sorted().filter { target in
      let main = sources.appendingPathComponent(target).appendingPathComponent("main.swift")
      let text = (try? String(contentsOf: main, encoding: .utf8)) ?? ""
      return text.contains("ContractsCommandLine.main(")
    }
    return entryPoints.count == 1 ? "swift run \(entryPoints[0])" : fallback
  }
}
