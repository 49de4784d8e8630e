import ContractKitRuntime
import Foundation

/// A baseline tree as one commit of a git repository holds it, read from git's objects: no
/// checkout, no change to the working tree, the index or any ref.
///
/// ```swift
/// let tree = try GitTree.load(ref: "v2.0.0", path: nil, in: packageRoot)
/// let files = BaselineFiles(gitTree: tree)   // scanned and read like a folder
/// ```
/// Its entries are listed with `git ls-tree -r -l -z` and its files read with one
/// `git cat-file --batch`; ``BaselineFiles`` then lists and reads them as it lists and reads
/// a folder, so the tree scan validates a commit's tree with the very rules it applies on
/// disk. A symbolic link (mode 120000) or a submodule (mode 160000) is an entry of that
/// kind, unusable input as on disk. The files are held in memory (each distinct blob once):
/// a release's tree, not a history.
final class GitTree: Sendable {
  /// How messages name the tree: `git:v2.0.0:.VersionedTestJSON`.
  let display: String
  /// The ref as given (`v2.0.0`) and the commit it names.
  let ref: String
  let commit: String
  /// The tree's path in the repository (`App/.VersionedTestJSON`; `""` for the root).
  let repositoryPath: String
  /// Where the same path lies in the working tree, absolute.
  let workingPath: URL
  /// `Baselines.md` beside the tree in that commit, when it has one.
  let document: [UInt8]?
  /// Each folder's entries, by the folder's path relative to the tree (`""` is the tree).
  private let listings: [String: [DirectoryListing.Entry]]
  /// Each entry's kind, size and, for regular files that may be read, bytes, by path
  /// relative to the tree.
  private let files: [String: (kind: BaselineLayout.EntryKind, size: Int, bytes: [UInt8]?)]

  private init(display: String, ref: String, commit: String, repositoryPath: String,
               workingPath: URL, document: [UInt8]?,
               listings: [String: [DirectoryListing.Entry]],
               files: [String: (kind: BaselineLayout.EntryKind, size: Int, bytes: [UInt8]?)])
  {
    self.display = display
    self.ref = ref
    self.commit = commit
    self.repositoryPath = repositoryPath
    self.workingPath = workingPath
    self.document = document
    self.listings = listings
    self.files = files
  }

  /// The entries of the folder at `relativePath` (`""` is the tree), in listing order;
  /// empty for a folder the tree does not have.
  func entries(in relativePath: String, folders: Bool) -> [DirectoryListing.Entry] {
    DirectoryListing.sorted(listings[relativePath] ?? [], folders: folders)
  }

  /// The bytes of the file at `relativePath`, or `nil` when the tree has no entry there.
  /// - Throws: ``InputError`` naming `display` for an entry that is not a regular file, or
  ///   one over ``InputFile/sizeLimit`` bytes (by the size git lists, so such a blob is
  ///   never read), as a read on disk would.
  func read(_ relativePath: String, display: String) throws(InputError) -> [UInt8]? {
    guard let file = files[relativePath] else { return nil }
    guard file.kind == .file else {
      throw InputError(file: display, reason: "\(file.kind.phrase); it is never read")
    }
    guard file.size <= InputFile.sizeLimit, let bytes = file.bytes else {
      throw InputFile.tooLarge(display)
    }
    return bytes
  }

  /// Reads the tree at `path` of the commit `ref` names, in the repository that holds
  /// `directory`: `diff git:REF[:PATH]`.
  ///
  /// - Parameters:
  ///   - ref: A branch, tag or commit (`v2.0.0`, `main~3`).
  ///   - path: The tree's path as git reads `REF:PATH`: from the repository's root, or from
  ///     `directory` when it starts with `./` or `../`; `nil` for `directory`'s
  ///     `.VersionedTestJSON`.
  ///   - directory: Where git looks for the repository.
  /// - Throws: ``InputError`` naming the directory that is in no repository, the ref that
  ///   names no commit, or the path where the commit has no folder.
  static func load(ref: String, path: String?, in directory: URL) throws(InputError) -> GitTree {
    let shown = "git:\(ref)" + (path.map { ":\($0)" } ?? "")
    let repository = try GitRepository(directory: directory, shown: shown)
    let requested = path ?? "./\(BaselineLayout.directoryName)"
    let relative = requested.hasPrefix("./") || requested.hasPrefix("../") || requested == "."
      || requested == ".."
    if relative, repository.toplevel == nil {
      throw repository.noWorkingTree(
        display: shown, so: "there is no current folder in it to read '\(requested)' from: name "
          + "the tree by its path from the repository's root, such as "
          + "git:\(ref):\(BaselineLayout.directoryName)")
    }
    let prefix = relative ? try repository.git.text(["rev-parse", "--show-prefix"]) ?? "" : ""
    guard let repositoryPath = normalized(prefix + requested) else {
      throw InputError(file: shown, reason: "'\(requested)' leads out of the repository")
    }
    return try load(ref: ref, repositoryPath: repositoryPath, in: repository, shown: shown)
  }

  /// Reads the tree that lies at `root` in the working tree as the commit `ref` names holds
  /// it: `report --against REF`.
  /// - Throws: ``InputError`` naming `root` when it is in no repository (or in one with no
  ///   working tree), or the ref when it names no commit (or the commit has no tree at that
  ///   path).
  static func load(ref: String, sameTreeAs root: URL) throws(InputError) -> GitTree {
    let release = try release(ref: ref, sameTreeAs: root, optional: false)
    guard let tree = release.tree else { preconditionFailure("a tree that is not optional") }
    return tree
  }

  /// What `compat` reads of a release: its commit, where `root` lies in the repository, and
  /// `root`'s tree in that commit, or `nil` when the commit has nothing there (a release
  /// cut before the app adopted ContractKit).
  struct Release {
    let commit: String
    /// `root`'s path in the repository (`App/.VersionedTestJSON`; `""` for the root).
    let repositoryPath: String
    let tree: GitTree?
    /// Runs git in the repository.
    let git: GitCommand
  }

  /// ``Release`` for `ref` and the baseline tree at `root`.
  /// - Throws: ``InputError`` as ``load(ref:sameTreeAs:)`` does, except that nothing at the
  ///   path is no error.
  static func release(ref: String, sameTreeAs root: URL) throws(InputError) -> Release {
    try release(ref: ref, sameTreeAs: root, optional: true)
  }

  private static func release(ref: String, sameTreeAs root: URL, optional: Bool)
    throws(InputError) -> Release
  {
    let display = BaselineFiles.relativeToWorkingDirectory(root.path)
    var directory = root
    while !FileManager.default.fileExists(atPath: directory.path), directory.path != "/" {
      directory.deleteLastPathComponent()
    }
    let repository = try GitRepository(directory: directory, shown: "git:\(ref)")
    guard let toplevel = repository.toplevel else {
      throw repository.noWorkingTree(
        display: display, so: "no baselines of a working tree can be compared with \(ref) "
          + "there: run the command in a clone that has a working tree")
    }
    let real = realPath(directory.path) + root.path.dropFirst(directory.path.count)
    let top = realPath(toplevel)
    guard real == top || real.hasPrefix(top + "/") else {
      throw InputError(file: display, reason: "is not inside the git repository at "
        + "\(toplevel), so it cannot be compared with \(ref)")
    }
    let repositoryPath = normalized(String(real.dropFirst(top.count))) ?? ""
    let commit = try repository.commit(of: ref, shown: "git:\(ref)")
    let tree = try load(ref: ref, commit: commit, repositoryPath: repositoryPath,
                        in: repository, optional: optional)
    return Release(commit: commit, repositoryPath: repositoryPath, tree: tree, git: repository.git)
  }

  private static func load(ref: String, repositoryPath: String, in repository: GitRepository,
                           shown: String) throws(InputError) -> GitTree
  {
    let commit = try repository.commit(of: ref, shown: shown)
    guard let tree = try load(ref: ref, commit: commit, repositoryPath: repositoryPath,
                              in: repository, optional: false)
    else { preconditionFailure("a tree that is not optional") }
    return tree
  }

  /// The tree at `repositoryPath` of `commit`; `nil` when nothing is there and `optional`.
  private static func load(ref: String, commit: String, repositoryPath: String,
                           in repository: GitRepository, optional: Bool) throws(InputError)
    -> GitTree?
  {
    let git = repository.git
    let display = "git:\(ref):\(repositoryPath.isEmpty ? "." : repositoryPath)"
    let object = repositoryPath.isEmpty ? "\(commit)^{tree}" : "\(commit):\(repositoryPath)"
    guard let type = try git.text(["cat-file", "-t", object]) else {
      if optional { return nil }
      throw InputError(file: display, reason: "\(ref) (commit \(commit.prefix(12))) has "
        + "nothing at '\(repositoryPath)': no baseline tree there")
    }
    guard type == "tree" else {
      throw InputError(file: display, reason: "is a \(type) in \(ref), not a folder: no "
        + "baseline tree there")
    }
    let listing = try git.run(["ls-tree", "--full-tree", "-r", "-l", "-z", object])
    guard listing.status == 0 else {
      throw InputError(file: display, reason: "cannot be listed: \(listing.error)")
    }
    var entries = try parseListing(listing.output, display: display)
    let documentPath = (repositoryPath.split(separator: "/").dropLast() + ["Baselines.md"])
      .joined(separator: "/")
    let document = try git.run(["ls-tree", "--full-tree", "-l", "-z", commit, "--", documentPath])
    let documentEntry = try parseListing(document.output, display: display).first
    if let documentEntry, documentEntry.kind == .file, documentEntry.size > InputFile.sizeLimit {
      throw InputFile.tooLarge("git:\(ref):\(documentPath)")
    }
    // One batch for every visible regular file's blob, each distinct blob once, and only
    // those git lists as small enough to read: a larger one is refused when it is read,
    // without a byte of it read.
    var blobs = entries.filter { $0.kind == .file && !$0.isHidden && $0.size <= InputFile.sizeLimit }
      .map(\.object)
    if let documentEntry, documentEntry.kind == .file { blobs.append(documentEntry.object) }
    let contents = try readBlobs(Array(Set(blobs)), git: git, display: display)
    for index in entries.indices where entries[index].kind == .file {
      entries[index].bytes = contents[entries[index].object]
    }
    return GitTree(
      display: display, ref: ref, commit: commit, repositoryPath: repositoryPath,
      workingPath: URL(fileURLWithPath: repository.location).appendingPathComponent(repositoryPath),
      document: documentEntry.flatMap { contents[$0.object] },
      listings: listings(of: entries),
      files: Dictionary(entries.map { ($0.path, ($0.kind, $0.size, $0.bytes)) }) { first, _ in first })
  }

  /// `path` with every link resolved, or as given when it cannot be.
  private static func realPath(_ path: String) -> String {
    guard let real = realpath(path, nil) else { return path }
    defer { free(real) }
    return String(cString: real)
  }

  /// `path` with `.` and `..` resolved and no empty component; `nil` when `..` leaves the
  /// repository.
  static func normalized(_ path: String) -> String? {
    var components: [Substring] = []
    for component in path.split(separator: "/") {
      switch component {
      case ".": continue
      case "..":
        guard components.popLast() != nil else { return nil }
      default: components.append(component)
      }
    }
    return components.joined(separator: "/")
  }
}
