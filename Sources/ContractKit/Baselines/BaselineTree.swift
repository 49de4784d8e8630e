import Foundation

/// The inventory of a baseline tree on disk: which payload files exist, which metadata, and
/// what does not belong.
///
/// Scanning reads names only, never contents, so it is cheap on 20,000 files. Hidden files
/// (a `record`'s temporary files) are skipped; symbolic links are never followed.
public struct BaselineTree: Sendable {
  /// Payload files in path order.
  public private(set) var files: [ContractCase] = []
  /// Version folders that have a `contract.json`.
  public private(set) var metadata: Set<ContractVersion> = []
  /// Paths that do not fit the layout (wrong names, wrong depth), relative to the root.
  public private(set) var strayFiles: [String] = []
  /// Symbolic links found in the tree (never followed), relative to the root.
  public private(set) var links: [String] = []
  /// Contract names present, sorted: ``contracts``, computed once by ``scan(_:)``.
  private var contractNames: [String] = []
  /// Versions present per contract, oldest first: ``versions(of:)``, computed once.
  private var versionsByContract: [String: [SystemVersion]] = [:]
  /// Where each contract's files, and each `contract/version` folder's, lie in ``files``.
  private var ranges: [String: Range<Int>] = [:]

  /// An empty tree, for a directory that does not exist yet.
  public init() {}

  /// Scans `files.root`.
  /// - Throws: ``InputError`` when the directory exists but cannot be listed.
  public static func scan(_ files: BaselineFiles) throws(InputError) -> BaselineTree {
    var tree = BaselineTree()
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    // Joined below as `rootPath + "/" + name`; of resolved paths only `/` ends in a slash.
    let rootPath = files.root.path == "/" ? "" : files.root.path
    guard manager.fileExists(atPath: files.root.path, isDirectory: &isDirectory) else {
      return tree
    }
    guard isDirectory.boolValue else {
      throw InputError(file: files.displayRoot, reason: "is not a directory")
    }
    // Paths are joined as strings: building a `URL` per entry cost more than the `lstat`.
    // Folders are walked in the order of `name + "/"`, which visits the files in path order:
    // no path is spelled to sort them (20,000 of them were a diff's peak memory).
    for contract in try list(files.root.path, display: files.displayRoot, folders: true) {
      let contractPath = rootPath + "/" + contract.name
      guard contract.kind == .directory, BaselineLayout.isValidContractName(contract.name) else {
        tree.note(contract, path: contract.name)
        continue
      }
      for version in try list(contractPath, display: files.displayPath(contract.name),
                              folders: true)
      {
        let versionPath = "\(contract.name)/\(version.name)"
        guard version.kind == .directory,
          let parsedVersion = try? SystemVersion(parsing: version.name)
        else {
          tree.note(version, path: versionPath)
          continue
        }
        let folder = ContractVersion(contract: contract.name, version: parsedVersion)
        let versionFolder = contractPath + "/" + version.name
        for file in try list(versionFolder, display: files.displayPath(versionPath),
                             folders: false)
        {
          let filePath = "\(versionPath)/\(file.name)"
          if file.kind == .file, file.name == BaselineLayout.metadataFileName {
            tree.metadata.insert(folder)
          } else if file.kind == .file, let parsed = BaselineLayout.parseFileName(file.name) {
            tree.files.append(folder.file(locale: parsed.locale, variant: parsed.variant))
          } else {
            tree.note(file, path: filePath)
          }
        }
      }
    }
    tree.strayFiles.sort(by: codePointOrder)
    tree.links.sort(by: codePointOrder)
    tree.index()
    return tree
  }

  /// Contract names present, sorted.
  public var contracts: [String] { contractNames }

  /// Versions present for `contract`, oldest first.
  public func versions(of contract: String) -> [SystemVersion] {
    versionsByContract[contract] ?? []
  }

  /// The payload files of `contract`, or of its `version` folder, in path order.
  ///
  /// A lookup, not a pass over the tree: code that visits every contract (or version) and
  /// filters ``files`` for each does work that grows with the square of the tree.
  public func files(of contract: String) -> ArraySlice<ContractCase> {
    guard let range = ranges[contract] else { return [] }
    return files[range]
  }

  /// The payload files of one version folder, in path order.
  public func files(in folder: ContractVersion) -> ArraySlice<ContractCase> {
    guard let range = ranges[folder.path] else { return [] }
    return files[range]
  }

  /// Fills ``contracts``, ``versions(of:)`` and ``files(of:version:)`` from ``files``, so
  /// that asking them for every contract of a 20,000-file tree costs no pass over the files
  /// each time. Files are in path order, so each contract's (and each version folder's)
  /// files are contiguous: all paths with one prefix are.
  private mutating func index() {
    var versions: [String: Set<SystemVersion>] = [:]
    for (offset, file) in files.enumerated() {
      versions[file.contract, default: []].insert(file.version)
      for key in [file.contract, file.folder.path] {
        let start = ranges[key]?.lowerBound ?? offset
        ranges[key] = start..<(offset + 1)
      }
    }
    contractNames = versions.keys.sorted(by: codePointOrder)
    versionsByContract = versions.mapValues { $0.sorted() }
  }

  private mutating func note(_ entry: Entry, path: String) {
    if entry.kind == .link { links.append(path) } else { strayFiles.append(path) }
  }

  private enum Kind { case file, directory, link, other }
  private struct Entry {
    let name: String
    let kind: Kind
  }

  /// The visible entries of `folder`, each with its kind, sorted by name, or with `folders`
  /// by `name + "/"`: the order of the paths that run through them.
  ///
  /// Kinds come from the directory listing itself (`d_type`), which costs no `lstat` per
  /// entry; only entries the file system does not type are `lstat`ed. A folder `opendir`
  /// refuses, or with names that are not UTF-8, is listed through `FileManager` as before,
  /// so errors and names read the same.
  private static func list(_ folder: String, display: String, folders: Bool)
    throws(InputError) -> [Entry]
  {
    let entries = try listUnsorted(folder, display: display)
    return folders
      ? entries.sorted { folderOrder($0.name, $1.name) }
      : entries.sorted { codePointOrder($0.name, $1.name) }
  }

  /// Code point order of `lhs + "/"` and `rhs + "/"`, without spelling either.
  ///
  /// Paths through two folders compare as their names followed by `/` do (`Foo-Bar/…`
  /// precedes `Foo/…`, as `-` precedes `/`), not as the bare names do.
  static func folderOrder(_ lhs: String, _ rhs: String) -> Bool {
    let slash = UInt8(ascii: "/")
    var left = lhs.utf8.makeIterator()
    var right = rhs.utf8.makeIterator()
    while true {
      switch (left.next(), right.next()) {
      case (let l?, let r?): if l != r { return l < r }
      case (nil, let r?): return slash <= r
      case (let l?, nil): return l < slash
      case (nil, nil): return false
      }
    }
  }

  private static func listUnsorted(_ folder: String, display: String) throws(InputError)
    -> [Entry]
  {
    guard let directory = opendir(folder) else {
      return try listThroughFileManager(folder, display: display)
    }
    defer { closedir(directory) }
    var entries: [Entry] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String? in
        guard let base = raw.bindMemory(to: CChar.self).baseAddress else { return nil }
        return String(validatingCString: base)
      }
      guard let name else { return try listThroughFileManager(folder, display: display) }
      if name.hasPrefix(".") { continue }
      let kind: Kind
      switch Int32(entry.pointee.d_type) {
      case Int32(DT_DIR): kind = .directory
      case Int32(DT_REG): kind = .file
      case Int32(DT_LNK): kind = .link
      case Int32(DT_UNKNOWN): kind = kindByStat(folder + "/" + name)
      default: kind = .other
      }
      entries.append(Entry(name: name, kind: kind))
    }
    return entries
  }

  private static func listThroughFileManager(_ folder: String, display: String)
    throws(InputError) -> [Entry]
  {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw InputError(file: display, reason: "cannot be listed: \(error.localizedDescription)")
    }
    return names.filter { !$0.hasPrefix(".") }.map { name in
      Entry(name: name, kind: kindByStat(folder + "/" + name))
    }
  }

  /// The kind `lstat` reports (links are not followed).
  private static func kindByStat(_ path: String) -> Kind {
    var info = stat()
    guard lstat(path, &info) == 0 else { return .other }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: return .directory
    case S_IFREG: return .file
    case S_IFLNK: return .link
    default: return .other
    }
  }
}
