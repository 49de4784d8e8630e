enum YAMLUnsupported {
  static func isRefusal(_ error: InputError) -> Bool {
    ["anchors", "aliases", "tags", "directives", "second document", "complex keys"]
      .contains { error.reason.hasPrefix($0) || error.reason.contains("\($0) (") }
  }
}
