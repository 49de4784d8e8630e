import ContractKitRuntime
import Foundation

/// What a `review` applying its decisions has done so far, kept on disk so that a kill at
/// any moment is undone or finished by the next command.
///
/// Accepting an orphan removes committed baselines, and `record` must not see them while it
/// writes the rest: they are first moved aside, into a folder of the pending store. The
/// journal (`.contracts-pending/.applying.json`) is written before the first move and names
/// every file. Until `record` has written (phase `moving`), the decisions count for nothing:
/// the next command moves the files back. Once it has (phase `removing`), the removal is
/// part of what was applied: the next command finishes it. Either way it says so.
struct ApplyJournal {
  enum Phase: String { case moving, removing }

  /// The baseline directory's files.
  let files: BaselineFiles
  /// The orphaned files, relative to the baseline directory.
  let orphans: [String]
  /// The folder of the pending store they are moved into, by name.
  let aside: String
  /// The process applying.
  let process: Int32
  var phase: Phase

  /// The journal's name in the pending store beside the baseline directory.
  static let fileName = ".applying.json"

  /// Where the journal and the files moved aside are: the local pending store's folder.
  static func folder(of files: BaselineFiles) -> URL { PendingStore.beside(files).root }

  /// Writes the journal of moving `orphans` aside, before anything moves.
  static func begin(orphans: [String], files: BaselineFiles) throws -> ApplyJournal {
    let journal = ApplyJournal(
      files: files, orphans: orphans,
      aside: ".removing.\(getpid()).\(UInt64.random(in: 0...UInt64.max))", process: getpid(),
      phase: .moving)
    try journal.save()
    return journal
  }

  /// The orphan at `path`, moved aside into the journal's folder.
  func moveAside(_ path: String) throws {
    let target = Self.folder(of: files).appendingPathComponent(aside + "/" + path)
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.moveItem(at: files.url(path), to: target)
  }

  /// `record` has written: from now on the removal is applied, and a kill finishes it.
  mutating func commit() throws {
    phase = .removing
    try save()
  }

  /// Moves back every orphan moved aside, then forgets the journal: nothing was removed.
  func restore() {
    let folder = Self.folder(of: files)
    for path in orphans {
      let moved = folder.appendingPathComponent(aside + "/" + path)
      var info = stat()
      guard lstat(moved.path, &info) == 0, lstat(files.url(path).path, &info) != 0 else {
        continue
      }
      try? FileManager.default.createDirectory(
        at: files.url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
      try? FileManager.default.moveItem(at: moved, to: files.url(path))
    }
    end()
  }

  /// Removes what was moved aside and the folders the orphans leave empty, then forgets the
  /// journal: the removal is done.
  func finish() {
    ApplyJournal.removeEmptyFolders(of: orphans, in: files)
    end()
  }

  private func end() {
    let folder = Self.folder(of: files).path
    try? ContainedRemoval.remove(aside, under: folder)
    try? ContainedRemoval.remove(Self.fileName, under: folder)
    rmdir(folder)
  }

  /// Undoes or finishes what an interrupted `review` left, and says which; `nil` when
  /// nothing was left (or another process is applying right now).
  static func recover(_ files: BaselineFiles) -> String? {
    let url = folder(of: files).appendingPathComponent(fileName)
    guard let bytes = try? InputFile.read(url.path, display: url.path),
      let document = try? JSONParser.parse(bytes, file: url.path),
      let phase = document["phase"]?.stringValue.flatMap(Phase.init(rawValue:)),
      let aside = document["aside"]?.stringValue, !aside.contains("/"), aside.hasPrefix("."),
      case .array(let list)? = document["orphans"],
      case .number(let number)? = document["process"], let process = Int32(number.canonical)
    else { return nil }
    // A review still applying is left alone.
    if process != getpid(), kill(process, 0) == 0 { return nil }
    // Paths inside the baseline directory only: no `..`, nothing absolute.
    let orphans = list.compactMap(\.stringValue).filter { path in
      !path.hasPrefix("/")
        && !path.split(separator: "/", omittingEmptySubsequences: false)
          .contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }
    let journal = ApplyJournal(files: files, orphans: orphans, aside: aside, process: process,
                               phase: phase)
    let count = orphans.count.counting("orphaned baseline")
    switch phase {
    case .moving:
      journal.restore()
      return "An interrupted review (process \(process)) had moved \(count) aside before "
        + "applying its decisions: restored to \(files.displayRoot); nothing of it was "
        + "removed or logged. Review again to decide them."
    case .removing:
      journal.finish()
      return "An interrupted review (process \(process)) had applied its decisions but not "
        + "finished removing \(count) it accepted: removed now."
    }
  }

  private func save() throws {
    let document: JSONValue = .object([
      "phase": .string(phase.rawValue),
      "aside": .string(aside),
      "process": .number(JSONNumber(Int(process))),
      "orphans": .array(orphans.map(JSONValue.string)),
    ])
    let url = Self.folder(of: files).appendingPathComponent(Self.fileName)
    try AtomicFile.write(CanonicalJSON.encode(document), to: url, display: url.path)
  }

  /// Removes the folders that held `paths` once they are empty, deepest first.
  static func removeEmptyFolders(of paths: [String], in files: BaselineFiles) {
    var folders = Set<String>()
    for path in paths {
      var parts = path.split(separator: "/").dropLast()
      while !parts.isEmpty {
        folders.insert(parts.joined(separator: "/"))
        parts = parts.dropLast()
      }
    }
    for folder in folders.sorted(by: { $0.count > $1.count }) {
      rmdir(files.url(folder).path)
    }
  }
}
