import ContractKitRuntime
import Foundation

/// A baseline tree named on the command line: a folder, or `git:REF[:PATH]` for the tree a
/// commit holds (`diff git:v2.0.0 .VersionedTestJSON`).
enum TreeArgument {
  static let gitPrefix = "git:"

  /// The files of the tree `argument` names.
  ///
  /// `git:REF` is the `.VersionedTestJSON` of the current folder as the commit `REF` holds
  /// it; `git:REF:PATH` the tree at `PATH`, which git reads from the repository's root
  /// (`./PATH` from the current folder). Git refs never contain `:`, so the first `:` after
  /// the ref starts the path.
  /// - Throws: ``InputError`` (exit 2) for a folder in no repository, a ref that names no
  ///   commit, or a commit with no folder at the path.
  static func files(_ argument: String) throws(InputError) -> BaselineFiles {
    guard argument.hasPrefix(gitPrefix) else {
      return BaselineFiles(root: URL(fileURLWithPath: argument))
    }
    let rest = argument.dropFirst(gitPrefix.count)
    let colon = rest.firstIndex(of: ":")
    let ref = String(rest[..<(colon ?? rest.endIndex)])
    let path = colon.map { String(rest[rest.index(after: $0)...]) }
    let tree = try GitTree.load(
      ref: ref, path: path.flatMap { $0.isEmpty ? nil : $0 },
      in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    return BaselineFiles(gitTree: tree)
  }

  /// The working directory's tree at the place of the commit's tree `files` reads (`diff
  /// git:REF` alone): the same path in the working tree of the same repository, named as
  /// the working directory reaches it.
  static func workingTree(of files: BaselineFiles) -> BaselineFiles {
    guard let tree = files.gitTree else { return files }
    return BaselineFiles(root: tree.workingPath)
  }
}
