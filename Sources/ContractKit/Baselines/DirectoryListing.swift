import Foundation
import ContractKitRuntime

/// The entries of one folder of a baseline tree, as raw names with their kinds.
///
/// Names are read as bytes, so a name that is not UTF-8 is still seen (and reported), never
/// skipped; kinds come from the listing itself (`d_type`), which costs no `lstat` per entry,
/// and only entries the file system does not type are `lstat`ed. Links are never followed.
struct DirectoryListing {
  /// One entry of a folder.
  struct Entry: Sendable {
    /// The name's bytes, as the file system holds them.
    let bytes: [UInt8]
    /// The name, when it is valid UTF-8.
    let name: String?
    let kind: BaselineLayout.EntryKind

    /// Whether the name starts with `.` (editor files, `.DS_Store`, a `record`'s
    /// temporary files): such entries are no part of the layout.
    var isHidden: Bool { bytes.first == UInt8(ascii: ".") }

    /// The name as messages show it, control characters and bad bytes escaped.
    var displayName: String { DisplayText.escaped(bytes: bytes) }

    /// The name for ordering, as UTF-8: its own bytes where they are UTF-8 (whose byte
    /// order is code point order), else with bad bytes replaced, which only entries reported
    /// as broken have.
    var sortBytes: [UInt8] {
      name != nil ? bytes : Array(String(decoding: bytes, as: UTF8.self).utf8)
    }
  }

  /// The entries of the folder at `path`, sorted by name, or with `folders` by
  /// `name + "/"`: the order of the paths that run through them.
  /// - Throws: ``InputError`` naming `display` when the folder cannot be listed, with why.
  static func entries(of path: String, display: String, folders: Bool) throws(InputError)
    -> [Entry]
  {
    guard let directory = opendir(path) else {
      throw InputError(file: display, reason: "cannot be listed: \(Platform.errorText)")
    }
    defer { closedir(directory) }
    var entries: [Entry] = []
    while true {
      errno = 0
      guard let entry = readdir(directory) else {
        if errno != 0 {
          throw InputError(file: display, reason: "cannot be listed: \(Platform.errorText)")
        }
        break
      }
      let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw -> [UInt8] in
        Array(raw.prefix { $0 != 0 })
      }
      if bytes == [UInt8(ascii: ".")] || bytes == [UInt8(ascii: "."), UInt8(ascii: ".")] {
        continue
      }
      let kind: BaselineLayout.EntryKind
      switch Int32(entry.pointee.d_type) {
      case Int32(DT_DIR): kind = .directory
      case Int32(DT_REG): kind = .file
      case Int32(DT_LNK): kind = .link
      case Int32(DT_FIFO): kind = .fifo
      case Int32(DT_CHR): kind = .characterDevice
      case Int32(DT_BLK): kind = .blockDevice
      case Int32(DT_SOCK): kind = .socket
      default: kind = kindByStat(folder: path, name: bytes)
      }
      entries.append(Entry(bytes: bytes, name: String(validating: bytes, as: UTF8.self),
                           kind: kind))
    }
    return sorted(entries, folders: folders)
  }

  /// `entries` by name, or with `folders` by `name + "/"`, as ``entries(of:display:folders:)``
  /// lists them: the one order of every listing, on disk or in git.
  static func sorted(_ entries: [Entry], folders: Bool) -> [Entry] {
    folders
      ? entries.sorted { BaselineTree.folderOrder(utf8: $0.sortBytes, $1.sortBytes) }
      : entries.sorted { $0.sortBytes.lexicographicallyPrecedes($1.sortBytes) }
  }

  /// The kind `lstat` reports for the entry named `bytes` in `folder` (links not followed).
  static func kindByStat(folder: String, name bytes: [UInt8]) -> BaselineLayout.EntryKind {
    var info = stat()
    let path = Array(folder.utf8) + [UInt8(ascii: "/")] + bytes + [0]
    let result = path.withUnsafeBufferPointer { buffer -> Int32 in
      buffer.withMemoryRebound(to: CChar.self) { characters in
        guard let base = characters.baseAddress else { return -1 }
        return lstat(base, &info)
      }
    }
    guard result == 0 else { return .unknown }
    return kind(of: info.st_mode)
  }

  /// The entry kind of a `st_mode`.
  static func kind(of mode: mode_t) -> BaselineLayout.EntryKind {
    switch mode & S_IFMT {
    case S_IFDIR: .directory
    case S_IFREG: .file
    case S_IFLNK: .link
    case S_IFIFO: .fifo
    case S_IFCHR: .characterDevice
    case S_IFBLK: .blockDevice
    case S_IFSOCK: .socket
    default: .unknown
    }
  }
}
