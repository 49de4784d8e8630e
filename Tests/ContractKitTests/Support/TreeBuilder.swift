import Foundation
@testable import ContractKit
@testable import ContractKitRuntime

/// What one file of a purpose-made baseline tree holds: a JSON value written canonically, or
/// raw bytes written exactly (for whitespace variants and corrupt files).
enum TreeFile: ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral {
  case json(JSONValue)
  case raw([UInt8])

  /// Raw text, written byte for byte.
  static func text(_ text: String) -> TreeFile { .raw(Array(text.utf8)) }

  init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .json(.object(Dictionary(elements, uniquingKeysWith: { _, last in last })))
  }

  init(arrayLiteral elements: JSONValue...) { self = .json(.array(elements)) }

  var bytes: [UInt8] {
    switch self {
    case .json(let value): CanonicalJSON.encode(value)
    case .raw(let bytes): bytes
    }
  }
}

/// Writes baseline trees from `[relativePath: content]` dictionaries into a temporary
/// directory: `Contract/1.0.0/en.json`, `Contract/1.0.0/contract.json`, anything else.
struct TreeBuilder {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// Writes `files` under `name` (created even when `files` is empty) and returns its URL.
  @discardableResult
  func write(_ files: [String: TreeFile], as name: String) throws -> URL {
    let root = directory.path(name)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    for (relativePath, content) in files {
      let target = root.appendingPathComponent(relativePath)
      try FileManager.default.createDirectory(
        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(content.bytes).write(to: target)
    }
    return root
  }

  /// Writes `old` and `new` side by side and returns their directories.
  func pair(old: [String: TreeFile], new: [String: TreeFile]) throws -> (old: URL, new: URL) {
    (try write(old, as: "old"), try write(new, as: "new"))
  }

  /// The files of one contract and version: `payloads[locale]` for each locale, as the
  /// default stub or as `variant`.
  static func contract(_ name: String, version: String = "1.0.0", variant: String? = nil,
                       _ payloads: [String: JSONValue]) -> [String: TreeFile]
  {
    var files: [String: TreeFile] = [:]
    for (locale, payload) in payloads {
      let file = ContractCase(name, version, locale, variant ?? BaselineLayout.defaultVariant)
      files[file.relativePath] = .json(payload)
    }
    return files
  }
}

extension Dictionary where Key == String, Value == TreeFile {
  /// Both trees' files together (later entries win).
  static func + (lhs: Self, rhs: Self) -> Self { lhs.merging(rhs) { _, new in new } }
}
