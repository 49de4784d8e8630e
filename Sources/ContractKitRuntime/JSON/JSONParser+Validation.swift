extension JSONParser {
  /// Checks that `bytes` are one JSON document the parser accepts, building none of it.
  ///
  /// For files whose bytes two trees share: nothing compares them, but a file corrupt in
  /// both is still unusable input, with the same error and position ``parse(_:file:)``
  /// gives. The same reader runs, without the containers (its dictionaries and arrays are
  /// most of a parse's cost), so every rule is the parser's own.
  /// - Throws: ``InputError`` as ``parse(_:file:)`` does.
  package static func validate(_ bytes: [UInt8], file: String) throws(InputError) {
    let result = bytes.withUnsafeBufferPointer { buffer -> Result<JSONValue, InputError> in
      var reader = Reader(bytes: buffer, file: file)
      reader.keepsValues = false
      return Result { () throws(InputError) in try reader.parseDocument() }
    }
    _ = try result.get()
  }
}
