import ContractKitRuntime
import Foundation

/// Reading git's plumbing output: `ls-tree -l -z` records (with each blob's size, so that a
/// blob too large to read is refused before a byte of it is read), the folders they imply,
/// and `cat-file --batch` output, read piece by piece from a file.
extension GitTree {
  /// One record of `git ls-tree -l -z`.
  struct Listed {
    var pathBytes: [UInt8]
    var kind: BaselineLayout.EntryKind
    var object: String
    /// The blob's size in bytes (`0` for what is not a blob).
    var size: Int
    var bytes: [UInt8]?
    var path: String { String(decoding: pathBytes, as: UTF8.self) }
    /// Whether a component of the path starts with `.`: no part of the layout, never read.
    var isHidden: Bool {
      pathBytes.split(separator: UInt8(ascii: "/")).contains { $0.first == UInt8(ascii: ".") }
    }
    /// The git mode: 644 or 755 for a file.
    var isExecutable = false
  }

  /// `<mode> <type> <object> <size>\t<path>\0` records (the size is `-` for a tree or a
  /// submodule, and padded with spaces).
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
      guard fields.count == 4 else {
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
                           object: fields[2], size: Int(fields[3]) ?? 0,
                           isExecutable: fields[0] == "100755"))
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

  /// The contents of `objects` (blob ids), read with one `git cat-file --batch`. The
  /// caller asks only for blobs whose listed size it accepts.
  static func readBlobs(_ objects: [String], git: GitCommand, display: String)
    throws(InputError) -> [String: [UInt8]]
  {
    var contents: [String: [UInt8]] = [:]
    try readBlobs(objects, git: git, display: display) { object, size, batch throws(InputError) in
      contents[object] = try batch.bytes(size)
    }
    return contents
  }

  /// Runs one `git cat-file --batch` for `objects` with its output in a temporary file, and
  /// hands each object's header to `body`, which reads (or copies) exactly its `size` bytes
  /// from the batch: nothing is held in memory that `body` does not keep.
  static func readBlobs(
    _ objects: [String], git: GitCommand, display: String,
    into body: (_ object: String, _ size: Int, _ batch: inout BatchOutput) throws(InputError)
      -> Void
  ) throws(InputError) {
    guard !objects.isEmpty else { return }
    let path = ChildProcess.scratchPath("batch")
    defer { unlink(path) }
    let result = try git.run(["cat-file", "--batch"],
                             input: Array(objects.joined(separator: "\n").utf8) + [10],
                             outputTo: path)
    guard result.status == 0 else {
      throw InputError(file: display, reason: "cannot be read: \(result.error)")
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw InputError(file: path, reason: "cannot be read back from git cat-file")
    }
    defer { try? handle.close() }
    // `<object> blob <size>\n<bytes>\n` per object, in input order.
    var batch = BatchOutput(handle: handle)
    for _ in objects {
      let header = try batch.line()
      let fields = header.split(separator: " ")
      guard fields.count == 3, fields[1] == "blob", let size = Int(fields[2]) else {
        throw InputError(file: display, reason: "git cat-file gave '\(header)'")
      }
      try body(String(fields[0]), size, &batch)
      guard try batch.bytes(1) == [10] else {
        throw InputError(file: display, reason: "git cat-file's output ended early")
      }
    }
  }

  /// `git cat-file --batch` output, read from its file in pieces of at most 1 MiB.
  struct BatchOutput {
    let handle: FileHandle
    private var buffer: [UInt8] = []
    private var position = 0

    init(handle: FileHandle) { self.handle = handle }

    /// The text up to the next line break, which it consumes.
    mutating func line() throws(InputError) -> String {
      var text: [UInt8] = []
      while true {
        if position == buffer.count, try !refill() { break }
        let byte = buffer[position]
        position += 1
        if byte == 10 { break }
        text.append(byte)
      }
      return String(decoding: text, as: UTF8.self)
    }

    /// The next `count` bytes.
    mutating func bytes(_ count: Int) throws(InputError) -> [UInt8] {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(count)
      try copy(count) { bytes += $0 }
      return bytes
    }

    /// Hands the next `count` bytes to `sink`, a piece at a time.
    mutating func copy(_ count: Int, to sink: (ArraySlice<UInt8>) throws(InputError) -> Void)
      throws(InputError)
    {
      var left = count
      while left > 0 {
        if position == buffer.count, try !refill() {
          throw InputError(file: "git cat-file", reason: "output ended \(left) bytes early")
        }
        let take = min(left, buffer.count - position)
        try sink(buffer[position..<(position + take)])
        position += take
        left -= take
      }
    }

    private mutating func refill() throws(InputError) -> Bool {
      let data: Data?
      do {
        data = try handle.read(upToCount: 1 << 20)
      } catch {
        throw InputError(file: "git cat-file", reason: "output cannot be read: \(error)")
      }
      guard let data, !data.isEmpty else { return false }
      buffer = [UInt8](data)
      position = 0
      return true
    }
  }
}
