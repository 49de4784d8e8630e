import Foundation

/// The inventory of a baseline tree on disk: which payload files exist, which metadata, and
/// what does not belong.
///
/// Scanning reads names only, never contents, so it is cheap on 20,000 files. Hidden files
/// (a `record`'s temporary files) are skipped; symbolic links are never followed.
public struct BaselineTree: Sendable {
  /// One payload file, by the names its path spells.
  public struct File: Sendable, Hashable {
    public let contract: String
    public let version: String
    public let locale: String
    public let variant: String

    public var relativePath: String {
      BaselineLayout.relativePath(contract: contract, version: version, locale: locale,
                                  variant: variant)
    }
  }

  /// Payload files in path order.
  public private(set) var files: [File] = []
  /// `contract/version` pairs that have a `contract.json`.
  public private(set) var metadata: Set<String> = []
  /// Paths that do not fit the layout (wrong names, wrong depth), relative to the root.
  public private(set) var strayFiles: [String] = []
  /// Symbolic links found in the tree (never followed), relative to the root.
  public private(set) var links: [String] = []

  /// An empty tree, for a directory that does not exist yet.
  public init() {}

  /// Scans `files.root`.
  /// - Throws: ``InputError`` when the directory exists but cannot be listed.
  public static func scan(_ files: BaselineFiles) throws(InputError) -> BaselineTree {
    var tree = BaselineTree()
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    guard manager.fileExists(atPath: files.root.path, isDirectory: &isDirectory) else {
      return tree
    }
    guard isDirectory.boolValue else {
      throw InputError(file: files.displayRoot, reason: "is not a directory")
    }
    for contract in try list(files.root, display: files.displayRoot) {
      let contractURL = files.root.appendingPathComponent(contract.name)
      guard contract.kind == .directory, BaselineLayout.isValidContractName(contract.name) else {
        tree.note(contract, path: contract.name)
        continue
      }
      for version in try list(contractURL, display: files.displayPath(contract.name)) {
        let versionPath = "\(contract.name)/\(version.name)"
        guard version.kind == .directory, (try? SystemVersion(parsing: version.name)) != nil
        else {
          tree.note(version, path: versionPath)
          continue
        }
        let versionURL = contractURL.appendingPathComponent(version.name)
        for file in try list(versionURL, display: files.displayPath(versionPath)) {
          let filePath = "\(versionPath)/\(file.name)"
          if file.kind == .file, file.name == BaselineLayout.metadataFileName {
            tree.metadata.insert(versionPath)
          } else if file.kind == .file, let parsed = BaselineLayout.parseFileName(file.name) {
            tree.files.append(File(contract: contract.name, version: version.name,
                                   locale: parsed.locale, variant: parsed.variant))
          } else {
            tree.note(file, path: filePath)
          }
        }
      }
    }
    tree.files.sort { codePointOrder($0.relativePath, $1.relativePath) }
    tree.strayFiles.sort(by: codePointOrder)
    tree.links.sort(by: codePointOrder)
    return tree
  }

  /// Contract names present, sorted.
  public var contracts: [String] { Array(Set(files.map(\.contract))).sorted(by: codePointOrder) }

  /// Versions present for `contract`, oldest first.
  public func versions(of contract: String) -> [String] {
    Array(Set(files.filter { $0.contract == contract }.map(\.version))).sorted(by: versionOrder)
  }

  private mutating func note(_ entry: Entry, path: String) {
    if entry.kind == .link { links.append(path) } else { strayFiles.append(path) }
  }

  private enum Kind { case file, directory, link, other }
  private struct Entry {
    let name: String
    let kind: Kind
  }

  private static func list(_ url: URL, display: String) throws(InputError) -> [Entry] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: url.path)
    } catch {
      throw InputError(file: display, reason: "cannot be listed: \(error.localizedDescription)")
    }
    return names.filter { !$0.hasPrefix(".") }.sorted(by: codePointOrder).map { name in
      var info = stat()
      let path = url.appendingPathComponent(name).path
      guard lstat(path, &info) == 0 else { return Entry(name: name, kind: .other) }
      switch info.st_mode & S_IFMT {
      case S_IFDIR: return Entry(name: name, kind: .directory)
      case S_IFREG: return Entry(name: name, kind: .file)
      case S_IFLNK: return Entry(name: name, kind: .link)
      default: return Entry(name: name, kind: .other)
      }
    }
  }
}

/// Orders version strings numerically when they parse, by code point otherwise.
func versionOrder(_ lhs: String, _ rhs: String) -> Bool {
  switch (try? SystemVersion(parsing: lhs), try? SystemVersion(parsing: rhs)) {
  case (let left?, let right?): left < right
  default: codePointOrder(lhs, rhs)
  }
}
