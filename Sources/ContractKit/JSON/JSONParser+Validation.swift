extension JSONParser {
  /// Checks that `bytes` are one JSON document the parser accepts, keeping nothing of it.
  ///
  /// For files whose bytes two trees share: nothing compares them, but a file corrupt in
  /// both is still unusable input, with the same error and position ``parse(_:file:)``
  /// gives.
  /// - Throws: ``InputError`` as ``parse(_:file:)`` does.
  static func validate(_ bytes: [UInt8], file: String) throws(InputError) {
    let value = try parse(bytes, file: file)
    releaseIteratively([consume value])
  }
}
