import Foundation
import SampleContracts
@testable import ContractKit
@testable import ContractKitRuntime

/// A copy of the sample's baselines with three purpose-made differences, the ones `review`
/// is made for: a rename (breaking), a reworded text and an added field (both harmless).
struct ReviewCopy {
  let copy: SampleCopy

  /// `SessionExpiredErrorViewModel`: the baselines call today's `signInAction` `signInLabel`
  /// (every version and locale): a rename, breaking clients of released versions.
  static let renamed = "SessionExpiredErrorViewModel"
  /// `WelcomeBannerViewModel`: the English baselines say another greeting (every version).
  static let reworded = "WelcomeBannerViewModel"
  /// `SignInViewModel`: the baselines lack `rememberedEmail` (optional, every version and
  /// locale): a new field.
  static let added = "SignInViewModel"
  /// The reason given for the rename.
  static let reason = "Sign-in button renamed for 3.0"

  /// The French greeting the baselines say when French is reworded too.
  static let frenchGreeting = "Ravi de vous revoir, Ana !"

  /// - Parameter rewordedInFrench: Whether the French baselines of `reworded` say another
  ///   greeting too: one change in two locales, with a different text in each.
  init(rewordedInFrench: Bool = false) throws {
    copy = try SampleCopy()
    for contractCase in copy.catalog.cases {
      switch contractCase.contract {
      case Self.renamed:
        try copy.edit(contractCase.relativePath) { value in
          value.set("/signInLabel", to: value["signInAction"])
          value.set("/signInAction", to: nil)
        }
      case Self.reworded where contractCase.locale == "en":
        try copy.edit(contractCase.relativePath) { $0.set("/greeting", to: "Good to see you, Ana!") }
      case Self.reworded where contractCase.locale == "fr" && rewordedInFrench:
        try copy.edit(contractCase.relativePath) { $0.set("/greeting", to: .string(Self.frenchGreeting)) }
      case Self.added:
        try copy.edit(contractCase.relativePath) { $0.set("/rememberedEmail", to: nil) }
      default:
        continue
      }
    }
  }

  var catalog: Catalog { copy.catalog }
  var baselines: URL { copy.baselines }
  var directory: TemporaryDirectory { copy.directory }
  /// The default pending folder, beside the baselines.
  var pending: URL { copy.directory.path(PendingStore.directoryName) }

  /// Runs the command line over this copy (`--baselines` added), in memory.
  func run(_ arguments: [String], environment: [String: String] = [:],
           terminal: (any ReviewTerminal)? = nil)
    -> (code: Int32, stdout: String, stderr: String)
  {
    var out = ""
    var err = ""
    let code = ContractsCommandLine.run(
      arguments: arguments + ["--baselines", baselines.path], catalog: SampleCatalog.make,
      program: "contracts", colored: false, environment: environment, terminal: { terminal },
      stdout: { out += $0 }, stderr: { err += $0 })
    return (code, out, err)
  }

  /// Every file of the copy but the pending results, by path: the tree and `Baselines.md`.
  func files() throws -> [String: Data] {
    try treeFiles(copy.directory.url, skipping: PendingStore.directoryName)
  }
}

/// Every regular file under `root` by relative path, except under the top-level `skipping`.
func treeFiles(_ root: URL, skipping: String? = nil) throws -> [String: Data] {
  var files: [String: Data] = [:]
  let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
  for path in paths where skipping.map({ !(path == $0 || path.hasPrefix($0 + "/")) }) ?? true {
    var isDirectory: ObjCBool = false
    let url = root.appendingPathComponent(path)
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
      !isDirectory.boolValue
    else { continue }
    files[path] = try Data(contentsOf: url)
  }
  return files
}
