import Foundation
import ContractKitRuntime

/// The inventory of a baseline tree on disk: which payload files exist, which metadata, and
/// which legacy or leftover files lie beside them.
///
/// Scanning reads names only, never contents, so it is cheap on 20,000 files. It is also
/// the one validation of the tree's names, for every command: an entry that breaks the
/// layout makes the scan throw (see `BaselineTree+Scan.swift`). Hidden entries are no part
/// of the layout; symbolic links are never followed.
struct BaselineTree: Sendable {
  /// Payload files in path order.
  package internal(set) var files: [ContractCase] = []
  /// Version folders that have a `contract.json`.
  package internal(set) var metadata: Set<ContractVersion> = []
  /// FOSTesting's `<Type>_<version>.json` files directly under the root, relative to it:
  /// recognised, never read.
  package internal(set) var legacyFiles: [String] = []
  /// Temporary files a killed `record` left (``LeftoverTemporaryFile``), relative to the root.
  package internal(set) var temporaryFiles: [String] = []
  /// Contract names present, sorted: ``contracts``, computed once by ``scan(_:)``.
  private var contractNames: [String] = []
  /// Versions present per contract, oldest first: ``versions(of:)``, computed once.
  private var versionsByContract: [String: [SystemVersion]] = [:]
  /// Where each contract's files, and each `contract/version` folder's, lie in ``files``.
  private var ranges: [String: Range<Int>] = [:]

  /// An empty tree, for a directory that does not exist yet.
  package init() {}

  /// Contract names present, sorted.
  package var contracts: [String] { contractNames }

  /// Versions present for `contract`, oldest first.
  package func versions(of contract: String) -> [SystemVersion] {
    versionsByContract[contract] ?? []
  }

  /// The payload files of `contract`, or of its `version` folder, in path order.
  ///
  /// A lookup, not a pass over the tree: code that visits every contract (or version) and
  /// filters ``files`` for each does work that grows with the square of the tree.
  package func files(of contract: String) -> ArraySlice<ContractCase> {
    guard let range = ranges[contract] else { return [] }
    return files[range]
  }

  /// The payload files of one version folder, in path order.
  package func files(in folder: ContractVersion) -> ArraySlice<ContractCase> {
    guard let range = ranges[folder.path] else { return [] }
    return files[range]
  }

  /// Fills ``contracts``, ``versions(of:)`` and ``files(of:version:)`` from ``files``, so
  /// that asking them for every contract of a 20,000-file tree costs no pass over the files
  /// each time. Files are in path order, so each contract's (and each version folder's)
  /// files are contiguous: all paths with one prefix are.
  mutating func index() {
    var versions: [String: Set<SystemVersion>] = [:]
    // A folder's files are one run of the list: its keys are spelled and looked up once.
    var offset = 0
    while offset < files.count {
      let folder = files[offset].folder
      var end = offset + 1
      while end < files.count, files[end].version == folder.version,
        files[end].contract == folder.contract
      {
        end += 1
      }
      versions[folder.contract, default: []].insert(folder.version)
      for key in [folder.contract, folder.path] {
        let start = ranges[key]?.lowerBound ?? offset
        ranges[key] = start..<end
      }
      offset = end
    }
    contractNames = versions.keys.sorted(by: codePointOrder)
    versionsByContract = versions.mapValues { $0.sorted() }
  }

  /// Code point order of `lhs + "/"` and `rhs + "/"`, without spelling either.
  ///
  /// Paths through two folders compare as their names followed by `/` do (`Foo-Bar/…`
  /// precedes `Foo/…`, as `-` precedes `/`), not as the bare names do.
  static func folderOrder(_ lhs: String, _ rhs: String) -> Bool {
    folderOrder(utf8: lhs.utf8, rhs.utf8)
  }

  /// ``folderOrder(_:_:)`` of two names' UTF-8.
  static func folderOrder<Bytes: Sequence<UInt8>>(utf8 lhs: Bytes, _ rhs: Bytes) -> Bool {
    let slash = UInt8(ascii: "/")
    var left = lhs.makeIterator()
    var right = rhs.makeIterator()
    while true {
      switch (left.next(), right.next()) {
      case (let l?, let r?): if l != r { return l < r }
      case (nil, let r?): return slash <= r
      case (let l?, nil): return l < slash
      case (nil, nil): return false
      }
    }
  }

}
