import Foundation
import ContractKitRuntime

/// The walk over a baseline tree: the one validation of its names, which every command
/// (`check`, `record`, `report`, `diff`) runs before it reads a file.
extension BaselineTree {
  /// Scans `files.root`, validating every entry against the layout.
  ///
  /// Hidden entries are skipped (and a killed `record`'s temporary files among them noted),
  /// FOSTesting's legacy files directly under the root are noted, and anything else that
  /// breaks the layout is collected; any such entry makes the whole tree unusable input.
  /// - Throws: ``BaselineLayoutError`` listing every entry that breaks the layout;
  ///   ``InputError`` when the directory cannot be listed, or holds no contract folder but
  ///   is not empty (it names the baseline tree found inside, such as an archive root's
  ///   `.VersionedTestJSON`).
  package static func scan(_ files: BaselineFiles) throws -> BaselineTree {
    var walk = _Walk(files: files)
    // A commit's tree was found to be a folder when it was read.
    if files.gitTree == nil {
      var info = stat()
      guard lstat(files.root.path, &info) == 0 else {
        if errno == ENOENT { return BaselineTree() }
        throw InputError(file: files.displayRoot, reason: "cannot be read: \(Platform.errorText)")
      }
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw InputError(file: files.displayRoot, reason: "is not a directory")
      }
    }
    try walk.root()
    if !walk.foundVersionFolder {
      let inside = NestedTreeSearch.trees(in: files)
      if !inside.isEmpty || !walk.violations.isEmpty {
        throw notATree(files, inside: inside)
      }
    }
    guard walk.violations.isEmpty else {
      throw BaselineLayoutError(directory: files.displayRoot, violations: walk.violations)
    }
    walk.tree.legacyFiles.sort(by: codePointOrder)
    walk.tree.temporaryFiles.sort(by: codePointOrder)
    walk.tree.index()
    return walk.tree
  }

  /// The error for a directory with no contract folder, naming the trees found inside.
  private static func notATree(_ files: BaselineFiles, inside: [String]) -> InputError {
    var reason = "is not a baseline tree: it holds no contract folder "
      + "(<Contract>/<major.minor.patch>/<locale>.json)"
    if inside.isEmpty {
      reason += ", and no \(BaselineLayout.directoryName) folder was found inside it"
    } else {
      let named = inside.map { files.displayPath($0) }
      reason += "; it contains the baseline tree \(named.joined(separator: " and ")): "
        + "name \(named.count == 1 ? "that" : "one of them") instead"
    }
    return InputError(file: files.displayRoot, reason: reason)
  }
}

/// One scan in progress: the tree so far and the entries that break the layout.
private struct _Walk {
  let files: BaselineFiles
  var tree = BaselineTree()
  var violations: [BaselineLayoutError.Violation] = []
  /// Whether any valid version folder was seen, even an empty one.
  var foundVersionFolder = false
  /// The payload file names seen, with their locale and variant: every version folder
  /// repeats them, and a name is parsed once.
  private var payloadNames: [String: (locale: String, variant: String)] = [:]

  init(files: BaselineFiles) { self.files = files }

  /// Paths are joined as strings: building a `URL` per entry cost more than the `lstat`.
  /// Folders are walked in the order of `name + "/"`, which visits the files in path order:
  /// no path is spelled to sort them (20,000 of them were a diff's peak memory).
  mutating func root() throws {
    for entry in try files.entries(in: "", folders: true) {
      guard let name = checked(entry, at: "") else { continue }
      if entry.kind == .file, BaselineLayout.isLegacyFileName(name) {
        tree.legacyFiles.append(name)
      } else if let problem = BaselineLayout.rootEntryProblem(name: name, kind: entry.kind) {
        violate(entry, at: "", problem)
      } else {
        try contract(name)
      }
    }
  }

  private mutating func contract(_ contract: String) throws {
    for entry in try files.entries(in: contract, folders: true) {
      guard let name = checked(entry, at: contract) else { continue }
      if let problem = BaselineLayout.contractEntryProblem(name: name, kind: entry.kind) {
        violate(entry, at: contract, problem)
        continue
      }
      foundVersionFolder = true
      let version = try SystemVersion(parsing: name)
      try versionFolder(ContractVersion(contract: contract, version: version))
    }
  }

  /// Its parent listed it as a folder, and the root's listing its parent: no link is on the
  /// way to its files (``BaselineFiles/vouch(forFolder:)``).
  private mutating func versionFolder(_ folder: ContractVersion) throws {
    let path = folder.path
    for entry in try files.entries(in: path, folders: false) {
      guard let name = checked(entry, at: path) else { continue }
      if entry.kind == .file, let parsed = payloadNames[name] {
        tree.files.append(folder.file(locale: parsed.locale, variant: parsed.variant))
      } else if let problem = BaselineLayout.versionEntryProblem(name: name, kind: entry.kind) {
        violate(entry, at: path, problem)
      } else if name == BaselineLayout.metadataFileName {
        tree.metadata.insert(folder)
      } else if let parsed = BaselineLayout.parseFileName(name) {
        payloadNames[name] = parsed
        tree.files.append(folder.file(locale: parsed.locale, variant: parsed.variant))
      }
    }
    files.vouch(forFolder: path)
  }

  /// The entry's name when it is visible and valid UTF-8; notes a leftover temporary file,
  /// and reports a name that is not UTF-8.
  private mutating func checked(_ entry: DirectoryListing.Entry, at folder: String) -> String? {
    if entry.isHidden {
      if entry.kind == .file, let name = entry.name, LeftoverTemporaryFile.isLeftover(name) {
        tree.temporaryFiles.append(folder.isEmpty ? name : folder + "/" + name)
      }
      return nil
    }
    guard let name = entry.name else {
      violate(entry, at: folder, "the name is not valid UTF-8")
      return nil
    }
    return name
  }

  private mutating func violate(_ entry: DirectoryListing.Entry, at folder: String,
                                _ rule: String)
  {
    let relative = folder.isEmpty
      ? entry.displayName : DisplayText.escaped(folder) + "/" + entry.displayName
    violations.append(.init(path: files.displayPath(relative), rule: rule))
  }
}

/// Where a directory that is not a baseline tree holds one: a `.VersionedTestJSON` folder a
/// few levels down, as in the root of a `git archive` or a package.
enum NestedTreeSearch {
  /// The deepest level looked at: the directory itself, its folders and theirs
  /// (`Tests/<Target>/.VersionedTestJSON`, where FOSTesting keeps its baselines).
  static let depth = 3

  /// Paths relative to the root of `files` of the `.VersionedTestJSON` folders found, links
  /// not followed.
  static func trees(in files: BaselineFiles) -> [String] {
    var found: [String] = []
    search(files, relative: "", level: 1, into: &found)
    return found.sorted(by: codePointOrder)
  }

  private static func search(_ files: BaselineFiles, relative: String, level: Int,
                             into found: inout [String])
  {
    guard level <= depth, found.count < 3,
      let entries = try? files.entries(in: relative, folders: true)
    else { return }
    for entry in entries where entry.kind == .directory {
      guard let name = entry.name else { continue }
      let child = relative.isEmpty ? name : relative + "/" + name
      if name == BaselineLayout.directoryName {
        found.append(child)
      } else if !entry.isHidden {
        search(files, relative: child, level: level + 1, into: &found)
      }
    }
  }
}
