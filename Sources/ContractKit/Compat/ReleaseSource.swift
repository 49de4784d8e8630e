import ContractKitRuntime
import Foundation

/// A release's files, made from its commit's tree itself: every blob `git ls-tree` lists,
/// read with `git cat-file`, never `git archive` (whose output `export-ignore` in
/// `.gitattributes` can empty) and never a checkout (the working tree and the index stay
/// untouched).
///
/// ``sync(keeping:)`` brings a folder to exactly that tree: a file whose bytes differ from
/// its blob is rewritten, anything the tree does not have is removed, and a file already
/// right is left alone (so that a build in it stays incremental). Only what the build
/// itself writes in the package folder (`.build`, `.swiftpm`, an unpinned
/// `Package.resolved`) and the probe's own folder are kept.
struct ReleaseSource {
  /// The ref as given, for messages.
  let ref: String
  let commit: String
  /// Runs git in the repository.
  let git: GitCommand
  /// The folder the tree is made in.
  let folder: URL

  /// One entry of the commit's tree.
  struct Entry {
    let path: String
    let kind: BaselineLayout.EntryKind
    let object: String
    let size: Int
    let isExecutable: Bool
  }

  /// The commit's whole tree, as `git ls-tree` lists it, and the SHA-256 of that listing:
  /// the one digest of what a probe is built from (paths, modes and blob ids).
  func listing() throws(InputError) -> (entries: [Entry], digest: String) {
    let result = try git.run(["ls-tree", "--full-tree", "-r", "-l", "-z", commit])
    guard result.status == 0 else {
      throw InputError(file: "git:\(ref)", reason: "(commit \(commit.prefix(12))) cannot be "
        + "listed: \(result.error)")
    }
    var entries: [Entry] = []
    for item in try GitTree.parseListing(result.output, display: "git:\(ref)") {
      let path = item.path
      guard Self.isSafe(path) else {
        throw InputError(file: "git:\(ref):\(DisplayText.escaped(path))", reason: "is not a "
          + "path compat can make: a component is empty, '.', '..' or '.git'")
      }
      entries.append(Entry(path: path, kind: item.kind, object: item.object, size: item.size,
                           isExecutable: item.isExecutable))
    }
    return (entries, SHA256.hex(result.output))
  }

  /// Makes ``folder`` hold exactly `entries`, keeping only what `keeping` says is the
  /// build's own (paths relative to ``folder``).
  /// - Throws: ``InputError`` naming a symbolic link that leads out of the tree, or what
  ///   cannot be read or written.
  func sync(_ entries: [Entry], keeping kept: (String) -> Bool) throws(InputError) {
    var expected: [String: Entry] = [:]
    var folders: Set<String> = [""]
    for entry in entries {
      expected[entry.path] = entry
      // A submodule is an empty folder: whatever is in it goes.
      if entry.kind == .submodule { folders.insert(entry.path) }
      var parent = entry.path
      while let slash = parent.lastIndex(of: "/") {
        parent = String(parent[..<slash])
        folders.insert(parent)
      }
    }
    try removeUnexpected(in: "", expected: expected, folders: folders, keeping: kept)
    for folder in folders.sorted() where !folder.isEmpty {
      try makeFolder(folder)
    }
    for entry in entries {
      switch entry.kind {
      case .link: try makeLink(entry)
      case .submodule: try makeFolder(entry.path)
      default: break
      }
    }
    let files = entries.filter { $0.kind == .file }
    var index = 0
    try GitTree.readBlobs(files.map(\.object), git: git, display: "git:\(ref)") {
      _, size, batch throws(InputError) in
      let entry = files[index]
      index += 1
      try write(entry, size: size, from: &batch)
    }
  }

  // MARK: - Files

  /// Writes `entry`'s blob unless the file already holds exactly it, and sets its mode.
  private func write(_ entry: Entry, size: Int, from batch: inout GitTree.BatchOutput)
    throws(InputError)
  {
    let path = folder.appendingPathComponent(entry.path).path
    let mode: mode_t = entry.isExecutable ? 0o755 : 0o644
    var info = stat()
    let exists = lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    // Source files are small: compared in memory, and rewritten only when they differ.
    // A large blob (an asset) is streamed into place whatever the file holds.
    if size <= 16 << 20 {
      let bytes = try batch.bytes(size)
      if exists, Int(info.st_size) == size,
        FileManager.default.contents(atPath: path).map({ [UInt8]($0) == bytes }) == true
      {
        if info.st_mode & 0o777 != mode { chmod(path, mode) }
        return
      }
      try replace(path, mode: mode) { handle throws(InputError) in
        try Self.write(bytes[...], to: handle, path: path)
      }
      return
    }
    try replace(path, mode: mode) { handle throws(InputError) in
      try batch.copy(size) { piece throws(InputError) in try Self.write(piece, to: handle, path: path) }
    }
  }

  /// Replaces the file at `path` by a temporary file that `fill` writes, renamed over it.
  private func replace(_ path: String, mode: mode_t,
                       fill: (FileHandle) throws(InputError) -> Void) throws(InputError)
  {
    let temporary = AtomicFile.temporaryPath(for: path, token: UInt64.random(in: 0...UInt64.max))
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard descriptor >= 0 else {
      throw InputError(file: path, reason: "cannot be written: \(Platform.errorText)")
    }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    do {
      try fill(handle)
      try? handle.close()
    } catch {
      try? handle.close()
      unlink(temporary)
      throw error
    }
    fchmodat(AT_FDCWD, temporary, mode, 0)
    // A folder (or link) where the file goes is removed first: rename(2) does not.
    var info = stat()
    if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      try? FileManager.default.removeItem(atPath: path)
    }
    guard rename(temporary, path) == 0 else {
      let reason = Platform.errorText
      unlink(temporary)
      throw InputError(file: path, reason: "cannot be written: \(reason)")
    }
  }

  private static func write(_ bytes: ArraySlice<UInt8>, to handle: FileHandle, path: String)
    throws(InputError)
  {
    do {
      try handle.write(contentsOf: Data(bytes))
    } catch {
      throw InputError(file: path, reason: "cannot be written: \(error.localizedDescription)")
    }
  }

  // MARK: - Folders and links

  private func makeFolder(_ relativePath: String) throws(InputError) {
    let path = folder.appendingPathComponent(relativePath).path
    var info = stat()
    if lstat(path, &info) == 0 {
      if info.st_mode & S_IFMT == S_IFDIR { return }
      unlink(path)
    }
    guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
      throw InputError(file: path, reason: "cannot be created: \(Platform.errorText)")
    }
  }

  /// A link of the tree, made only when it stays inside the tree: compat never follows a
  /// link out of the release's files.
  private func makeLink(_ entry: Entry) throws(InputError) {
    let target = try GitTree.readBlobs([entry.object], git: git, display: "git:\(ref)")
      .values.first.map { String(decoding: $0, as: UTF8.self) } ?? ""
    let parent = entry.path.split(separator: "/").dropLast().joined(separator: "/")
    guard !target.hasPrefix("/"),
      GitTree.normalized(parent.isEmpty ? target : parent + "/" + target) != nil
    else {
      throw InputError(file: "git:\(ref):\(DisplayText.escaped(entry.path))", reason: "is a "
        + "symbolic link out of the release's tree (to '\(DisplayText.escaped(target))'); "
        + "compat never follows a link out of it")
    }
    let path = folder.appendingPathComponent(entry.path).path
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink(path, &buffer, buffer.count - 1)
    if length >= 0 {
      if String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        == target
      {
        return
      }
      unlink(path)
    }
    guard symlink(target, path) == 0 else {
      throw InputError(file: path, reason: "cannot be created: \(Platform.errorText)")
    }
  }

  /// Removes, below `relativePath`, everything the tree does not have, and every entry of
  /// another kind than the tree's (a file where the tree has a folder).
  private func removeUnexpected(
    in relativePath: String, expected: [String: Entry], folders: Set<String>,
    keeping kept: (String) -> Bool
  ) throws(InputError) {
    let path = relativePath.isEmpty ? folder.path : folder.appendingPathComponent(relativePath).path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    for name in names.sorted() {
      let child = relativePath.isEmpty ? name : relativePath + "/" + name
      if kept(child) { continue }
      let childPath = path + "/" + name
      var info = stat()
      guard lstat(childPath, &info) == 0 else { continue }
      let type = info.st_mode & S_IFMT
      if folders.contains(child), type == S_IFDIR,
        expected[child].map({ $0.kind == .directory || $0.kind == .submodule }) ?? true
      {
        try removeUnexpected(in: child, expected: expected, folders: folders, keeping: kept)
        continue
      }
      if let entry = expected[child] {
        switch (entry.kind, type) {
        case (.file, S_IFREG), (.link, S_IFLNK): continue
        case (.submodule, S_IFDIR): continue
        default: break
        }
      }
      do {
        try FileManager.default.removeItem(atPath: childPath)
      } catch {
        throw InputError(file: childPath, reason: "cannot be removed: \(error.localizedDescription)")
      }
    }
  }

  /// Whether a tree's path can be made inside the folder: no component is empty, `.`,
  /// `..` or `.git`, and it does not start at the root.
  private static func isSafe(_ path: String) -> Bool {
    !path.hasPrefix("/") && !path.split(separator: "/", omittingEmptySubsequences: false)
      .contains { $0.isEmpty || $0 == "." || $0 == ".." || $0.lowercased() == ".git" }
  }
}
