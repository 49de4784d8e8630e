import ContractKitRuntime
/// Reading git's plumbing output: `ls-tree -z` records, the folders they imply, and one
/// `cat-file --batch` of blobs.
extension GitTree {
  /// One record of `git ls-tree -z`.
  struct Listed {
    var pathBytes: [UInt8]
    var kind: BaselineLayout.EntryKind
    var object: String
    var bytes: [UInt8]?
    var path: String { String(decoding: pathBytes, as: UTF8.self) }
    /// Whether a component of the path starts with `.`: no part of the layout, never read.
    var isHidden: Bool {
      pathBytes.split(separator: UInt8(ascii: "/")).contains { $0.first == UInt8(ascii: ".") }
    }
  }

  /// `<mode> <type> <object>\t<path>\0` records.
  static func parseListing(_ output: [UInt8], display: String) throws(InputError)
    -> [Listed]
  {
    var listed: [Listed] = []
    for record in output.split(separator: 0) {
      guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else {
        throw InputError(file: display, reason: "git ls-tree gave a record without a path")
      }
      let fields = record[..<tab].split(separator: UInt8(ascii: " ")).map {
        String(decoding: $0, as: UTF8.self)
      }
      guard fields.count == 3 else {
        throw InputError(file: display, reason: "git ls-tree gave an unexpected record")
      }
      let kind: BaselineLayout.EntryKind = switch fields[0] {
      case "100644", "100755": .file
      case "120000": .link
      case "160000": .submodule
      case "040000": .directory
      default: .unknown
      }
      listed.append(Listed(pathBytes: Array(record[(tab + 1)...]), kind: kind,
                           object: fields[2]))
    }
    return listed
  }

  /// Every folder's entries: each listed path's own entry, and its folders' in theirs.
  static func listings(of listed: [Listed]) -> [String: [DirectoryListing.Entry]] {
    var listings: [String: [DirectoryListing.Entry]] = ["": []]
    var seenFolders: Set<[UInt8]> = []
    for item in listed {
      let components = item.pathBytes.split(separator: UInt8(ascii: "/"),
                                            omittingEmptySubsequences: false)
      var folder: [UInt8] = []
      for (index, component) in components.enumerated() {
        let isLast = index == components.count - 1
        let path = folder.isEmpty ? Array(component) : folder + [UInt8(ascii: "/")] + component
        if isLast || seenFolders.insert(path).inserted {
          let name = Array(component)
          listings[String(decoding: folder, as: UTF8.self), default: []].append(
            DirectoryListing.Entry(bytes: name, name: String(validating: name, as: UTF8.self),
                                   kind: isLast ? item.kind : .directory))
        }
        folder = path
      }
    }
    return listings
  }

  /// The contents of `objects` (blob ids), read with one `git cat-file --batch`.
  static func readBlobs(_ objects: [String], git: GitCommand, display: String)
    throws(InputError) -> [String: [UInt8]]
  {
    guard !objects.isEmpty else { return [:] }
    let result = try git.run(["cat-file", "--batch"],
                             input: Array(objects.joined(separator: "\n").utf8) + [10])
    guard result.status == 0 else {
      throw InputError(file: display, reason: "cannot be read: \(result.error)")
    }
    // `<object> blob <size>\n<bytes>\n` per object, in input order.
    var contents: [String: [UInt8]] = [:]
    var offset = 0
    let output = result.output
    while offset < output.count {
      guard let end = output[offset...].firstIndex(of: 10) else { break }
      let header = String(decoding: output[offset..<end], as: UTF8.self).split(separator: " ")
      guard header.count == 3, let size = Int(header[2]), end + 1 + size <= output.count else {
        throw InputError(file: display, reason: "git cat-file gave '\(header.joined(separator: " "))'")
      }
      contents[String(header[0])] = Array(output[(end + 1)..<(end + 1 + size)])
      offset = end + 1 + size + 1
    }
    return contents
  }
}
