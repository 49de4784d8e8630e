import ContractKitRuntime
import Foundation

/// A baseline tree as one commit of a git repository holds it, read from git's objects: no
/// checkout, no change to the working tree, the index or any ref.
///
/// ```swift
/// let tree = try GitTree.load(ref: "v2.0.0", path: nil, in: packageRoot)
/// let files = BaselineFiles(gitTree: tree)   // scanned and read like a folder
/// ```
/// Its entries are listed with `git ls-tree -r -z` and its files read with one
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
  /// Each entry's kind and, for regular files, bytes, by path relative to the tree.
  private let files: [String: (kind: BaselineLayout.EntryKind, bytes: [UInt8]?)]

  private init(display: String, ref: String, commit: String, repositoryPath: String,
               workingPath: URL, document: [UInt8]?,
               listings: [String: [DirectoryListing.Entry]],
               files: [String: (kind: BaselineLayout.EntryKind, bytes: [UInt8]?)])
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
  ///   one over ``InputFile/sizeLimit`` bytes, as a read on disk would.
  func read(_ relativePath: String, display: String) throws(InputError) -> [UInt8]? {
    guard let file = files[relativePath] else { return nil }
    guard file.kind == .file, let bytes = file.bytes else {
      throw InputError(file: display, reason: "\(file.kind.phrase); it is never read")
    }
    guard bytes.count <= InputFile.sizeLimit else { throw InputFile.tooLarge(display) }
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
    let repository = try Repository(directory: directory, shown: shown)
    let requested = path ?? "./\(BaselineLayout.directoryName)"
    let relative = requested.hasPrefix("./") || requested.hasPrefix("../") || requested == "."
      || requested == ".."
    let prefix = relative ? try repository.git.text(["rev-parse", "--show-prefix"]) ?? "" : ""
    guard let repositoryPath = normalized(prefix + requested) else {
      throw InputError(file: shown, reason: "'\(requested)' leads out of the repository")
    }
    return try load(ref: ref, repositoryPath: repositoryPath, in: repository, shown: shown)
  }

  /// Reads the tree that lies at `root` in the working tree as the commit `ref` names holds
  /// it: `report --against REF`.
  /// - Throws: ``InputError`` naming `root` when it is in no repository, or the ref when it
  ///   names no commit (or the commit has no tree at that path).
  static func load(ref: String, sameTreeAs root: URL) throws(InputError) -> GitTree {
    let display = BaselineFiles.relativeToWorkingDirectory(root.path)
    var directory = root
    while !FileManager.default.fileExists(atPath: directory.path), directory.path != "/" {
      directory.deleteLastPathComponent()
    }
    let repository = try Repository(directory: directory, shown: "git:\(ref)")
    let real = realPath(directory.path) + root.path.dropFirst(directory.path.count)
    let top = realPath(repository.toplevel)
    guard real == top || real.hasPrefix(top + "/") else {
      throw InputError(file: display, reason: "is not inside the git repository at "
        + "\(repository.toplevel), so it cannot be compared with \(ref)")
    }
    let repositoryPath = normalized(String(real.dropFirst(top.count))) ?? ""
    return try load(ref: ref, repositoryPath: repositoryPath, in: repository,
                    shown: "git:\(ref)")
  }

  /// The repository that holds a directory.
  private struct Repository {
    let git: GitCommand
    let toplevel: String

    init(directory: URL, shown: String) throws(InputError) {
      git = GitCommand(directory: directory)
      let top = try git.run(["rev-parse", "--show-toplevel"])
      guard top.status == 0 else {
        throw InputError(
          file: BaselineFiles.relativeToWorkingDirectory(directory.path),
          reason: "is not in a git repository, so \(shown) cannot be read (\(top.error))")
      }
      toplevel = String(decoding: top.output, as: UTF8.self).trimmingCharacters(in: .newlines)
    }
  }

  private static func load(ref: String, repositoryPath: String, in repository: Repository,
                           shown: String) throws(InputError) -> GitTree
  {
    let git = repository.git
    guard !ref.isEmpty, !ref.hasPrefix("-"),
      let commit = try git.text(["rev-parse", "--verify", "--quiet", "\(ref)^{commit}"])
    else {
      throw InputError(file: shown, reason: "'\(ref)' names no commit of the repository at "
        + "\(repository.toplevel): no such branch, tag or commit; "
        + GitRefSuggestion.sentence(for: ref, git: git))
    }
    let display = "git:\(ref):\(repositoryPath.isEmpty ? "." : repositoryPath)"
    let object = repositoryPath.isEmpty ? "\(commit)^{tree}" : "\(commit):\(repositoryPath)"
    guard let type = try git.text(["cat-file", "-t", object]) else {
      throw InputError(file: display, reason: "\(ref) (commit \(commit.prefix(12))) has "
        + "nothing at '\(repositoryPath)': no baseline tree there")
    }
    guard type == "tree" else {
      throw InputError(file: display, reason: "is a \(type) in \(ref), not a folder: no "
        + "baseline tree there")
    }
    let listing = try git.run(["ls-tree", "--full-tree", "-r", "-z", object])
    guard listing.status == 0 else {
      throw InputError(file: display, reason: "cannot be listed: \(listing.error)")
    }
    var entries = try parseListing(listing.output, display: display)
    let documentPath = (repositoryPath.split(separator: "/").dropLast() + ["Baselines.md"])
      .joined(separator: "/")
    let document = try git.run(["ls-tree", "--full-tree", "-z", commit, "--", documentPath])
    let documentEntry = try parseListing(document.output, display: display).first
    // One batch for every visible regular file's blob, each distinct blob once.
    var blobs = entries.filter { $0.kind == .file && !$0.isHidden }.map(\.object)
    if let documentEntry, documentEntry.kind == .file { blobs.append(documentEntry.object) }
    let contents = try readBlobs(Array(Set(blobs)), git: git, display: display)
    for index in entries.indices where entries[index].kind == .file {
      entries[index].bytes = contents[entries[index].object]
    }
    return GitTree(
      display: display, ref: ref, commit: commit, repositoryPath: repositoryPath,
      workingPath: URL(fileURLWithPath: repository.toplevel)
        .appendingPathComponent(repositoryPath),
      document: documentEntry.flatMap { contents[$0.object] },
      listings: listings(of: entries),
      files: Dictionary(entries.map { ($0.path, ($0.kind, $0.bytes)) }) { first, _ in first })
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
