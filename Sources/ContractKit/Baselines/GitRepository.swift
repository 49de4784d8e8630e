import ContractKitRuntime
import Foundation

/// The repository that holds a directory: its working tree's root, or `nil` for a bare
/// repository (or a directory inside a `.git` folder), which has none.
struct GitRepository {
  let git: GitCommand
  let toplevel: String?
  /// The git directory (`/srv/app.git`) of a repository without a working tree, for
  /// messages.
  let gitDirectory: String

  init(directory: URL, shown: String) throws(InputError) {
    git = GitCommand(directory: directory)
    let top = try git.run(["rev-parse", "--show-toplevel"])
    if top.status == 0 {
      toplevel = String(decoding: top.output, as: UTF8.self)
        .trimmingCharacters(in: .newlines)
      gitDirectory = ""
      return
    }
    // A bare repository, or a folder inside a `.git` folder: git objects, no working tree.
    guard let gitDirectory = try git.text(["rev-parse", "--absolute-git-dir"]) else {
      throw InputError(
        file: BaselineFiles.relativeToWorkingDirectory(directory.path),
        reason: "is not in a git repository, so \(shown) cannot be read (\(top.error))")
    }
    toplevel = nil
    self.gitDirectory = gitDirectory
  }

  /// Where the repository is, for messages.
  var location: String { toplevel ?? gitDirectory }

  /// Why a path that needs a working tree cannot be placed in this repository: `so` says
  /// what follows, and what to do instead.
  func noWorkingTree(display: String, so consequence: String) -> InputError {
    let bare = (try? git.text(["rev-parse", "--is-bare-repository"])) == "true"
    return InputError(
      file: display,
      reason: (bare ? "is in the bare git repository \(gitDirectory), which has no working "
        : "is inside the git directory \(gitDirectory), not in its working ")
        + "tree, so \(consequence)")
  }

  /// The commit `ref` names.
  func commit(of ref: String, shown: String) throws(InputError) -> String {
    guard !ref.isEmpty, !ref.hasPrefix("-"),
      let commit = try git.text(["rev-parse", "--verify", "--quiet", "\(ref)^{commit}"])
    else {
      throw InputError(file: shown, reason: "'\(ref)' names no commit of the repository at "
        + "\(location): no such branch, tag or commit; "
        + GitRefSuggestion.sentence(for: ref, git: git))
    }
    return commit
  }
}
