import ContractKitRuntime

/// A contract version's committed `contract.json`: read once, parsed only when asked.
///
/// A check compares the committed bytes with the metadata the types give now; only a
/// difference (or a payload that differs from its baseline) needs the parsed document.
final class CommittedMetadata {
  let path: String
  /// The committed bytes; `nil` when there is no `contract.json`.
  let bytes: [UInt8]?
  private let files: BaselineFiles
  private var parsed: ContractMetadata??

  /// Reads the `contract.json` of `folder`.
  /// - Throws: ``InputError`` when it exists but cannot be read.
  init(_ folder: ContractVersion, in files: BaselineFiles) throws(InputError) {
    path = folder.metadataPath
    self.files = files
    bytes = try files.read(path)
  }

  /// The stale translations' sources the committed document keeps (``TranslationSource``);
  /// the document is parsed only when its bytes name some.
  func translationSources() throws -> [TranslationSource] {
    guard let bytes, bytes.contains(subsequence: Self.sourcesMarker) else { return [] }
    return try metadata()?.translationSources ?? []
  }

  private static let sourcesMarker = Array("\"\(TranslationSource.key)\"".utf8)

  /// The parsed document, or `nil` when there is none.
  /// - Throws: ``InputError`` when it is not valid metadata, naming the file and position.
  func metadata() throws -> ContractMetadata? {
    if let parsed { return parsed }
    var result: ContractMetadata?
    if let bytes {
      let display = files.displayPath(path)
      result = try ContractMetadata(bytes: bytes, file: display)
    }
    parsed = .some(result)
    return result
  }
}

extension Array where Element == UInt8 {
  /// Whether `subsequence` occurs in these bytes.
  fileprivate func contains(subsequence: [UInt8]) -> Bool {
    guard !subsequence.isEmpty, subsequence.count <= count else { return subsequence.isEmpty }
    let first = subsequence[0]
    var index = 0
    while index <= count - subsequence.count {
      if self[index] == first, self[index..<(index + subsequence.count)].elementsEqual(subsequence) {
        return true
      }
      index += 1
    }
    return false
  }
}
