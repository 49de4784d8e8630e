import Foundation

/// Makes the "1% changed" trees: a copy of a recorded tree in which every hundredth payload
/// file has one value changed (a row's `rank`), the same files in both engines' trees.
enum TreeMutation {
  /// The payload files to change: every hundredth one in sorted path order.
  static func pick(from snapshot: TreeSnapshot, in prefix: String) -> [String] {
    let payloads = snapshot.stamps.keys
      .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") && !$0.hasSuffix("/contract.json") }
      .sorted()
    return payloads.enumerated().filter { $0.offset % 100 == 50 }
      .map { String($0.element.dropFirst(prefix.count)) }
  }

  /// Copies `source` to `target`, then changes one value in each of `paths` (relative to
  /// `payloadRoot`, a folder inside `target`).
  static func copy(_ source: URL, to target: URL, payloadRoot: URL, changing paths: [String])
    throws
  {
    try? FileManager.default.removeItem(at: target)
    try FileManager.default.copyItem(at: source, to: target)
    for path in paths {
      let url = payloadRoot.appendingPathComponent(path)
      var bytes = [UInt8](try Data(contentsOf: url))
      try changeRank(in: &bytes, file: path)
      try Data(bytes).write(to: url)
    }
  }

  /// Adds 1,000 to the first `"rank" : N` in `bytes`, as a reviewer's edit or a regression
  /// in the server would change a value.
  static func changeRank(in bytes: inout [UInt8], file: String) throws {
    let needle = Array("\"rank\" : ".utf8)
    guard let start = firstIndex(of: needle, in: bytes) else {
      throw BenchError("\(file) has no \"rank\" to change")
    }
    let digitsStart = start + needle.count
    var digitsEnd = digitsStart
    while digitsEnd < bytes.count, (0x30...0x39).contains(bytes[digitsEnd]) { digitsEnd += 1 }
    let value = Int(String(decoding: bytes[digitsStart..<digitsEnd], as: UTF8.self)) ?? 0
    bytes.replaceSubrange(digitsStart..<digitsEnd, with: Array(String(value + 1_000).utf8))
  }

  private static func firstIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= needle.count else { return nil }
    for index in 0...(bytes.count - needle.count)
    where bytes[index] == needle[0] && bytes[index..<(index + needle.count)].elementsEqual(needle) {
      return index
    }
    return nil
  }
}
