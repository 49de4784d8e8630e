import ContractKitRuntime
import Foundation

/// The folder that holds pending results: outside the committed tree, named by `.gitignore`.
///
/// By default it is `.contracts-pending/` beside the baseline directory (beside
/// `.VersionedTestJSON/` and `Baselines.md`); `check --pending DIR` and
/// `CONTRACTKIT_PENDING=DIR` put it elsewhere, such as a folder CI uploads as an artifact,
/// and `review --from DIR` reads one downloaded from CI. Its layout mirrors the baseline
/// tree's:
///
/// ```text
/// .contracts-pending/
///   DashboardViewModel/
///     pending.json            the results: fingerprints and findings, per case
///     1.0.0/en.json           today's canonical bytes, exactly what record would write
///     1.0.0/es.empty.json
/// ```
/// A run replaces the folders of the contracts it checked, and only those (a shard checks
/// some): what it saw is the whole truth about them.
struct PendingStore: Sendable {
  /// The default folder's name.
  static let directoryName = ".contracts-pending"
  /// Each contract folder's list of results.
  static let indexName = "pending.json"

  /// The folder.
  let root: URL

  /// The default store of a baseline directory: beside it.
  static func beside(_ files: BaselineFiles) -> PendingStore {
    PendingStore(root: files.root.deletingLastPathComponent().appendingPathComponent(directoryName))
  }

  /// The store a run keeps its pending results in: `explicit` (`--pending DIR`,
  /// `CONTRACTKIT_PENDING`) wherever it is outside the baseline tree, else the default one
  /// beside the tree, except on CI (``RunEnvironment/isCI(_:)``), where nothing is written into the tree.
  /// - Throws: ``InputError`` when `explicit` lies inside the baseline directory.
  static func forRun(explicit: String?, environment: [String: String], files: BaselineFiles)
    throws(InputError) -> PendingStore?
  {
    guard let explicit = explicit ?? environment["CONTRACTKIT_PENDING"].flatMap({
      $0.isEmpty ? nil : $0
    }) else {
      return RunEnvironment.isCI(environment) ? nil : beside(files)
    }
    // Resolved before deciding: a link on the way into the tree counts whether or not the
    // folder it would lead to exists yet.
    let root = URL(fileURLWithPath: RealPath.resolve(explicit))
    if RealPath.isInside(root.path, files.root.path) {
      throw InputError(file: explicit, reason: "is inside the baseline directory "
        + "\(files.displayRoot); pending results are kept outside the committed tree")
    }
    return PendingStore(root: root)
  }

  /// The store's files: read without following any link below the root, so nothing in a
  /// store (a downloaded one least of all) leads out of it.
  private var files: BaselineFiles { BaselineFiles(root: root) }

  /// Removes the store's folder when it holds nothing: a clean run leaves none behind.
  func removeIfEmpty() {
    rmdir(root.path)
  }

  /// How messages name a file of the store.
  func display(_ relativePath: String) -> String {
    BaselineFiles.relativeToWorkingDirectory(root.appendingPathComponent(relativePath).path)
  }

  /// Every pending result in the store, by contract name, then as listed.
  /// - Throws: ``InputError`` naming the file when a `pending.json` cannot be read or parsed.
  func results() throws(InputError) -> [PendingResult] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: root.path) else {
      return []
    }
    var results: [PendingResult] = []
    for contract in names.filter({ !$0.hasPrefix(".") }).sorted(by: codePointOrder) {
      guard BaselineLayout.isValidContractName(contract) else { continue }
      let relative = contract + "/" + Self.indexName
      let display = display(relative)
      guard let bytes = try files.read(relative) else { continue }
      let document = try JSONParser.parse(bytes, file: display)
      guard case .array(let list)? = document["results"] else {
        throw InputError(file: display, reason: "has no 'results' list")
      }
      for item in list {
        results.append(try PendingResult(json: item, contract: contract, file: display))
      }
    }
    return results
  }

  /// The canonical bytes a pending result holds, checked against its fingerprint.
  /// - Throws: ``InputError`` when the file is gone, unreadable, or not the bytes the result
  ///   names (edited since).
  func bytes(of result: PendingResult) throws(InputError) -> [UInt8] {
    let relative = result.contractCase.relativePath
    let display = display(relative)
    guard let bytes = try files.read(relative) else {
      throw InputError(file: display, reason: "is missing from the pending results")
    }
    guard PendingResult.fingerprint(bytes) == result.encoding else {
      throw InputError(file: display, reason: "is not the encoding its pending result names "
        + "(changed since it was kept)")
    }
    return bytes
  }

  /// Forgets the results of `cases` (accepted or rejected): rewrites each contract's list
  /// without them, removes their bytes, a contract's folder once it holds none, and the
  /// store's folder once empty. Nothing is removed through a link (``ContainedRemoval``).
  func remove(_ cases: Set<ContractCase>) throws {
    let all = try results()
    for (contract, kept) in Dictionary(grouping: all, by: \.contractCase.contract)
    where kept.contains(where: { cases.contains($0.contractCase) }) {
      let remaining = kept.filter { !cases.contains($0.contractCase) }
      if remaining.isEmpty {
        try ContainedRemoval.remove(contract, under: root.path)
        continue
      }
      try Self.writeIndex(remaining, contract: contract, in: root, display: display)
      for result in kept where cases.contains(result.contractCase) {
        try ContainedRemoval.remove(result.contractCase.relativePath, under: root.path)
      }
    }
    removeIfEmpty()
  }

  /// Writes `contract`'s list of `results` into `folder` (a store's root or a staging one).
  static func writeIndex(_ results: [PendingResult], contract: String, in folder: URL,
                         display: (String) -> String) throws
  {
    let relative = contract + "/" + indexName
    let document: JSONValue = .object([
      "contract": .string(contract),
      "results": .array(results.map(\.json)),
    ])
    try AtomicFile.write(CanonicalJSON.encode(document),
                         to: folder.appendingPathComponent(relative), display: display(relative))
  }
}
